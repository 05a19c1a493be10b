import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

/** Starts the production server (built panel + API) on a new embedded database. */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-e2e-"));
  const port = await freePort();
  let output = "";
  // The bundle `npm start` runs (`npm run test:e2e` builds it first).
  const child = spawn(process.execPath, ["build/server/main.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, Date.now() + 60_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${String(error)}\n${output}`);
  }
  return {
    url,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
