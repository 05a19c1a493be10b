/**
 * The embedded database's dead rows (decision 119): PGlite has no autovacuum, so a table whose rows
 * were updated keeps their old versions until the server's upkeep vacuums it. PostgreSQL's own
 * autovacuum does this there (startUpkeep runs nothing on it).
 */
import { describe, expect, it } from "vitest";
import { seedGeneratedLeads } from "../../server/demo/generatedLeads.ts";
import { tablesToVacuum, vacuumDueTables } from "../../server/db/upkeep.ts";
import { testDatabase } from "../setup/database.ts";

const db = testDatabase();

/** What the newest leads' index-only read fetches from the table itself: rows not yet known visible to all. */
const heapFetches = async (): Promise<number> => {
  const plan = await db.query<{ "QUERY PLAN": string }>(
    "explain (analyze, costs off) select created_at, id from leads order by created_at desc, id desc limit 500",
  );
  const text = plan.map((line) => line["QUERY PLAN"]).join("\n");
  expect(text).toContain("Index Only Scan");
  return Number(/Heap Fetches: (\d+)/.exec(text)?.[1] ?? "-1");
};

describe("dead rows upkeep on PGlite", () => {
  it("vacuums a table whose rows were updated, and then finds none due", async () => {
    await seedGeneratedLeads(db, 2000, 5, Date.now());
    await vacuumDueTables(db);
    expect(await tablesToVacuum(db)).not.toContain("leads");
    await db.query("set enable_seqscan = off");
    expect(await heapFetches()).toBe(0);

    // every lead's row written again, as numbering them again after an earlier load does
    await db.query("update leads set version = version");
    expect(await tablesToVacuum(db)).toContain("leads");
    expect(await heapFetches()).toBeGreaterThan(0);

    expect(await vacuumDueTables(db)).toContain("leads");
    expect(await tablesToVacuum(db)).not.toContain("leads");
    expect(await heapFetches()).toBe(0);
    await db.query("reset enable_seqscan");
  });

  it("leaves a table with a few changed rows to a later round", async () => {
    await vacuumDueTables(db);
    await db.query("update leads set version = version where id in (select id from leads order by id limit 10)");
    expect(await tablesToVacuum(db)).not.toContain("leads");
  });
});
