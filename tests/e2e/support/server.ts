import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");

export interface RunningServer {
  readonly url: string;
  /** Everything the server printed so far (the outbox mails are there when no SMTP is set). */
  readonly log: () => string;
  readonly stop: () => Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const waitForHealth = async (url: string, child: ChildProcess, deadline: number): Promise<void> => {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not answer /api/health in time");
};

/**
 * Runs the built server (the bundle `npm start` runs; `npm run test:e2e` builds it) on `dataDir`;
 * `stop` keeps the data. Its output is kept in memory, or written to `logFile` for a server that
 * outlives the worker that started it (`sharedDemoServer`): that one runs in its own process group,
 * as the worker's exit would otherwise end it or close the pipes it writes to.
 */
const spawnServer = async (dataDir: string, env: Record<string, string>, logFile?: string): Promise<RunningServer & { readonly pid: number }> => {
  const { child, url, log } = await launchServer(dataDir, env, logFile);
  try {
    // the first start seeds the whole demo (six hundred reservations with their passengers), while
    // another file's browser test runs beside it on two cores: it is given three minutes
    await waitForHealth(url, child, Date.now() + 180_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${String(error)}\n${log()}`);
  }
  return {
    url,
    log,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
};

/** Spawns the built server on `dataDir` without waiting for it to answer. */
const launchServer = async (
  dataDir: string,
  env: Record<string, string>,
  logFile?: string,
): Promise<{ readonly child: ChildProcess; readonly url: string; readonly pid: number; readonly log: () => string }> => {
  const port = await freePort();
  let output = "";
  const logged = logFile === undefined ? undefined : openSync(logFile, "a");
  const child = spawn(process.execPath, ["build/server/main.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    detached: logged !== undefined,
    stdio: logged === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logged, logged],
  });
  if (logged !== undefined) {
    closeSync(logged);
    child.unref();
  }
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const log = () => (logFile === undefined ? output : readFileSync(logFile, "utf8"));
  return { child, url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, log };
};

const templatePrefix = "backoffice-e2e-template-";

/**
 * The data a first start with `env` leaves (migrations, demo content), made once per build and
 * settings and copied for each file that starts with the same settings: a start on a copy takes a
 * few seconds, a first start with the demo content about fifteen. Templates of older builds are
 * removed.
 */
const hashOf = (value: unknown): string => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 12);

const templateFor = async (env: Record<string, string>): Promise<string> => {
  const build = `${templatePrefix}${hashOf(statSync(join(root, "build", "server", "main.js")).mtimeMs)}-`;
  const template = join(tmpdir(), `${build}${hashOf(Object.entries(env).sort())}`);
  const data = join(template, "data");
  const ready = join(template, "ready");
  // two files at once may want the same template: the first to make the lock directory makes it
  const lock = `${template}.lock`;
  for (;;) {
    if (existsSync(ready)) return data;
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (existsSync(ready)) return data;
    const stale = readdirSync(tmpdir()).filter((name) => name.startsWith(templatePrefix) && !name.startsWith(build));
    for (const name of stale) rmSync(join(tmpdir(), name), { recursive: true, force: true });
    mkdirSync(template, { recursive: true });
    // copied only once the server that made it has closed its database
    await (await spawnServer(data, env)).stop();
    writeFileSync(ready, "");
    return data;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/**
 * Starts the production server (built panel + API) on a new embedded database. With the demo
 * content and a given ADMIN_PASSWORD the data is a copy of one first start's (`templateFor`);
 * otherwise (a test that reads the first admin's temporary password from the log) it is a first
 * start of its own.
 */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-e2e-"));
  if (env.SEED_DEMO === "true" && env.ADMIN_PASSWORD !== undefined) {
    cpSync(await templateFor(env), dataDir, { recursive: true });
  }
  const server = await spawnServer(dataDir, env);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The demo's first admin, given the demo staff's password so every screen can be visited. */
export const demoAdmin = { email: "admin@example.com", password: "Demo1234" } as const;

/**
 * The server most files need: the demo content with `demoAdmin`. Every such file starts from one
 * template (`templateFor` makes one per set of settings, and each takes a minute or two of both
 * cores to seed), so files differ in what they do, not in how their server was first started.
 */
const demoSettings = { SEED_DEMO: "true", ADMIN_EMAIL: demoAdmin.email, ADMIN_PASSWORD: demoAdmin.password };

/** A server started ahead for the worker's next file of its own, and the data it runs on. */
interface SpareServerNote extends SharedServerNote {
  readonly dataDir: string;
}

/** Whether the process lives (a zombie, ended but not yet reaped by the worker that spawned it, does not). */
const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
};

/** Ends a server this worker did not spawn, as `stop` ends its own: SIGTERM, and SIGKILL if it has not closed in ten seconds. */
export const endServer = async (pid: number): Promise<void> => {
  if (!isRunning(pid)) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 10_000;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isRunning(pid)) process.kill(pid, "SIGKILL");
};

/** The note of the spare server a worker keeps for its next file (`startDemoServer`). */
const spareNoteOf = (run: string, worker: string): string => join(run, `spare-${worker}.json`);

/**
 * Starts the worker's next file's server now, on its own copy of the template, while this file's
 * tests run: a start takes seconds of waiting that the next file would otherwise spend before its
 * first test. Not waited for: the next file waits for its health (`takeSpare`); the run's global
 * teardown ends one left unused.
 */
const startSpare = async (run: string, worker: string): Promise<void> => {
  const dataDir = mkdtempSync(join(run, `spare-data-${worker}-`));
  cpSync(await templateFor(demoSettings), dataDir, { recursive: true });
  const logFile = join(run, `spare-${worker}-${Date.now()}.log`);
  const { url, pid } = await launchServer(dataDir, demoSettings, logFile);
  const note: SpareServerNote = { url, pid, logFile, dataDir };
  writeFileSync(spareNoteOf(run, worker), JSON.stringify(note));
};

/** The spare server the worker's previous file started, once it answers; ended on `stop` with its data, as a file's own server. */
const takeSpare = async (run: string, worker: string): Promise<RunningServer | null> => {
  const noteFile = spareNoteOf(run, worker);
  if (!existsSync(noteFile)) return null;
  const note: SpareServerNote = JSON.parse(readFileSync(noteFile, "utf8"));
  rmSync(noteFile);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && isRunning(note.pid) && !(await answers(note.url))) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!(await answers(note.url))) {
    // a spare that never answered is ended: the file starts a server of its own as before
    await endServer(note.pid);
    rmSync(note.dataDir, { recursive: true, force: true });
    return null;
  }
  return {
    url: note.url,
    log: () => readFileSync(note.logFile, "utf8"),
    stop: async () => {
      await endServer(note.pid);
      rmSync(note.dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * A file's own demo server: the spare its worker's previous such file started, or one started now;
 * either way a fresh copy of the template that no other file has touched. Then the spare for the
 * worker's next such file is started.
 */
export const startDemoServer = async (): Promise<RunningServer> => {
  const run = inject("e2eRun");
  const worker = process.env.VITEST_POOL_ID ?? "1";
  const server = (await takeSpare(run, worker)) ?? (await startServer(demoSettings));
  await startSpare(run, worker);
  return server;
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this run's shared servers: their notes, logs and data (support/sharedServers.ts ends them). */
    e2eRun: string;
  }
}

/** What a worker notes of the shared server it started, for its next files and for the run's end. */
export interface SharedServerNote {
  readonly url: string;
  readonly pid: number;
  readonly logFile: string;
}

const answers = (url: string): Promise<boolean> =>
  fetch(`${url}/api/health`).then(
    (response) => response.status === 200,
    () => false,
  );

const sharedServer = (note: SharedServerNote): RunningServer => ({
  url: note.url,
  log: () => readFileSync(note.logFile, "utf8"),
  // it serves the worker's next files; the run's global teardown ends it
  stop: async () => undefined,
});

/**
 * The demo server of this worker, shared by the files that only read the demo, or sell on
 * departures they find free when they run (support/departures.ts), so that no file reads what
 * another one wrote. A worker runs one file at a time: the first of its files that asks starts
 * it (on a copy of the template, as `startDemoServer`), the next ones find it by the note it
 * leaves in the run's folder.
 */
export const sharedDemoServer = async (): Promise<RunningServer> => {
  const run = inject("e2eRun");
  const worker = process.env.VITEST_POOL_ID ?? "1";
  const noteFile = join(run, `worker-${worker}.json`);
  if (existsSync(noteFile)) {
    const note: SharedServerNote = JSON.parse(readFileSync(noteFile, "utf8"));
    if (await answers(note.url)) return sharedServer(note);
    // a shared server that stopped answering is ended, and the worker starts another
    try {
      process.kill(note.pid, "SIGKILL");
    } catch {
      // it had ended already
    }
  }
  const dataDir = mkdtempSync(join(run, `data-${worker}-`));
  cpSync(await templateFor(demoSettings), dataDir, { recursive: true });
  const logFile = join(run, `worker-${worker}-${Date.now()}.log`);
  const { url, pid } = await spawnServer(dataDir, demoSettings, logFile);
  const note: SharedServerNote = { url, pid, logFile };
  writeFileSync(noteFile, JSON.stringify(note));
  return sharedServer(note);
};
