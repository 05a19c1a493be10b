import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapPglite } from "../../server/db/pglite.ts";
import { preparedStatements } from "../../server/db/pgliteStatements.ts";
import type { Database } from "../../server/db/database.ts";

/**
 * The embedded database's statements run as named prepared statements (decision 052): whatever
 * they read or write, the answer must be the one PGlite's own `query` gives, and no kept statement
 * may outlive a change of the schema it was parsed against.
 */
let pglite: PGlite;
let db: Database;

beforeAll(async () => {
  pglite = await PGlite.create();
  db = wrapPglite(pglite);
  await db.exec(`create table trips (id serial primary key, name text not null, starts date, price numeric(10, 2),
    details jsonb not null default '{}', tags text[] not null default '{}', created_at timestamptz not null default now())`);
});

afterAll(async () => {
  await db.close();
});

const statements: ReadonlyArray<readonly [string, ReadonlyArray<unknown>]> = [
  ["insert into trips (name, starts, price, details, tags) values ($1, $2, $3, $4, $5) returning id", ["Bartolomé", "2027-01-04", "1234.50", { days: 8 }, ["norte", "sur"]]],
  ["insert into trips (name, details) values ($1, $2) returning id, starts, price", ["Ñuñoa", { days: null }]],
  ["select id, name, starts, price, details, tags, created_at from trips where name = any($1::text[]) order by id", [["Bartolomé", "Ñuñoa"]]],
  ["select count(*)::int as trips, sum(price)::float8 as total from trips where ($1::text is null or details->>'days' = $1)", [null]],
  ["with changed as (update trips set price = price + $1 where starts is not null returning id) select count(*)::int as changed from changed", [10]],
  ["select id, (details->>'days')::int as days, 'literal' as word, $1::int + 1 as next from trips order by id", [41]],
];

describe("prepared statements on PGlite", () => {
  it("answer every statement as PGlite's own query does, the first time and every time after", async () => {
    for (const [sql, params] of statements) {
      const direct = (await pglite.query(sql, [...params])).rows;
      // the same statement run again, prepared and then with its plan reused, answers alike
      for (let run = 0; run < 7; run += 1) {
        const prepared = await db.query(sql, params);
        if (sql.startsWith("insert") || sql.startsWith("with")) break;
        expect(prepared, sql).toEqual(direct);
      }
    }
    const [both] = await db.query<{ trips: number }>("select count(*)::int as trips from trips");
    expect(both?.trips).toBe(4);
  });

  it("answer a table changed by DDL with its new columns, not the shape the statement was parsed with", async () => {
    const read = "select * from trips where id = $1";
    expect(Object.keys((await db.query<Record<string, unknown>>(read, [1]))[0] ?? {})).not.toContain("guide");
    await db.exec("alter table trips add column guide text default 'Ana'");
    expect((await db.query<Record<string, unknown>>(read, [1]))[0]).toMatchObject({ id: 1, guide: "Ana" });
    await db.transaction(async (tx) => {
      await tx.exec("alter table trips drop column guide");
      expect(Object.keys((await tx.query<Record<string, unknown>>(read, [1]))[0] ?? {})).not.toContain("guide");
    });
  });

  it("refuse a broken statement and a violated constraint with PostgreSQL's error, and go on answering", async () => {
    await expect(db.query("select nonsense from trips where")).rejects.toThrow(/syntax error/);
    await expect(db.query("insert into trips (id, name) values ($1, $2)", [1, "again"])).rejects.toMatchObject({ code: "23505" });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into trips (name) values ($1)", ["kept only if the transaction commits"]);
        await tx.query("insert into trips (id, name) values ($1, $2)", [1, "again"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const names = await db.query<{ name: string }>("select name from trips where name like $1", ["kept%"]);
    expect(names).toEqual([]);
    expect(await db.query("select 1 as one where $1::int = 1", [1])).toEqual([{ one: 1 }]);
  });

  it("keep no more statements than asked, closing the least recently used, and still answer each", async () => {
    const two = preparedStatements(pglite, 2);
    for (let round = 0; round < 3; round += 1) {
      for (const n of [1, 2, 3, 4]) {
        expect(await two.run<{ n: number }>(`select $1::int * ${n} as n`, [round], false)).toEqual([{ n: round * n }]);
      }
    }
    const kept = await pglite.query<{ statements: number }>("select count(*)::int as statements from pg_prepared_statements where statement like 'select $1::int * %'");
    expect(kept.rows[0]?.statements).toBe(2);
  });
});
