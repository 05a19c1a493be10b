/**
 * Global set-up of the `server` project: creating a PGlite database costs seconds and hundreds
 * of MB, so one is created here, migrated, and dumped to a file; each test file loads its own
 * in-memory copy of that dump (tests/setup/database.ts).
 */
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { dumpEmptyDatabase } from "../../server/db/emptyDatabase.ts";
import "./template.ts";

export default async function setup(project: TestProject) {
  const dump = await dumpEmptyDatabase();
  const dumpPath = join(tmpdir(), `backoffice-template-${process.pid}-${Date.now()}.tar`);
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("templateDatabase", { kind: "pglite", dumpPath });
  return async () => {
    await rm(dumpPath, { force: true });
  };
}
