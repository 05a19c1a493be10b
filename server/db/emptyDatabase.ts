/**
 * An empty embedded database at the schema of the code: initdb's cluster with every migration
 * applied, as a tarball PGlite loads (decision 069). `npm run build` writes one beside the server's
 * bundle; a first start loads it into its new data directory instead of running initdb (a second
 * PostgreSQL in a child process, near 900 MB) and the migrations, three to four seconds of a first
 * start. The tests' template database is the same dump.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { prepareSchema } from "../schema.ts";
import { pgliteExtensions, wrapPglite } from "./pglite.ts";

/** The PGlite this process loads: a cluster is only loaded by the version that made it. */
export const pgliteVersion = (): string => {
  // Not import.meta.resolve: Vitest's module runner does not provide it.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = createRequire(import.meta.url)(join(dirname(entry), "..", "package.json")) as { readonly version: string };
  return manifest.version;
};

/** The file name of the empty database made by this PGlite. */
export const emptyDatabaseName = (): string => `empty-database-pglite-${pgliteVersion()}.tar.gz`;

/** Creates an empty database in memory, migrates it and dumps it ("none": a plain tar, quicker to load from memory). */
export const dumpEmptyDatabase = async (compression: "gzip" | "none"): Promise<Blob> => {
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await prepareSchema(wrapPglite(pglite));
    return await pglite.dumpDataDir(compression);
  } finally {
    await pglite.close();
  }
};

/**
 * The empty database the build left beside this module (build/server/ beside main.js), made by the
 * PGlite loaded here; null when there is none (the sources run through a loader, or another PGlite
 * was installed since the build): then the data directory is made by initdb.
 */
export const builtEmptyDatabase = async (): Promise<Blob | null> => {
  const path = fileURLToPath(new URL(`./${emptyDatabaseName()}`, import.meta.url));
  return existsSync(path) ? new Blob([await readFile(path)]) : null;
};
