/** What the benches share: free ports, the production server started and stopped, a throwaway PostgreSQL database. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { hashPassword } from "../server/accounts/passwords.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase } from "../server/db/open.ts";
import { seedDemoCruises } from "../server/demo/cruises.ts";
import { seedDemoPassengers } from "../server/demo/passengers.ts";
import { seedDemoReservations } from "../server/demo/reservations.ts";
import { demoCaller } from "../server/demo/salesDesk.ts";
import { memoryDesk } from "../server/demo/salesInMemory.ts";
import { seedDemoSelling } from "../server/demo/selling.ts";
import { registerProjections } from "../server/events/projection.ts";
import { projections } from "../server/projections.ts";
import { prepareSchema } from "../server/schema.ts";
import { roleIds } from "../src/machines/domain/user.machine.ts";

const root = join(import.meta.dirname, "..");

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawn to the first 200 on /api/health. */
  readonly startMs: number;
}

/**
 * Starts the bundle `npm start` runs (not the TypeScript sources through a loader) and waits for its
 * health. BENCH_NODE_ARGS gives the servers Node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * to see where a request's time goes (Node refuses those in NODE_OPTIONS).
 */
export const startServer = async (env: Record<string, string>): Promise<Server> => {
  const port = await freePort();
  const started = performance.now();
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter((flag) => flag !== "") ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "build/server/main.js"], {
    cwd: root,
    // Request lines at info level would make the bench measure the log pipe; warnings still show.
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  return { url, child, startMs: Math.round(performance.now() - started) };
};

export const stopProcess = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
};

/** The bundle's server started on `env` for the work, stopped when it ends (or throws). */
export const withServer = async <T>(env: Record<string, string>, work: (server: Server) => Promise<T>): Promise<T> => {
  const server = await startServer(env);
  try {
    return await work(server);
  } finally {
    await stopProcess(server.child);
  }
};

/** A new empty directory under the system's temporary one, named after `prefix`, removed when the work ends. */
export const withTemporaryDir = async <T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** A new database on the DATABASE_URL server, named after `prefix`, dropped when the work ends. */
export const withPostgresDatabase = async <T>(serverUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> => {
  const name = `${prefix}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
};


/** Runs one of the project's scripts (through tsx) to its end; a failure stops the bench. */
export const runScript = (script: string, args: ReadonlyArray<string>, env: Record<string, string>): void => {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${script} ${args.join(" ")} failed`);
};

/**
 * The demo's selling part on PostgreSQL, where a first start loads no demo (PRODUCT.md): its
 * reference data, fleet, itineraries, rates and departures, a sales executive, then its
 * reservations and passengers, through the same functions as the embedded demo (its sales decided
 * in memory and written together, as a first start decides them).
 */
const seedOperations = async (url: string, password: string): Promise<void> => {
  const db = await openDatabase({ DATABASE_URL: url, DATA_DIR: tmpdir() });
  registerProjections(projections);
  await prepareSchema(db);
  const now = new Date();
  const options = { actorId: null, occurredAt: now };
  await db.transaction(async (tx) => {
    await seedDemoSelling(tx, options);
    await seedDemoCruises(tx, options);
    const passwordHash = await hashPassword(password);
    await createUser(tx, { firstName: "Diego", lastName: "Cevallos", email: "ventas@example.com", roleId: roleIds.sales, active: true, passwordHash }, options);
    const seller = await demoCaller(tx, now);
    if (seller === null) throw new Error("the demo's sales executive is missing");
    const desk = await memoryDesk(tx, seller);
    await seedDemoReservations(tx, desk);
    await seedDemoPassengers(tx, desk);
    await desk.close();
  });
  await db.close();
};

/**
 * The demo at `times` its volume on the database `env` names (DATA_DIR or DATABASE_URL): a first
 * start loads the demo (on PostgreSQL, the admin only: its demo is seeded here with the admin's
 * `password` for its sales executive), then `npm run seed:operations` multiplies it.
 */
export const prepareOperations = async (env: Record<string, string>, password: string, times: number, log: (line: string) => void): Promise<void> => {
  const first = await startServer({ ...env, SEED_DEMO: "true" });
  await stopProcess(first.child);
  if (env.DATABASE_URL !== undefined) await seedOperations(env.DATABASE_URL, password);
  log(`multiplying the demo by ${times}`);
  runScript("scripts/seed-operations.ts", [String(times)], env);
};

/** The value under which p percent of `values` fall, to a tenth. */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10;
};


/** A signed-in caller of a server's API: its token, and each call's status and `data`. */
export interface BenchApi {
  readonly json: (method: string, path: string, body?: unknown) => Promise<{ readonly status: number; readonly data: unknown }>;
  /**
   * A GET whose answer is read to its last byte but not parsed: on a machine whose cores the
   * load generator shares with the servers, parsing large answers in it measures the generator
   * (decision 050).
   */
  readonly bytes: (path: string) => Promise<{ readonly status: number; readonly length: number }>;
  readonly token: string;
}

export const signIn = async (url: string, account: { readonly email: string; readonly password: string }): Promise<BenchApi> => {
  const call = async (token: string | null, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, data: ((await response.json()) as { data: unknown }).data };
  };
  const login = await call(null, "POST", "/auth/login", account);
  const token = (login.data as { token: string }).token;
  const bytes = async (path: string) => {
    const response = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, length: (await response.arrayBuffer()).byteLength };
  };
  return { token, json: (method, path, body) => call(token, method, path, body), bytes };
};

/** A day in milliseconds. */
const DAY = 86_400_000;

export interface Fleet {
  /** Upcoming departures, each with its yacht's cabins. */
  readonly departures: ReadonlyArray<{ readonly id: number; readonly cabins: ReadonlyArray<number> }>;
  readonly adultTypes: ReadonlyArray<number>;
}

export const fleetOf = async (api: BenchApi): Promise<Fleet> => {
  const cabins = (await api.json("GET", "/cabins")).data as ReadonlyArray<{ id: number; yacht: number; active: boolean }>;
  const types = (await api.json("GET", "/genders")).data as ReadonlyArray<{ id: number; child?: boolean }>;
  const departures: Array<{ id: number; cabins: number[] }> = [];
  const from = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
  for (let page = 1; ; page += 1) {
    const answer = (await api.json("GET", `/cruises?from=${from}&page=${page}&pageSize=200`)).data as ReadonlyArray<{ id: number; yachtId: number; state: string }>;
    for (const cruise of answer) {
      if (cruise.state === "scheduled") departures.push({ id: cruise.id, cabins: cabins.filter((cabin) => cabin.yacht === cruise.yachtId && cabin.active).map(({ id }) => id) });
    }
    if (answer.length < 200) break;
  }
  return { departures, adultTypes: types.filter((type) => type.child !== true).map(({ id }) => id) };
};

/** A hold of one berth of a cabin of a departure, drawn with `random`: the body of POST /reservations/createReservation. */
export const holdDraft = (fleet: Fleet, random: () => number, timeLimit?: string) => {
  const departure = fleet.departures[Math.floor(random() * fleet.departures.length)];
  const cabin = departure?.cabins[Math.floor(random() * departure.cabins.length)] ?? 0;
  const genderId = fleet.adultTypes[Math.floor(random() * fleet.adultTypes.length)] ?? 0;
  return {
    cruiseId: departure?.id ?? 0,
    agencyId: null,
    type: "general",
    cabins: [{ cabinId: cabin, spaces: [{ genderId }] }],
    ...(timeLimit === undefined ? {} : { timeLimit }),
  };
};

/** A hold of one berth of a random cabin of a random departure: its status and, when held, the reservation's id. */
export const holdOne = async (api: BenchApi, fleet: Fleet, random: () => number, timeLimit?: string) => {
  const draft = holdDraft(fleet, random, timeLimit);
  const answer = await api.json("POST", "/reservations/createReservation", draft);
  return { status: answer.status, id: answer.status === 200 ? (answer.data as { id: number }).id : null, cruiseId: draft.cruiseId };
};

/** A target a bench holds a figure to: what it is, its limit, what was measured, and whether it held. */
export interface Budget {
  readonly name: string;
  readonly limit: string;
  readonly value: string;
  readonly pass: boolean;
}

export const budgetTable = (budgets: ReadonlyArray<Budget>): string[] => [
  "| budget | limit | measured | result |",
  "|---|---|---|---|",
  ...budgets.map((budget) => `| ${budget.name} | ${budget.limit} | ${budget.value} | ${budget.pass ? "pass" : "**FAIL**"} |`),
];

/** A part of a bench report: its heading and its lines of Markdown. */
export interface ReportSection {
  readonly title: string;
  readonly lines: ReadonlyArray<string>;
}

/**
 * Runs one part of a bench, whose section and budgets join the report. A part that throws (a
 * server that would not start, a log it could not read) is reported as a failed budget with its
 * error, and the parts after it still run: a whole run (an hour) once ended at its limits part on
 * a statement log read mid-line, with nothing of its first forty minutes written.
 */
export const runPart = async (
  title: string,
  report: { readonly sections: ReportSection[]; readonly budgets: Budget[] },
  measure: () => Promise<{ readonly lines: ReadonlyArray<string>; readonly budgets: ReadonlyArray<Budget> }>,
  log: (line: string) => void,
): Promise<void> => {
  try {
    const { lines, budgets } = await measure();
    report.sections.push({ title, lines });
    report.budgets.push(...budgets);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
    // a table cell: no pipe, no line break
    const cell = message.replaceAll("|", "/").slice(0, 300);
    log(`${title}: the part failed: ${message}`);
    report.sections.push({ title, lines: [`The part failed before its end: ${cell}`] });
    report.budgets.push({ name: `${title}: the part ran to its end`, limit: "no error", value: cell, pass: false });
  }
};

/** The one line a bench ends with: every budget passes, or which fail. */
export const budgetVerdict = (budgets: ReadonlyArray<Budget>): string => {
  const failed = budgets.filter((budget) => !budget.pass);
  return failed.length === 0 ? "Every budget passes." : `${failed.length} budget(s) fail: ${failed.map((budget) => `${budget.name} = ${budget.value}`).join("; ")}`;
};

/**
 * The milliseconds this machine takes for a fixed piece of work (SHA-256 of 256 MB, then 200
 * million steps of integer arithmetic), best of three: figures of runs on machines whose speed
 * differs compare only beside it (the sessions' machines have differed threefold).
 */
export const machineReferenceMs = (): number => {
  const chunk = Buffer.alloc(1 << 20, 7);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    const hash = createHash("sha256");
    for (let index = 0; index < 256; index += 1) hash.update(chunk);
    hash.digest();
    let value = 0;
    for (let step = 0; step < 200_000_000; step += 1) value = (value + step * 7) % 1_000_003;
    if (value < 0) throw new Error("unreachable: keeps the loop from being optimised away");
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
};
