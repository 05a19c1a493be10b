/**
 * `npm run bench:start`: builds the panel and the server, then times BENCH_RUNS (3) first starts
 * on new data with the demo and a restart after each (scripts/benchStart.ts says what is measured;
 * `npm run bench` runs it too). Writes bench/results/start-<date>.md; exits 1 when a median is over
 * its budget.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildAll } from "./build.ts";
import { budgetTable, budgetVerdict } from "./benchSupport.ts";
import { defaultStartLoad, measureStarts, type StartLoad, startReport } from "./benchStart.ts";

const load: StartLoad = { runs: Number(process.env.BENCH_RUNS ?? defaultStartLoad.runs) };
const { DATABASE_URL: _postgres, ...withoutDatabase } = process.env;
// the first start measured is the embedded database's
process.env = withoutDatabase;

await buildAll();
const result = await measureStarts(load, { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Demo1234" });
const date = new Date().toISOString();
const { lines, budgets } = startReport(result);
const report = [`# First start and restart with the demo (${date})`, "", ...lines, "", ...budgetTable(budgets), ""].join("\n");
console.log(report);
mkdirSync(join(import.meta.dirname, "..", "bench", "results"), { recursive: true });
writeFileSync(join(import.meta.dirname, "..", "bench", "results", `start-${date.slice(0, 16).replace(":", "-")}.md`), report);
console.log(budgetVerdict(budgets));
if (budgets.some((budget) => !budget.pass)) process.exitCode = 1;
