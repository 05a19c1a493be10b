import { describe, expect, it } from "vitest";
import { migrate } from "../../server/db/migrate.ts";
import { testDatabase } from "../setup/database.ts";

const db = testDatabase();

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("database", () => {
  it("never lets a concurrent query see inside another request's open transaction", async () => {
    const failing = db.transaction(async (tx) => {
      await tx.query("insert into outbox (\"to\", subject, text) values ('a', 'b', 'c')");
      await pause(30);
      throw new Error("abandoned");
    });
    // the rejection is awaited from the start: on a loaded machine the count below may answer after it
    const abandoned = expect(failing).rejects.toThrow("abandoned");
    await pause(5);
    const [seen] = await db.query<{ mails: number }>("select count(*)::int as mails from outbox");
    await abandoned;
    expect(seen?.mails).toBe(0);
  });

  it("commits a transaction's statements together", async () => {
    await Promise.all(
      [1, 2, 3].map((n) =>
        db.transaction(async (tx) => {
          await tx.query("insert into outbox (\"to\", subject, text) values ($1, 's', 't')", [`to${n}`]);
          await pause(5);
          await tx.query("insert into outbox (\"to\", subject, text) values ($1, 's', 't')", [`to${n}`]);
        }),
      ),
    );
    const rows = await db.query<{ to: string; mails: number }>(
      'select "to", count(*)::int as mails from outbox group by "to" order by "to"',
    );
    expect(rows).toEqual([
      { to: "to1", mails: 2 },
      { to: "to2", mails: 2 },
      { to: "to3", mails: 2 },
    ]);
  });

  it("answers int8, timestamptz and jsonb the same on both engines", async () => {
    const [row] = await db.query<unknown>(
      "select 9007199254740991::int8 as big, '2030-01-02T03:04:05Z'::timestamptz as at, '{\"a\": [1, \"b\"]}'::jsonb as doc",
    );
    expect(row).toEqual({ big: 9007199254740991, at: new Date("2030-01-02T03:04:05Z"), doc: { a: [1, "b"] } });
  });

  it("runs the declared tables' statements again only when they change", async () => {
    const declared = ["create table if not exists declared_once (id int)"];
    const exists = async () => (await db.query<{ found: boolean }>("select to_regclass('declared_once') is not null as found"))[0]?.found;
    await migrate(db, declared);
    expect(await exists()).toBe(true);
    await db.exec("drop table declared_once");
    await migrate(db, declared);
    expect(await exists()).toBe(false);
    await migrate(db, [...declared, "create table if not exists declared_twice (id int)"]);
    expect(await exists()).toBe(true);
    await db.exec("drop table declared_once; drop table declared_twice");
  });

  it("applies no migration twice", async () => {
    expect(await migrate(db)).toEqual([]);
    const applied = await db.query<{ name: string }>("select name from schema_migrations order by name");
    expect(applied.map((row) => row.name)).toContain("001_foundation.sql");
    const roles = await db.query("select id, name, label from roles order by id");
    expect(roles).toEqual([
      { id: 1, name: "admin", label: "Administrador" },
      { id: 2, name: "marketing", label: "Marketing" },
      { id: 3, name: "sales", label: "Ventas" },
      { id: 4, name: "agency", label: "Agencia" },
    ]);
  });
});
