import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { endServer, type SharedServerNote } from "./server.ts";

/**
 * The browser run's global set-up: a folder for the servers its workers share (`sharedDemoServer`
 * in server.ts) and for the spare servers they start ahead for their next files (`startDemoServer`),
 * and at the end of the run each of them ended and the folder, their data included, removed. A run
 * of files that share none starts none.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const run = mkdtempSync(join(tmpdir(), "backoffice-e2e-run-"));
  project.provide("e2eRun", run);
  return async () => {
    const notes = readdirSync(run).filter((name) => /^(worker|spare)-\d+\.json$/.test(name));
    await Promise.all(notes.map((name) => endServer((JSON.parse(readFileSync(join(run, name), "utf8")) as SharedServerNote).pid)));
    rmSync(run, { recursive: true, force: true });
  };
}
