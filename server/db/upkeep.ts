/**
 * The embedded database's upkeep (decisions 049 and 119). PGlite runs PostgreSQL without its
 * background workers, so autovacuum never analyzes or vacuums a table.
 * - Statistics: as the operator's data grows past what the demo held, the planner kept the demo's
 *   picture of it (at ten times the demo it expected 4 departures in three months where there are
 *   390). Activity counters do not outlive a restart, so what grew is told by the tables' size: a
 *   table that has grown by a fifth (and ten pages) since it was last analyzed, or never was, is
 *   analyzed again.
 * - Dead rows: every update leaves the row's old version behind until a vacuum; the reads then
 *   step over them (after the leads were numbered again, the newest thousand leads took 9,373
 *   pages to read instead of 108). A table whose dead rows or new rows since its last vacuum pass
 *   autovacuum's default thresholds, as this process counted them, is vacuumed.
 * Both at start and then every `intervalMs`. PostgreSQL's own autovacuum does this on a server.
 */
import { Schema } from "effect";
import type { Database } from "./database.ts";
import { repeatEvery } from "../repeat.ts";
import { execute, queryRows } from "./rows.ts";

const TableName = Schema.Struct({ name: Schema.String });

/** The tables a query names (`select ... as name`). */
const tableNames = async (db: Database, sql: string): Promise<ReadonlyArray<string>> => (await queryRows(db, TableName, sql)).map((table) => table.name);

/** Runs `command` (analyze, vacuum) on each of `tables`, one at a time; answers their names. */
const runOnEach = async (db: Database, command: "analyze" | "vacuum", tables: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  for (const table of tables) await execute(db, `${command} "${table.replaceAll('"', '""')}"`);
  return tables;
};

/** The tables of the public schema whose size has outgrown their last statistics. */
export const tablesToAnalyze = (db: Database): Promise<ReadonlyArray<string>> =>
  tableNames(
    db,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 10)
      order by c.relname`,
  );

/** Analyzes the tables that outgrew their statistics; answers their names. */
export const analyzeGrownTables = async (db: Database): Promise<ReadonlyArray<string>> => runOnEach(db, "analyze", await tablesToAnalyze(db));

/**
 * The tables of the public schema due a vacuum by autovacuum's default thresholds: more dead rows
 * than 50 and a fifth of the table, or more rows written since the last vacuum than 1,000 and a
 * fifth (a vacuum marks their pages all-visible, which index-only scans need). The counters are
 * this process's since its start: the next flush of its pending counts is forced first.
 */
export const tablesToVacuum = async (db: Database): Promise<ReadonlyArray<string>> => {
  await execute(db, "select pg_stat_force_next_flush()");
  return tableNames(
    db,
    `select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
        and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0))
      order by s.relname`,
  );
};

/** Vacuums the tables due one; answers their names. */
export const vacuumDueTables = async (db: Database): Promise<ReadonlyArray<string>> => runOnEach(db, "vacuum", await tablesToVacuum(db));

/** Runs analyzeGrownTables and vacuumDueTables after `firstAfterMs` and every `intervalMs` until stopped (PGlite only: a server has autovacuum). */
export const startUpkeep = (
  db: Database,
  intervalMs: number,
  log: { info(message: string): void; error(details: object, message: string): void },
  firstAfterMs = 0,
): (() => Promise<void>) => {
  if (db.kind !== "pglite") return async () => {};
  return repeatEvery(
    intervalMs,
    () =>
      analyzeGrownTables(db)
        .then((tables) => {
          if (tables.length > 0) log.info(`Statistics renewed: ${tables.join(", ")}`);
        })
        .catch((error: unknown) => log.error({ err: error }, "statistics not renewed"))
        .then(async () => {
          const started = performance.now();
          const tables = await vacuumDueTables(db);
          if (tables.length > 0) log.info(`Dead rows cleared in ${Math.round(performance.now() - started)} ms: ${tables.join(", ")}`);
        })
        .catch((error: unknown) => log.error({ err: error }, "dead rows not cleared")),
    firstAfterMs,
  );
};
