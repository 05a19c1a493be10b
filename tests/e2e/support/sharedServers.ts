import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import type { SharedServerNote } from "./server.ts";

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ends a shared server as `stop` ends a file's own: SIGTERM, and SIGKILL if it has not closed in ten seconds. */
const end = async (pid: number): Promise<void> => {
  if (!isRunning(pid)) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 10_000;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isRunning(pid)) process.kill(pid, "SIGKILL");
};

/**
 * The browser run's global set-up: a folder for the servers its workers share (`sharedDemoServer`
 * in server.ts), and at the end of the run each of them ended and the folder, their data
 * included, removed. A run of files that share none starts none.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const run = mkdtempSync(join(tmpdir(), "backoffice-e2e-run-"));
  project.provide("e2eRun", run);
  return async () => {
    const notes = readdirSync(run).filter((name) => /^worker-\d+\.json$/.test(name));
    await Promise.all(notes.map((name) => end((JSON.parse(readFileSync(join(run, name), "utf8")) as SharedServerNote).pid)));
    rmSync(run, { recursive: true, force: true });
  };
}
