import { mkdir } from "node:fs/promises";
import type { Env } from "../env.ts";
import type { Database } from "./database.ts";
import { builtEmptyDatabase, copyEmptyDatabase } from "./emptyDatabase.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR. */
export const openDatabase = async (env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): Promise<Database> => {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  await mkdir(env.DATA_DIR, { recursive: true });
  const empty = builtEmptyDatabase();
  const copyEmpty = async (dataDir: string): Promise<boolean> => {
    if (empty === null) return false;
    await copyEmptyDatabase(empty, dataDir);
    return true;
  };
  return openPglite({ dataDir: env.DATA_DIR, create: copyEmpty });
};
