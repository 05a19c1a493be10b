/**
 * `npm run bench:rebuild`: a rebuild of the read tables from 100,000 events (decision 045: at most
 * 20 s), on the embedded database and, when DATABASE_URL names a PostgreSQL server, on a new
 * database there.
 *
 * 1. `npm run seed:leads` loads BENCH_LEADS (default 100000) leads: each a 'lead.create' event
 *    and its row, written with the projection's own functions.
 * 2. The rebuild `npm run rebuild` runs (rebuildProjections) is timed BENCH_RUNS times (default 3)
 *    on that database, with its process's CPU time and the machine's load average, since other
 *    work on the machine slows a run down; the best run is held to the target.
 * 3. The rows of the leads and their totals are compared with those the seed wrote: a faster
 *    rebuild that gives other rows is a failure.
 *
 * Writes bench/results/rebuild-<date>.md; exits 1 when the target is missed or a row differs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import { runScript, withPostgresDatabase } from "./benchSupport.ts";
import type { Database } from "../server/db/database.ts";
import { openDatabase } from "../server/db/open.ts";
import { queryOne } from "../server/db/rows.ts";
import { rebuildProjections } from "../server/rebuild.ts";
import { prepareSchema } from "../server/schema.ts";

const root = join(import.meta.dirname, "..");
const LEADS = Number(process.env.BENCH_LEADS ?? "100000");
const RUNS = Number(process.env.BENCH_RUNS ?? "3");
const TARGET_S = 20;
const log = (line: string) => console.log(`[bench:rebuild] ${line}`);

interface Run {
  readonly seconds: number;
  readonly cpuSeconds: number;
  /** The machine's load average over the minute before the run. */
  readonly load: number;
}

interface Measured {
  readonly database: string;
  readonly events: number;
  readonly runs: ReadonlyArray<Run>;
  readonly sameRows: boolean;
}

const Fingerprint = Schema.Struct({ leads: Schema.String, totals: Schema.String });

/** A digest of every lead row and every total, in id order. */
const fingerprint = async (db: Database) =>
  queryOne(
    db,
    Fingerprint,
    `select (select md5(string_agg(l::text, ',' order by l.id)) from leads l) as leads,
            (select md5(string_agg(t::text, ',' order by t.agent)) from lead_totals t) as totals`,
  );

const round = (value: number) => Math.round(value * 10) / 10;

const measure = async (database: string, env: { readonly DATABASE_URL?: string; readonly DATA_DIR: string }): Promise<Measured> => {
  log(`${database}: seeding ${LEADS} leads`);
  runScript("scripts/seed-leads.ts", [String(LEADS)], env.DATABASE_URL === undefined ? { DATA_DIR: env.DATA_DIR } : { DATABASE_URL: env.DATABASE_URL });
  const db = await openDatabase(env);
  try {
    await prepareSchema(db);
    const seeded = await fingerprint(db);
    const runs: Run[] = [];
    let events = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      const [load = 0] = loadavg();
      const cpu = process.cpuUsage();
      const started = performance.now();
      events = await rebuildProjections(db);
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      runs.push({ seconds: round(seconds), cpuSeconds: round((used.user + used.system) / 1e6), load: round(load) });
      log(`${database}: run ${run}: ${events} events in ${round(seconds)} s (load ${round(load)})`);
    }
    const rebuilt = await fingerprint(db);
    const sameRows = seeded !== null && rebuilt !== null && seeded.leads === rebuilt.leads && seeded.totals === rebuilt.totals;
    return { database, events, runs, sameRows };
  } finally {
    await db.close();
  }
};

const { DATABASE_URL: postgresUrl, ...withoutDatabase } = process.env;
process.env = withoutDatabase;

const results: Measured[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "backoffice-rebuild-"));
try {
  results.push(await measure("PGlite", { DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (postgresUrl) {
  await withPostgresDatabase(postgresUrl, "backoffice_rebuild", async (url) => {
    results.push(await measure("PostgreSQL", { DATABASE_URL: url, DATA_DIR: tmpdir() }));
  });
}

const best = (result: Measured) => Math.min(...result.runs.map((run) => run.seconds));
const report = [
  `# A rebuild of ${LEADS} leads (${new Date().toISOString()})`,
  "",
  `\`npm run seed:leads -- ${LEADS}\`, then the rebuild \`npm run rebuild\` runs, ${RUNS} times on the same database: seconds from the start of its transaction to its commit, the CPU time of the process (PGlite runs inside it), and the machine's load average over the minute before (2 cores: above 2, other work was slowing the run). The best run is held to the target; the rows of the leads and their totals are compared with those the seed wrote.`,
  "",
  `| database | events | runs: s (CPU s, load) | best (≤ ${TARGET_S} s) | same rows as the seed |`,
  "|---|---|---|---|---|",
  ...results.map(
    (result) =>
      `| ${result.database} | ${result.events} | ${result.runs.map((run) => `${run.seconds} (${run.cpuSeconds}, ${run.load})`).join("; ")} | ${best(result)} | ${result.sameRows ? "yes" : "NO"} |`,
  ),
  "",
].join("\n");
console.log(report);
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", `rebuild-${new Date().toISOString().slice(0, 16).replace(":", "-")}.md`), report);
if (results.some((result) => best(result) > TARGET_S || !result.sameRows)) {
  console.error("[bench:rebuild] FAIL: a target above was missed");
  process.exit(1);
}
