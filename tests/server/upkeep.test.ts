/**
 * The embedded database's statistics (decision 049): a table that grew since it was last analyzed
 * is found and analyzed, and then its plan counts what it holds.
 */
import { describe, expect, it } from "vitest";
import { seedGeneratedLeads } from "../../server/demo/generatedLeads.ts";
import { analyzeGrownTables, tablesToAnalyze } from "../../server/db/upkeep.ts";
import { testDatabase } from "../setup/database.ts";

const db = testDatabase();

const estimatedLeads = async (): Promise<number> => {
  const [plan] = await db.query<{ "QUERY PLAN": string }>("explain select * from leads where created_at > '2000-01-01'");
  return Number(/rows=(\d+)/.exec(plan?.["QUERY PLAN"] ?? "")?.[1] ?? "0");
};

describe("statistics upkeep", () => {
  it("analyzes the tables that outgrew their statistics, and then none", async () => {
    await analyzeGrownTables(db);
    expect(await tablesToAnalyze(db)).toEqual([]);
    await seedGeneratedLeads(db, 2000, 3, Date.now());
    expect(await tablesToAnalyze(db)).toEqual(expect.arrayContaining(["events", "leads"]));
    expect(await analyzeGrownTables(db)).toEqual(expect.arrayContaining(["events", "leads"]));
    expect(await tablesToAnalyze(db)).toEqual([]);
    const estimate = await estimatedLeads();
    expect(estimate).toBeGreaterThan(1500);
    expect(estimate).toBeLessThan(2500);
  });
});
