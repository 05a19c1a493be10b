/**
 * The embedded database's statistics (decision 049). PGlite runs PostgreSQL without its
 * background workers, so no table is ever analyzed by autovacuum: as the operator's data grows
 * past what the demo held, the planner keeps the demo's picture of it (at ten times the demo it
 * expected 4 departures in three months where there are 390, and planned their joins for 4).
 * Its activity counters are not kept either, so what grew is told by the tables' size: a table
 * that has grown by a fifth (and ten pages) since it was last analyzed, or never was, is analyzed
 * again, at start and then every `intervalMs`. PostgreSQL's own autovacuum does this on a server.
 */
import { Schema } from "effect";
import type { Database } from "./database.ts";
import { repeatEvery } from "../repeat.ts";
import { execute, queryRows } from "./rows.ts";

const GrownTable = Schema.Struct({ name: Schema.String });

/** The tables of the public schema whose size has outgrown their last statistics. */
export const tablesToAnalyze = async (db: Database): Promise<ReadonlyArray<string>> =>
  (
    await queryRows(
      db,
      GrownTable,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 10)
        order by c.relname`,
    )
  ).map((table) => table.name);

/** Analyzes the tables that outgrew their statistics; answers their names. */
export const analyzeGrownTables = async (db: Database): Promise<ReadonlyArray<string>> => {
  const tables = await tablesToAnalyze(db);
  for (const table of tables) await execute(db, `analyze "${table.replaceAll('"', '""')}"`);
  return tables;
};

/** Runs analyzeGrownTables after `firstAfterMs` and every `intervalMs` until stopped (PGlite only: a server has autovacuum). */
export const startUpkeep = (
  db: Database,
  intervalMs: number,
  log: { info(message: string): void; error(details: object, message: string): void },
  firstAfterMs = 0,
): (() => Promise<void>) => {
  if (db.kind !== "pglite") return async () => {};
  return repeatEvery(intervalMs, () =>
    analyzeGrownTables(db)
      .then((tables) => {
        if (tables.length > 0) log.info(`Statistics renewed: ${tables.join(", ")}`);
      })
      .catch((error: unknown) => log.error({ err: error }, "statistics not renewed")),
    firstAfterMs,
  );
};
