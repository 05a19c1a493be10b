import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Database, isReadOnly, oneByOne, type Queryable, writtenTables } from "./database.ts";
import { DataDirectory } from "./pgliteFiles.ts";
import { preparedStatements } from "./pgliteStatements.ts";
import { REMEMBERED_READS, type RememberedReads, rememberedReads } from "./remember.ts";

/** The extensions the migrations create: every PGlite that opens the database must load them. */
export const pgliteExtensions = { pg_trgm };

/**
 * PostgreSQL's memory settings for the embedded database (docs/decisions/015). PGlite's
 * WebAssembly memory never shrinks, and PostgreSQL zeroes its shared memory at start, so all of
 * shared_buffers is resident from the first second: the default 128 MB was a third of the idle
 * server. 32 MB keeps the leads list's indexes and pages cached; only a search matching half of
 * 100,000 leads, which reads the whole 39 MB table, is slower for it (by 5-10%).
 * maintenance_work_mem bounds what building an index in a migration adds for good: 16 MB builds
 * the leads' trigram index as fast as the default 64 MB and adds 16 MB instead of 57 MB.
 */
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB", "-c", "maintenance_work_mem=16MB"];

/** Statements kept parsed: more than the server's distinct statements, fewer than a search's many texts could grow to. */
const PREPARED_STATEMENTS = 1_000;

type Statements = ReturnType<typeof preparedStatements>;

/** Reads a transaction keeps of the tables it wrote: a first start's demo writes the catalogues, then reads them at every sale. */
const TRANSACTION_READS = 100;

/**
 * One transaction's statements, each write told to the remembered reads as it is asked for (the
 * transaction holds the database meanwhile, so nobody else reads until it ends). Its own reads are
 * remembered in the shared memory too, but for the tables it wrote, whose rows it alone sees until
 * it commits: those are kept for the transaction alone, until it writes them again.
 */
const wrapTransaction = (tx: Transaction, reads: RememberedReads, statements: Statements, lastly: string[]): Queryable => {
  const written = new Set<string>();
  let wroteUntold = false;
  // made at the first read of a table the transaction wrote: most transactions never need it
  let own: RememberedReads | null = null;
  const wrote = (tables: ReadonlyArray<string> | null): void => {
    reads.changed(tables);
    own?.changed(tables);
    if (tables === null) wroteUntold = true;
    else for (const table of tables) written.add(table);
  };
  const queryable: Queryable = {
    query: async <Row>(sql: string, params?: ReadonlyArray<unknown>) => {
      if (!isReadOnly(sql)) wrote(writtenTables(sql));
      if (statements.preparable(sql)) return statements.run<Row>(sql, params ?? [], true);
      await tx.exec(statements.forgetAll());
      return (await tx.query<Row>(sql, params ? [...params] : undefined)).rows;
    },
    exec: async (sql: string) => {
      wrote(null);
      await tx.exec(`${statements.forgetAll()}; ${sql}`);
    },
    // one process, nothing to save: run as asked one by one
    queryTogether: (together) => oneByOne(queryable.query, together),
    remember: (key, read, tables) => {
      if (tables !== undefined && !wroteUntold && !tables.some((table) => written.has(table))) return reads.remember(key, read, tables, true);
      own ??= rememberedReads(TRANSACTION_READS);
      return own.remember(key, read, tables);
    },
    beforeCommit: async (sql: string, tables: ReadonlyArray<string>) => {
      wrote(tables);
      lastly.push(sql);
    },
  };
  return queryable;
};

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
  const statements = preparedStatements(pglite, PREPARED_STATEMENTS);
  // A write counts as a change when it is asked for: a read asked for after it never answers
  // from memory, and queues behind it.
  const query = <Row>(sql: string, params?: ReadonlyArray<unknown>): Promise<Row[]> => {
    if (!isReadOnly(sql)) reads.changed(writtenTables(sql));
    return serialise(async () => {
      if (statements.preparable(sql)) return statements.run<Row>(sql, params ?? [], false);
      await pglite.exec(statements.forgetAll());
      return (await pglite.query<Row>(sql, params ? [...params] : undefined)).rows;
    });
  };
  return {
    kind: "pglite",
    query,
    queryTogether: (together) => oneByOne(query, together),
    exec: (sql: string) => {
      reads.changed(null);
      return serialise(async () => {
        await pglite.exec(`${statements.forgetAll()}; ${sql}`);
      });
    },
    // a transaction's writes count as changes as each is asked for; until then it has changed nothing anyone could read
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      serialise(() =>
        pglite.transaction(async (tx) => {
          const lastly: string[] = [];
          const result = await work(wrapTransaction(tx, reads, statements, lastly));
          // rows only, no schema: the parsed statements stay
          if (lastly.length > 0) await tx.exec(lastly.join(";\n"));
          return result;
        }),
      ),
    remember: reads.remember,
    beforeCommit: (sql: string, tables: ReadonlyArray<string>) => {
      reads.changed(tables);
      return serialise(async () => {
        await pglite.exec(sql);
      });
    },
    changeCount: null,
    committedHere: null,
    close: () => serialise(() => pglite.close()),
  };
};

const run = promisify(execFile);

/** Plain CommonJS: the child runs without the loader (tsx, Vitest) this process was started with. */
const createDataDir =
  "const [dataDir, pglite] = process.argv.slice(1); require(pglite).PGlite.create(dataDir).then((db) => db.close());";

/**
 * Creates a new data directory in a child process. initdb runs a second PostgreSQL inside this
 * one's memory and peaks near 900 MB; V8 gives that back only when it collects the instances, and
 * then not all of it, so the server would keep most of the peak for its whole life.
 */
const createInChildProcess = async (dataDir: string): Promise<void> => {
  // Not import.meta.resolve: Vitest's module runner does not provide it.
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  await run(process.execPath, ["--eval", createDataDir, dataDir, pglite]);
};

/** A new embedded database in memory, loaded from a dump (`dumpDataDir`), with the server's settings. */
export const loadPglite = (dump: Blob): Promise<PGlite> => PGlite.create({ extensions: pgliteExtensions, startParams, loadDataDir: dump });

/**
 * Opens (or creates) the embedded database in `dataDir`, or in memory from a dump when given one. A
 * new data directory is filled by `create` (emptyDatabase.ts copies the build's empty database),
 * else made by initdb.
 */
export const openPglite = async (
  options: { readonly dataDir: string; readonly create?: (dataDir: string) => Promise<boolean> } | { readonly loadDataDir: Blob },
): Promise<Database> => {
  const settings = { extensions: pgliteExtensions, startParams };
  if (!("dataDir" in options)) return wrapPglite(await loadPglite(options.loadDataDir));
  if (!existsSync(join(options.dataDir, "PG_VERSION")) && (await options.create?.(options.dataDir)) !== true) await createInChildProcess(options.dataDir);
  return wrapPglite(await PGlite.create({ ...settings, fs: new DataDirectory(options.dataDir) }));
};
