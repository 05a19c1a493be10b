/**
 * An empty embedded database at the schema of the code: initdb's cluster with every migration
 * applied (decision 069). `npm run build` makes one beside the server's bundle; a first start
 * copies it into its new data directory instead of running initdb (a second PostgreSQL in a child
 * process, near 900 MB) and the migrations, three to four seconds of a first start. Copying the
 * directory takes a tenth of loading the same cluster from a tarball. The tests' template
 * database is the same, dumped from memory.
 */
import { existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { prepareSchema } from "../schema.ts";
import { pgliteExtensions, wrapPglite } from "./pglite.ts";

/** The PGlite this process loads: a cluster is only opened by the version that made it. */
export const pgliteVersion = (): string => {
  // Not import.meta.resolve: Vitest's module runner does not provide it.
  const require = createRequire(import.meta.url);
  const manifest = require(join(dirname(require.resolve("@electric-sql/pglite")), "..", "package.json")) as { readonly version: string };
  return manifest.version;
};

/** The directory name of the empty database made by this PGlite. */
export const emptyDatabaseName = (): string => `empty-database-pglite-${pgliteVersion()}`;

/** Migrates a new PGlite (in memory, or made by initdb in `dataDir`) and closes it. */
const migrated = async (pglite: PGlite): Promise<PGlite> => {
  try {
    await prepareSchema(wrapPglite(pglite));
  } catch (error) {
    await pglite.close();
    throw error;
  }
  return pglite;
};

/** Makes the empty database in `dataDir`, a directory that does not exist yet. */
export const makeEmptyDatabase = async (dataDir: string): Promise<void> => {
  await (await migrated(await PGlite.create(dataDir, { extensions: pgliteExtensions }))).close();
};

/** An empty database in memory, dumped as a plain tar (the tests load one copy per file). */
export const dumpEmptyDatabase = async (): Promise<Blob> => {
  const pglite = await migrated(await PGlite.create({ extensions: pgliteExtensions }));
  try {
    return await pglite.dumpDataDir("none");
  } finally {
    await pglite.close();
  }
};

/**
 * The empty database the build left beside this module (build/server/ beside main.js), made by the
 * PGlite loaded here; null when there is none (the sources run through a loader, or another PGlite
 * was installed since the build): then a new data directory is made by initdb.
 */
export const builtEmptyDatabase = (): string | null => {
  const path = fileURLToPath(new URL(`./${emptyDatabaseName()}`, import.meta.url));
  return existsSync(path) ? path : null;
};

/** Files copied at once: libuv's pool (four threads) kept busy while each waits on the disk. */
const COPIES_AT_ONCE = 8;

/**
 * Copies the empty database `from` into the data directory `to`, PG_VERSION last: until it is
 * there the directory counts as new, so a copy cut short is made again at the next start. Its
 * 1,275 files are copied several at a time off the event loop (decision 113): one after the other
 * on the main thread they took 0.2-1.3 s of a first start, waiting on the disk.
 */
export const copyEmptyDatabase = async (from: string, to: string): Promise<void> => {
  const entries = readdirSync(from, { recursive: true, withFileTypes: true }).map((entry) => ({ path: relative(from, join(entry.parentPath, entry.name)), entry }));
  await mkdir(to, { recursive: true });
  for (const { path, entry } of entries) if (entry.isDirectory()) await mkdir(join(to, path), { recursive: true });
  const waiting = entries.filter(({ path, entry }) => !entry.isDirectory() && path !== "PG_VERSION").map(({ path }) => path);
  const copier = async (): Promise<void> => {
    try {
      for (let file = waiting.pop(); file !== undefined; file = waiting.pop()) await copyFile(join(from, file), join(to, file));
    } catch (failure) {
      waiting.length = 0;
      throw failure;
    }
  };
  // every copier settled before the failure is told: none still writes into a directory its caller removes
  const copied = await Promise.allSettled(Array.from({ length: COPIES_AT_ONCE }, copier));
  const failed = copied.find((copy) => copy.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  await copyFile(join(from, "PG_VERSION"), join(to, "PG_VERSION"));
};
