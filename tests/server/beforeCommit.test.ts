import { describe, expect, it } from "vitest";
import { testDatabase } from "../setup/database.ts";
import { outboxSizeOf } from "./rememberedReads.ts";

const MAIL = "insert into outbox (\"to\", subject, text) values ('last', 'b', 'c')";

/** Statements run just before a transaction commits (Queryable.beforeCommit, decision 128), on either database. */
describe("statements before the commit", () => {
  const db = testDatabase();
  const outboxSize = () => outboxSizeOf(db);
  const subjects = async () => (await db.query<{ to: string }>('select "to" from outbox order by id')).map((row) => row.to);

  it("run after every other statement of the transaction, in the order given, and commit with it", async () => {
    await db.transaction(async (tx) => {
      await tx.beforeCommit(MAIL, ["outbox"]);
      await tx.beforeCommit("update outbox set subject = 'second' where \"to\" = 'last'", ["outbox"]);
      await tx.query("insert into outbox (\"to\", subject, text) values ('first', 'b', 'c')");
      // not yet run: the transaction's own reads do not see them
      const [row] = await tx.query<{ mails: number }>("select count(*)::int as mails from outbox");
      expect(row?.mails).toBe(1);
    });
    expect(await subjects()).toEqual(["first", "last"]);
    expect(await db.query("select subject from outbox where \"to\" = 'last'")).toEqual([{ subject: "second" }]);
  });

  it("never run when the transaction rolls back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.beforeCommit(MAIL, ["outbox"]);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await subjects()).toEqual([]);
  });

  it("roll the whole transaction back when one fails, and the error reaches the caller", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into outbox (\"to\", subject, text) values ('first', 'b', 'c')");
        await tx.beforeCommit("insert into outbox (\"to\") values (null)", ["outbox"]);
      }),
    ).rejects.toThrow();
    expect(await subjects()).toEqual([]);
  });

  it("count as writes of the tables named: a remembered read of them is read again, also for a transaction that ran nothing else", async () => {
    expect(await outboxSize()).toBe(0);
    await db.transaction((tx) => tx.beforeCommit(MAIL, ["outbox"]));
    expect(await outboxSize()).toBe(1);
    await db.beforeCommit(MAIL, ["outbox"]);
    expect(await outboxSize()).toBe(2);
  });
});
