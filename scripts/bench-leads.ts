/**
 * `npm run bench:leads`: the leads list at volume alone (scripts/benchLeads.ts says what is
 * measured; `npm run bench` runs it too). PGlite with LEADS_PGLITE leads (100,000); PostgreSQL,
 * when DATABASE_URL names a server, with LEADS_POSTGRES (1,000,000) in a new database and two
 * servers; BENCH_LEADS_URL names an existing database that already holds them instead (kept).
 * BENCH_ONLY=pglite|postgres measures one; SECONDS, WARMUP_SECONDS and CLIENTS change the load. Writes
 * bench/results/leads-<date>.md; fails on an error; the p99s (once ≤ 50 ms) are reported, not failed on (decision 085).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { budgetTable, budgetVerdict, runScript } from "./benchSupport.ts";
import { defaultLeadsLoad, type LeadsLoad, leadsReport, measureLeads } from "./benchLeads.ts";

const load: LeadsLoad = {
  seconds: Number(process.env.SECONDS ?? defaultLeadsLoad.seconds),
  warmupSeconds: Number(process.env.WARMUP_SECONDS ?? defaultLeadsLoad.warmupSeconds),
  clients: Number(process.env.CLIENTS ?? defaultLeadsLoad.clients),
  pgliteLeads: Number(process.env.LEADS_PGLITE ?? defaultLeadsLoad.pgliteLeads),
  postgresLeads: Number(process.env.LEADS_POSTGRES ?? defaultLeadsLoad.postgresLeads),
};

console.log("[bench:leads] building the server if needed");
runScript("scripts/build.ts", ["--if-stale"], {});
const { DATABASE_URL: postgresUrl, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
const only = process.env.BENCH_ONLY === "pglite" || process.env.BENCH_ONLY === "postgres" ? process.env.BENCH_ONLY : undefined;
const results = await measureLeads(load, { serverUrl: postgresUrl, existingUrl: process.env.BENCH_LEADS_URL }, only);

const date = new Date().toISOString();
const { lines, budgets } = leadsReport(results, load);
const report = [`# The leads list at volume (${date})`, "", ...lines, "", ...budgetTable(budgets), ""].join("\n");
console.log(report);
const resultsDir = join(import.meta.dirname, "..", "bench", "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, `leads-${date.slice(0, 16).replace(":", "-")}.md`), report);
console.log(budgetVerdict(budgets));
if (budgets.some((budget) => !budget.pass)) process.exitCode = 1;
