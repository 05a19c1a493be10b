/** The production server (server/main.ts) as a child process, for tests that kill and restart it. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { pgliteExtensions } from "../../server/db/pglite.ts";
import { templateDump } from "../setup/template.ts";

const root = join(import.meta.dirname, "..", "..");

export interface ChildServer {
  readonly url: string;
  readonly process: ChildProcess;
  readonly output: () => string;
}

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

/** Starts server/main.ts with `env` and resolves once /api/health answers 200. */
export const startChild = async (env: Record<string, string>, timeoutMs = 60_000): Promise<ChildServer> => {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return { url, process: child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not answer /api/health in time:\n${output}`);
};

/** Ends the child with `signal` and waits until it has exited. */
export const stopChild = async (child: ChildServer, signal: NodeJS.Signals = "SIGTERM"): Promise<void> => {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.process.kill(signal);
  await exited;
};

/**
 * A new data directory holding the empty database at the code's schema, laid down from the
 * template the global set-up dumped (about 1.2 s of CPU): what a built server's first start copies
 * (decision 069), where a first start from the sources runs initdb and the migrations in a child
 * (about 7 s). For a test whose subject is not the first start itself (decision 086). The
 * PostgreSQL suite has no dump: the directory is left empty, and the server makes it by initdb.
 */
export const emptyDataDir = async (prefix: string): Promise<string> => {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const template = inject("templateDatabase");
  if (template.kind === "pglite") {
    const pglite = await PGlite.create(dataDir, { extensions: pgliteExtensions, loadDataDir: await templateDump(template.dumpPath) });
    await pglite.close();
  }
  return dataDir;
};
