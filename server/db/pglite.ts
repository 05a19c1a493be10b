import { PGlite, type Transaction } from "@electric-sql/pglite";
import type { Database, Queryable } from "./database.ts";

const wrapTransaction = (tx: Transaction): Queryable => ({
  query: async <Row>(sql: string, params?: ReadonlyArray<unknown>) =>
    (await tx.query<Row>(sql, params ? [...params] : undefined)).rows,
  exec: async (sql: string) => {
    await tx.exec(sql);
  },
});

/**
 * Wraps one PGlite instance. PGlite runs one statement at a time and has a single session, so
 * every query and transaction goes through one promise queue: a request's statements can never
 * land inside another request's open transaction.
 */
export const wrapPglite = (pglite: PGlite): Database => {
  let queue: Promise<unknown> = Promise.resolve();
  const serialise = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };
  return {
    kind: "pglite",
    query: <Row>(sql: string, params?: ReadonlyArray<unknown>) =>
      serialise(async () => (await pglite.query<Row>(sql, params ? [...params] : undefined)).rows),
    exec: (sql: string) =>
      serialise(async () => {
        await pglite.exec(sql);
      }),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      serialise(() => pglite.transaction((tx) => work(wrapTransaction(tx)))),
    close: () => serialise(() => pglite.close()),
  };
};

/** Opens (or creates) the embedded database in `dataDir`, or in memory from a dump when given one. */
export const openPglite = async (
  options: { readonly dataDir: string } | { readonly loadDataDir: Blob },
): Promise<Database> =>
  wrapPglite(
    "dataDir" in options
      ? await PGlite.create(options.dataDir)
      : await PGlite.create({ loadDataDir: options.loadDataDir }),
  );
