/**
 * A rebuild of the read tables from 100,000 events (decision 045: at most 20 s), measured by
 * `npm run bench` and alone by `npm run bench:rebuild`, on the embedded database and on a new
 * PostgreSQL database.
 *
 * 1. `npm run seed:leads` loads the leads: each a 'lead.create' event and its row, written with the
 *    projection's own functions.
 * 2. The rebuild `npm run rebuild` runs (rebuildProjections) is timed `runs` times on that
 *    database, with its process's CPU time and the machine's load average, since other work on
 *    the machine slows a run down; the best run is held to the target.
 * 3. The rows of the leads and their totals are compared with those the seed wrote: a faster
 *    rebuild that gives other rows is a failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import type { Database } from "../server/db/database.ts";
import { openDatabase } from "../server/db/open.ts";
import { queryOne } from "../server/db/rows.ts";
import { rebuildProjections } from "../server/rebuild.ts";
import { prepareSchema } from "../server/schema.ts";
import { type Budget, runScript, withPostgresDatabase } from "./benchSupport.ts";

export interface RebuildLoad {
  readonly leads: number;
  readonly runs: number;
}

export const defaultRebuildLoad: RebuildLoad = { leads: 100_000, runs: 3 };

const TARGET_S = 20;
const log = (line: string) => console.log(`[bench:rebuild] ${line}`);

interface Run {
  readonly seconds: number;
  readonly cpuSeconds: number;
  /** The machine's load average over the minute before the run. */
  readonly load: number;
}

export interface RebuildResult {
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

const measure = async (database: string, env: { readonly DATABASE_URL?: string; readonly DATA_DIR: string }, load: RebuildLoad): Promise<RebuildResult> => {
  log(`${database}: seeding ${load.leads} leads`);
  runScript("scripts/seed-leads.ts", [String(load.leads)], env.DATABASE_URL === undefined ? { DATA_DIR: env.DATA_DIR } : { DATABASE_URL: env.DATABASE_URL });
  const db = await openDatabase(env);
  try {
    await prepareSchema(db);
    const seeded = await fingerprint(db);
    const runs: Run[] = [];
    let events = 0;
    for (let run = 1; run <= load.runs; run += 1) {
      const [average = 0] = loadavg();
      const cpu = process.cpuUsage();
      const started = performance.now();
      events = await rebuildProjections(db);
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      runs.push({ seconds: round(seconds), cpuSeconds: round((used.user + used.system) / 1e6), load: round(average) });
      log(`${database}: run ${run}: ${events} events in ${round(seconds)} s (load ${round(average)})`);
    }
    const rebuilt = await fingerprint(db);
    const sameRows = seeded !== null && rebuilt !== null && seeded.leads === rebuilt.leads && seeded.totals === rebuilt.totals;
    return { database, events, runs, sameRows };
  } finally {
    await db.close();
  }
};

const measurePgliteRebuild = async (load: RebuildLoad): Promise<RebuildResult> => {
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-rebuild-"));
  try {
    return await measure("PGlite", { DATA_DIR: dataDir }, load);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const measurePostgresRebuild = (load: RebuildLoad, serverUrl: string): Promise<RebuildResult> =>
  withPostgresDatabase(serverUrl, "backoffice_rebuild", (url) => measure("PostgreSQL", { DATABASE_URL: url, DATA_DIR: tmpdir() }, load));

/** PGlite, then a new database of the `serverUrl` PostgreSQL server when one is named. */
export const measureRebuilds = async (load: RebuildLoad, serverUrl: string | undefined): Promise<RebuildResult[]> => [
  await measurePgliteRebuild(load),
  ...(serverUrl ? [await measurePostgresRebuild(load, serverUrl)] : []),
];

const best = (result: RebuildResult) => Math.min(...result.runs.map((run) => run.seconds));

/** The results as a Markdown section, and their budgets (the best run's time, the same rows). */
export const rebuildReport = (results: ReadonlyArray<RebuildResult>, load: RebuildLoad): { readonly lines: string[]; readonly budgets: Budget[] } => ({
  lines: [
    `\`npm run seed:leads -- ${load.leads}\`, then the rebuild \`npm run rebuild\` runs, ${load.runs} times on the same database: seconds from the start of its transaction to its commit, the CPU time of the process (PGlite runs inside it), and the machine's load average over the minute before (2 cores: above 2, other work was slowing the run). The best run is held to the target; the rows of the leads and their totals are compared with those the seed wrote.`,
    "",
    `| database | events | runs: s (CPU s, load) | best (≤ ${TARGET_S} s) | same rows as the seed |`,
    "|---|---|---|---|---|",
    ...results.map(
      (result) =>
        `| ${result.database} | ${result.events} | ${result.runs.map((run) => `${run.seconds} (${run.cpuSeconds}, ${run.load})`).join("; ")} | ${best(result)} | ${result.sameRows ? "yes" : "NO"} |`,
    ),
  ],
  budgets: results.flatMap((result) => [
    { name: `rebuild of ${result.events} events, best of ${result.runs.length} (${result.database})`, limit: `≤ ${TARGET_S} s`, value: `${best(result)} s`, pass: best(result) <= TARGET_S },
    { name: `rebuilt rows equal the seed's (${result.database})`, limit: "equal", value: result.sameRows ? "equal" : "different", pass: result.sameRows },
  ]),
});
