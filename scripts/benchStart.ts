/**
 * A first start and a restart of the production server on the embedded database with the demo
 * (issue 39 item 3, decision 069: at most 10 s and 3 s), measured by `npm run bench` and alone by
 * `npm run bench:start`, the build apart (the bench builds first).
 *
 * Each run starts `node build/server/main.js` on a new empty DATA_DIR and times it from spawn to
 * the first 200 on /api/health (the first start: the demo is loaded before it listens), stops it,
 * and starts it again on that data (the restart). The CPU time the server (and any child of its)
 * spent until then and the machine's load average are given beside each figure: on two cores that
 * other work shares, a figure moves with the load. The medians are held to the budgets. The demo's
 * rows are counted after the first run, so that a faster start with less content shows.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import { openDatabase } from "../server/db/open.ts";
import { queryRows } from "../server/db/rows.ts";
import { type Budget, type Server, startServer, stopProcess } from "./benchSupport.ts";

export interface StartLoad {
  readonly runs: number;
}

export const defaultStartLoad: StartLoad = { runs: 3 };

const FIRST_START_S = 10;
const RESTART_S = 3;
const log = (line: string) => console.log(`[bench:start] ${line}`);

/** The tables whose rows say how much demo a first start loaded. */
const demoTables = ["events", "cruises", "reservations", "spaces", "payments", "passengers", "passenger_flights", "leads", "uploads"] as const;

interface Start {
  readonly seconds: number;
  /** CPU seconds of the server and its waited-for children until its first 200. */
  readonly cpuSeconds: number;
  /** The machine's load average over the minute before. */
  readonly load: number;
}

interface Run {
  readonly first: Start;
  readonly restart: Start;
}

export interface StartResult {
  readonly runs: ReadonlyArray<Run>;
  readonly rows: Readonly<Record<string, number>>;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** CPU seconds a running process has used, its waited-for children's included (/proc/<pid>/stat; 100 ticks a second). */
const cpuSecondsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime, stime, cutime, cstime are fields 14-17 of stat, 12-15 after the name
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0) / 100;
};

const timed = async (env: Record<string, string>): Promise<Start> => {
  const [load = 0] = loadavg();
  const server: Server = await startServer(env);
  try {
    return { seconds: round(server.startMs / 1000), cpuSeconds: round(cpuSecondsOf(server.child.pid ?? 0)), load: round(load) };
  } finally {
    await stopProcess(server.child);
  }
};

const CountRow = Schema.Struct({ name: Schema.String, rows: Schema.Int });

const countRows = async (dataDir: string): Promise<Record<string, number>> => {
  const db = await openDatabase({ DATA_DIR: dataDir });
  try {
    const counts = await queryRows(db, CountRow, demoTables.map((table) => `select '${table}' as name, count(*)::int as rows from ${table}`).join(" union all "));
    return Object.fromEntries(counts.map(({ name, rows }) => [name, rows]));
  } finally {
    await db.close();
  }
};

/** `load.runs` first starts on new data, each followed by a restart on it; `env` adds to the demo's settings. */
export const measureStarts = async (load: StartLoad, env: Record<string, string>): Promise<StartResult> => {
  const runs: Run[] = [];
  let rows: Record<string, number> = {};
  for (let run = 1; run <= load.runs; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), "backoffice-start-"));
    try {
      const settings = { ...env, SEED_DEMO: "true", DATA_DIR: dataDir };
      const first = await timed(settings);
      const restart = await timed(settings);
      log(`run ${run}: first start ${first.seconds} s (CPU ${first.cpuSeconds} s, load ${first.load}), restart ${restart.seconds} s (CPU ${restart.cpuSeconds} s, load ${restart.load})`);
      runs.push({ first, restart });
      if (run === 1) rows = await countRows(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { runs, rows };
};

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const described = (start: Start) => `${start.seconds} (${start.cpuSeconds}, ${start.load})`;

/** The results as a Markdown section, and their budgets (the medians). */
export const startReport = (result: StartResult): { readonly lines: string[]; readonly budgets: Budget[] } => {
  const first = median(result.runs.map((run) => run.first.seconds));
  const restart = median(result.runs.map((run) => run.restart.seconds));
  return {
    lines: [
      "`node build/server/main.js` on a new empty DATA_DIR with the demo (the first start), then again on its data (the restart): seconds from spawn to the first 200 on /api/health, the CPU seconds the server and its children used until then, and the machine's load average over the minute before (2 cores: above 2, other work was slowing the start).",
      "",
      "| run | first start: s (CPU s, load) | restart: s (CPU s, load) |",
      "|---|---|---|",
      ...result.runs.map((run, index) => `| ${index + 1} | ${described(run.first)} | ${described(run.restart)} |`),
      `| median | ${first} | ${restart} |`,
      "",
      `The demo's rows after a first start: ${Object.entries(result.rows)
        .map(([table, rows]) => `${table} ${rows}`)
        .join(", ")}.`,
    ],
    budgets: [
      { name: `first start on empty data with the demo, median of ${result.runs.length} (PGlite)`, limit: `≤ ${FIRST_START_S} s`, value: `${first} s`, pass: first <= FIRST_START_S },
      { name: `restart on the demo's data, median of ${result.runs.length} (PGlite)`, limit: `≤ ${RESTART_S} s`, value: `${restart} s`, pass: restart <= RESTART_S },
      {
        name: "the first start loaded the demo's sales (reservations, payments, passengers)",
        limit: "rows in each",
        value: `${result.rows.reservations ?? 0}, ${result.rows.payments ?? 0}, ${result.rows.passengers ?? 0}`,
        pass: (result.rows.reservations ?? 0) > 0 && (result.rows.payments ?? 0) > 0 && (result.rows.passengers ?? 0) > 0,
      },
    ],
  };
};
