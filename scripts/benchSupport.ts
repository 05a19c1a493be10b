/** What the benches share: free ports, the production server started and stopped, a throwaway PostgreSQL database. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import pg from "pg";

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

/** Starts the bundle `npm start` runs (not the TypeScript sources through a loader) and waits for its health. */
export const startServer = async (env: Record<string, string>): Promise<Server> => {
  const port = await freePort();
  const started = performance.now();
  // The bundle `npm start` runs, not the TypeScript sources through a loader.
  const child = spawn(process.execPath, ["build/server/main.js"], {
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

