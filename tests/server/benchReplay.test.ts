/** How the bench's limit replays a captured round (decisions 085, 136). */
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import type { LoggedStatement } from "../../server/db/statementLog.ts";
import { replayOn, replayRead, replayWrite, vacuumRolledBack } from "../../scripts/benchReplay.ts";
import { openTestDatabase } from "../setup/database.ts";

const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/** A test database telling every statement it is asked outside a transaction. */
const countingDatabase = async () => {
  const db = await openTestDatabase();
  opened.push(db);
  const asked: string[] = [];
  const query = <Row>(sql: string, params?: ReadonlyArray<unknown>): Promise<Row[]> => {
    asked.push(sql);
    return db.query<Row>(sql, params);
  };
  return { asked, db: { ...db, query } };
};

const statement = (sql: string, extra: Partial<LoggedStatement> = {}): LoggedStatement => ({ sql, params: [], inTransaction: false, request: "GET /api/leads", ms: 0.1, ...extra });
const COUNTS = "select 7 as count";

describe("a replayed round", () => {
  it("reads the change counts once for the rounds that ask while one read is under way, as the server's adapter does", async () => {
    const { asked, db } = await countingDatabase();
    const replay = replayOn(db);
    const round = { write: [], read: [statement(COUNTS, { sharedRead: true }), statement("select 1 as page")] };
    const answers = await Promise.all([replayRead(replay, round), replayRead(replay, round), replayRead(replay, round)]);
    expect(answers).toEqual([[[{ page: 1 }]], [[{ page: 1 }]], [[{ page: 1 }]]]);
    expect(asked.filter((sql) => sql === COUNTS)).toHaveLength(1);
    expect(asked.filter((sql) => sql === "select 1 as page")).toHaveLength(3);
    await replayRead(replay, round);
    expect(asked.filter((sql) => sql === COUNTS)).toHaveLength(2);
  });

  it("reads a write's change counts before its transaction, and leaves the database as it was", async () => {
    const { asked, db } = await countingDatabase();
    await db.exec("create table berths_held (id int)");
    const replay = replayOn(db);
    const write = [statement(COUNTS, { request: "POST /api/holds", sharedRead: true }), statement("insert into berths_held values (1)", { request: "POST /api/holds", inTransaction: true })];
    await replayWrite(replay, { write, read: [] });
    expect(asked).toEqual([COUNTS]);
    expect(await db.query("select * from berths_held")).toEqual([]);
  });

  it("leaves no room taken by the rows of its rolled-back writes once vacuumed (decision 138)", async () => {
    const { db } = await countingDatabase();
    await db.exec("create table berths_held (id int, note text)");
    const replay = replayOn(db);
    const write = [statement("insert into berths_held select n, repeat('x', 200) from generate_series(1, 2000) as n", { request: "POST /api/holds", inTransaction: true })];
    await replayWrite(replay, { write, read: [] });
    const size = async () => (await db.query<{ bytes: number }>("select pg_relation_size('berths_held')::int as bytes"))[0]?.bytes;
    expect(await size()).toBeGreaterThan(0);
    await vacuumRolledBack(replay);
    expect(await size()).toBe(0);
  });
});
