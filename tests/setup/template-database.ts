/**
 * Global set-up of the `server` project: creating a PGlite database costs seconds and hundreds
 * of MB, so one is created here and migrated, in a data directory of the run's folder; each test
 * file opens a copy of that directory made beside it (tests/setup/database.ts), as a built
 * server's first start copies the build's empty database (decision 069). Copying and opening a
 * directory costs about half of loading the same cluster into memory from a dump (decision 086,
 * fourth pass). The folder goes at the end of the run, with any copy a file left.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { makeEmptyDatabase } from "../../server/db/emptyDatabase.ts";
import { databaseFolder } from "./template.ts";

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(databaseFolder(), "backoffice-tests-"));
  const dataDir = join(folder, "template");
  await makeEmptyDatabase(dataDir);
  project.provide("templateDatabase", { kind: "pglite", dataDir });
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
