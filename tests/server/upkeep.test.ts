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
    await seedGeneratedLeads(db, 1000, 3, Date.now());
    // the load builds the lists' indexes again, which counts the rows it indexes (decision 118):
    // leads written after it, as a server writes them, are what the upkeep has to notice
    await db.query(
      `insert into leads (first_name, last_name, email, country, phone, message, search, status, version, created_at, updated_at)
       select first_name, last_name, email, country, phone, message, search, status, version, created_at, updated_at from leads`,
    );
    expect(await tablesToAnalyze(db)).toEqual(expect.arrayContaining(["events", "leads"]));
    expect(await analyzeGrownTables(db)).toEqual(expect.arrayContaining(["events", "leads"]));
    expect(await tablesToAnalyze(db)).toEqual([]);
    const estimate = await estimatedLeads();
    expect(estimate).toBeGreaterThan(1500);
    expect(estimate).toBeLessThan(2500);
  });
});
