/**
 * `npm run bench:rebuild`: the rebuild of BENCH_LEADS (100,000) events alone (scripts/benchRebuild.ts
 * says what is measured; `npm run bench` runs it too), BENCH_RUNS (3) times, on the embedded
 * database and, when DATABASE_URL names a PostgreSQL server, on a new database there. Writes
 * bench/results/rebuild-<date>.md; exits 1 when the target is missed or a row differs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { budgetTable, budgetVerdict } from "./benchSupport.ts";
import { defaultRebuildLoad, measureRebuilds, type RebuildLoad, rebuildReport } from "./benchRebuild.ts";

const load: RebuildLoad = {
  leads: Number(process.env.BENCH_LEADS ?? defaultRebuildLoad.leads),
  runs: Number(process.env.BENCH_RUNS ?? defaultRebuildLoad.runs),
};
const { DATABASE_URL: postgresUrl, ...withoutDatabase } = process.env;
process.env = withoutDatabase;

const results = await measureRebuilds(load, postgresUrl);

const date = new Date().toISOString();
const { lines, budgets } = rebuildReport(results, load);
const report = [`# A rebuild of ${load.leads} leads (${date})`, "", ...lines, "", ...budgetTable(budgets), ""].join("\n");
console.log(report);
mkdirSync(join(import.meta.dirname, "..", "bench", "results"), { recursive: true });
writeFileSync(join(import.meta.dirname, "..", "bench", "results", `rebuild-${date.slice(0, 16).replace(":", "-")}.md`), report);
console.log(budgetVerdict(budgets));
if (budgets.some((budget) => !budget.pass)) process.exitCode = 1;
