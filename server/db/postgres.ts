import pg from "pg";
import type { Database, Queryable } from "./database.ts";

const INT8 = 20;

/** int8 (bigserial ids, count(*)) as a number, as PGlite answers it, so both answer the same rows. */
const types = new pg.TypeOverrides();
types.setTypeParser(INT8, Number);

const wrapClient = (client: pg.PoolClient): Queryable => ({
  query: async <Row>(sql: string, params?: ReadonlyArray<unknown>) =>
    (await client.query<Row & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows,
  exec: async (sql: string) => {
    await client.query(sql);
  },
});

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
