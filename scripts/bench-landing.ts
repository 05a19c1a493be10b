/**
 * `npm run bench:landing`: the public landing page alone (scripts/benchLanding.ts says what is
 * measured; `npm run bench` measures it too, in its browser part or with BENCH_ONLY=landing), in
 * Spanish and in English, on a fresh embedded database with the demo content. Writes
 * bench/results/landing-<date>.md; fails when a budget (JS+CSS ≤ 60 KB gzip, Lighthouse
 * performance ≥ 98 and accessibility 100 on a phone, LCP ≤ 1.5 s) is missed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { budgetTable, budgetVerdict, runScript, startServer, stopProcess } from "./benchSupport.ts";
import { landingReport, measureLanding } from "./benchLanding.ts";

const log = (line: string) => console.log(`[bench:landing] ${line}`);

log("building the panel and the server if needed");
runScript("scripts/build.ts", ["--if-stale"], {});
const { DATABASE_URL: _postgres, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
const dataDir = mkdtempSync(join(tmpdir(), "backoffice-bench-landing-"));
try {
  log("first start with the demo content");
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  try {
    const figures = [];
    for (const path of ["/", "/?lang=en"]) figures.push(await measureLanding(server.url, path, log));
    const date = new Date().toISOString();
    const { lines, budgets } = landingReport(figures);
    const report = [`# The public landing page (${date})`, "", ...lines, "", ...budgetTable(budgets), ""].join("\n");
    console.log(report);
    const resultsDir = join(import.meta.dirname, "..", "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, `landing-${date.slice(0, 16).replace(":", "-")}.md`), report);
    console.log(budgetVerdict(budgets));
    if (budgets.some((budget) => !budget.pass)) process.exitCode = 1;
  } finally {
    await stopProcess(server.child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
