import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Database, Queryable } from "./database.ts";
import { rememberedReads } from "./remember.ts";

/** A select, or a with-query whose parts are selects; any other statement, exec or transaction is a change. */
const isReadOnly = (sql: string): boolean => /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete|merge)\b/i.test(sql);

/** The extensions the migrations create: every PGlite that opens the database must load them. */
export const pgliteExtensions = { pg_trgm };

/** Remembered answers (a page of leads is the largest, tens of KB). */
const REMEMBERED_READS = 100;

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
  const reads = rememberedReads(REMEMBERED_READS);
  return {
    kind: "pglite",
    // A write counts as a change when it is asked for: a read asked for after it never answers
    // from memory, and queues behind it.
    query: <Row>(sql: string, params?: ReadonlyArray<unknown>) => {
      if (!isReadOnly(sql)) reads.changed();
      return serialise(async () => (await pglite.query<Row>(sql, params ? [...params] : undefined)).rows);
    },
    exec: (sql: string) => {
      reads.changed();
      return serialise(async () => {
        await pglite.exec(sql);
      });
    },
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => {
      reads.changed();
      return serialise(() => pglite.transaction((tx) => work(wrapTransaction(tx))));
    },
    remember: reads.remember,
    close: () => serialise(() => pglite.close()),
  };
};

/** Opens (or creates) the embedded database in `dataDir`, or in memory from a dump when given one. */
export const openPglite = async (
  options: { readonly dataDir: string } | { readonly loadDataDir: Blob },
): Promise<Database> =>
  wrapPglite(
    "dataDir" in options
      ? await PGlite.create(options.dataDir, { extensions: pgliteExtensions })
      : await PGlite.create({ loadDataDir: options.loadDataDir, extensions: pgliteExtensions }),
  );
