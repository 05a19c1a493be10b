import type pg from "pg";
import { type Database, isReadOnly, type Queryable } from "./database.ts";
import { changeCountRaised, readTogether, versionedReads } from "./remember.ts";

const INT8 = 20;

/**
 * A transaction's connection. One connection runs one statement at a time: statements asked for
 * together (a `Promise.all` of reads) are sent one after the other, in the order asked, as node-pg
 * wants (it deprecates queueing them itself).
 */
const wrapClient = (client: pg.PoolClient, noteWrite: () => void): Queryable => {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  return {
    query: <Row>(sql: string, params?: ReadonlyArray<unknown>) => {
      if (!isReadOnly(sql)) noteWrite();
      return inTurn(async () => (await client.query<Row & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows);
    },
    exec: (sql: string) => {
      noteWrite();
      return inTurn(async () => {
        await client.query(sql);
      });
    },
    // other servers' writes are not seen here: inside a transaction every read is made
    remember: (_key, read) => read(),
  };
};

const isUpkeep = (sql: string): boolean => /^\s*(vacuum|analyze|checkpoint)\b/i.test(sql);

/** Remembered answers (a page of leads is the largest, tens of KB). */
const REMEMBERED_READS = 100;

/** Any fixed number: servers starting together create the change count once. */
const CHANGE_COUNT_LOCK = 7_241_004;

/**
 * The database's change count (one row): every transaction that writes raises it just before it
 * commits, so a server can tell whether anything changed since it read an answer (decision 046).
 * It is the adapter's own bookkeeping, like schema_migrations, so it exists before any migration.
 */
const createChangeCount = (tx: Queryable): Promise<unknown> =>
  tx.exec(`select pg_advisory_xact_lock(${CHANGE_COUNT_LOCK});
    create table if not exists data_changes (id int primary key check (id = 1), count bigint not null);
    insert into data_changes (id, count) values (1, 0) on conflict (id) do nothing`);

/** A PostgreSQL server reached through DATABASE_URL, with a pool of connections. */
export const openPostgres = async (connectionString: string): Promise<Database> => {
  // loaded when used: a server on the embedded database never needs the driver (a tenth of its restart)
  const { default: driver } = await import("pg");
  /** int8 (bigserial ids, count(*)) as a number, as PGlite answers it, so both answer the same rows. */
  const types = new driver.TypeOverrides();
  types.setTypeParser(INT8, Number);
  // Parallel workers help one large scan on an idle server; the panel answers many short reads at once, where
  // each worker is a process start and a core taken from the other requests (decision 047). JIT compiling
  // likewise: a lead page at 1,000,000 leads, estimated past jit_above_cost from bounds known only when it
  // runs, spent 55 ms compiling a 0.1 ms read (decision 085).
  const pool = new driver.Pool({ connectionString, types, max: 10, options: "-c max_parallel_workers_per_gather=0 -c jit=off" });
  const transaction = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      let wrote = false;
      const result = await work(
        wrapClient(client, () => {
          wrote = true;
        }),
      );
      // last, so that the row is locked only while the commit runs: writers queue here, not for their whole transaction
      if (wrote) await client.query("update data_changes set count = count + 1 where id = 1");
      await client.query("commit");
      if (wrote) changeCountRaised();
      return result;
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  };
  // Fails at start, not at the first request, when the server cannot be reached.
  await transaction(createChangeCount);
  const changeCount = readTogether(
    async (): Promise<number> => (await pool.query<{ count: number }>("select count from data_changes where id = 1")).rows[0]?.count ?? 0,
  );
  const reads = versionedReads(REMEMBERED_READS, changeCount);
  return {
    kind: "postgres",
    // a write outside a transaction is made one, so that it raises the change count as it commits;
    // upkeep (vacuum, analyze) changes no row and may not run inside a transaction
    query: async <Row>(sql: string, params?: ReadonlyArray<unknown>) =>
      isReadOnly(sql) || isUpkeep(sql)
        ? (await pool.query<Row & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows
        : transaction((tx) => tx.query<Row>(sql, params)),
    exec: (sql: string) => transaction((tx) => tx.exec(sql)),
    transaction,
    remember: reads.remember,
    changeCount,
    close: () => pool.end(),
  };
};
