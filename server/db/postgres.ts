import pg from "pg";
import type { Database, Queryable } from "./database.ts";

const INT8 = 20;

/** int8 (bigserial ids, count(*)) as a number, as PGlite answers it, so both answer the same rows. */
const types = new pg.TypeOverrides();
types.setTypeParser(INT8, Number);

/**
 * A transaction's connection. One connection runs one statement at a time: statements asked for
 * together (a `Promise.all` of reads) are sent one after the other, in the order asked, as node-pg
 * wants (it deprecates queueing them itself).
 */
const wrapClient = (client: pg.PoolClient): Queryable => {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  return {
    query: <Row>(sql: string, params?: ReadonlyArray<unknown>) =>
      inTurn(async () => (await client.query<Row & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows),
    exec: (sql: string) =>
      inTurn(async () => {
        await client.query(sql);
      }),
  };
};

/** A PostgreSQL server reached through DATABASE_URL, with a pool of connections. */
export const openPostgres = async (connectionString: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // Fails at start, not at the first request, when the server cannot be reached.
  await pool.query("select 1");
  return {
    kind: "postgres",
    query: async <Row>(sql: string, params?: ReadonlyArray<unknown>) =>
      (await pool.query<Row & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql: string) => {
      await pool.query(sql);
    },
    transaction: async <T>(work: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work(wrapClient(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    },
    remember: (_key, read) => read(),
    close: () => pool.end(),
  };
};
