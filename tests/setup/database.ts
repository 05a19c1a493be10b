/**
 * One database per test file, at the state of the template the global set-up prepared: an in-memory
 * PGlite loaded from the dump (or handed on by the worker's previous file, emptied to that same
 * state, decision 105), or a PostgreSQL database created from the template (dropped on close).
 * Which one depends on the suite that runs (vitest.config.ts or vitest.pg.config.ts).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { sqlState } from "../../server/db/database.ts";
import type { PGlite } from "@electric-sql/pglite";
import { loadPglite, wrapPglite } from "../../server/db/pglite.ts";
import { openPostgres } from "../../server/db/postgres.ts";
import { registerProjections } from "../../server/events/projection.ts";
import { projections } from "../../server/projections.ts";
import { databaseUrl, templateDump } from "./template.ts";

/** "source database is being accessed by other users": another worker is copying the template. */
const OBJECT_IN_USE = "55006";

/** Runs `work` on a connection to the PostgreSQL server itself (to make or drop a database). */
export const withAdmin = async <T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const createFromTemplate = async (serverUrl: string, template: string, name: string): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdmin(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
      return;
    } catch (error) {
      if (sqlState(error) !== OBJECT_IN_USE || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
};

const DROP_ATTEMPTS = 20;

/**
 * `pool.end()` resolves before its connections have closed; forcing the drop at once would kill
 * those backends, and pg reports the killed connection as an uncaught error. So the drop waits for
 * them to go, and forces only a connection that stays open.
 */
const dropDatabase = async (serverUrl: string, name: string): Promise<void> => {
  for (let attempt = 1; attempt < DROP_ATTEMPTS; attempt += 1) {
    try {
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name}`));
      return;
    } catch (error) {
      if (sqlState(error) !== OBJECT_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
  await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
};

/** A test's database, and on PostgreSQL its address, which another server (another pool) may open too. */
interface OpenedTestDatabase {
  readonly db: Database;
  readonly url: string | null;
}

const openTestDatabaseAt = async (): Promise<OpenedTestDatabase> => {
  registerProjections(projections);
  const template = inject("templateDatabase");
  if (template.kind === "pglite") {
    return { db: await templateCopy(template.dumpPath), url: null };
  }
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  await createFromTemplate(template.serverUrl, template.template, name);
  const url = databaseUrl(template.serverUrl, name);
  const db = await openPostgres(url);
  return {
    db: {
      ...db,
      close: async () => {
        await db.close();
        await dropDatabase(template.serverUrl, name);
      },
    },
    url,
  };
};

export const openTestDatabase = async (): Promise<Database> => (await openTestDatabaseAt()).db;

/**
 * The embedded databases this worker's test files closed, emptied and at the template's schema: the
 * next file takes one instead of loading the template again (0.65 s of CPU a file,
 * most of it laying the dump's files down and starting PostgreSQL). A worker runs one file at a
 * time, and a file opens its databases after the last one closed them, so nothing is shared.
 */
const handedBack: PGlite[] = [];

/** The template's schema, read from a new copy: a handed-back database that differs from it is not used again. */
let templateSchema: string | undefined;

/** The template's own tables: any other was made by a test. */
let templateTables: ReadonlyArray<string> = [];

/** The public schema's tables and views, as the template's and a test's are told apart. */
const publicRelations = "relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm')";

/** Tables, columns, indexes, sequences, functions and triggers of the public schema, with the roles seeded. */
const schemaOf = async (pglite: PGlite): Promise<string> => {
  const { rows } = await pglite.query<{ schema: string }>(
    `select concat_ws(' | ',
       (select string_agg(format('%s.%s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by c.relname, a.attnum)
          from pg_class c join pg_attribute a on a.attrelid = c.oid
         where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped),
       (select string_agg(p.oid::regprocedure::text, ', ' order by p.oid::regprocedure::text) from pg_proc p where p.pronamespace = 'public'::regnamespace),
       (select string_agg(t.tgname, ', ' order by t.tgname) from pg_trigger t where not t.tgisinternal),
       (select string_agg(r::text, ', ' order by r::text) from roles r)) as schema`,
  );
  return rows[0]?.schema ?? "";
};

/**
 * Takes a closed file's database back when it can be used again: out of any transaction, its
 * session's prepared statements, listeners and settings dropped, the tables a test made dropped,
 * every other table emptied, and then at the template's schema. Otherwise it is closed.
 */
const handBack = async (pglite: PGlite): Promise<void> => {
  try {
    await pglite.exec("discard all");
    const { rows } = await pglite.query<{ name: string }>(
      `select quote_ident(relname) as name from pg_class where ${publicRelations} and not (relname = any($1::text[]))`,
      [templateTables],
    );
    if (rows.length > 0) await pglite.exec(`drop table if exists ${rows.map(({ name }) => name).join(", ")} cascade`);
    // emptied with new files, as the template's: rows deleted would leave the tables their size and
    // their statistics (the embedded database's upkeep judges growth by size, decision 049)
    await pglite.exec(`truncate ${resettableTables().join(", ")} restart identity`);
    if ((await schemaOf(pglite)) === templateSchema) {
      handedBack.push(pglite);
      return;
    }
  } catch {
    // left in a state a test may have meant (a transaction open, a table dropped): not used again
  }
  await pglite.close();
};

/** A database at the template's state, empty of anything a test wrote: handed back by an earlier file, or a new copy. */
const templateCopy = async (dumpPath: string): Promise<Database> => {
  const reused = handedBack.pop();
  const pglite = reused ?? (await loadPglite(await templateDump(dumpPath)));
  if (templateSchema === undefined) {
    templateSchema = await schemaOf(pglite);
    templateTables = (await pglite.query<{ name: string }>(`select relname as name from pg_class where ${publicRelations}`)).rows.map(({ name }) => name);
  }
  const db = wrapPglite(pglite);
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    // after whatever the file's last calls left queued on this handle
    await db.query("select 1").catch(() => undefined);
    await handBack(pglite);
  };
  // a closed handle answers as a closed PGlite does, never from the next file's database
  return new Proxy(db, {
    get: (target, key, receiver) => {
      if (key === "close") return close;
      const value: unknown = Reflect.get(target, key, receiver);
      return closed && typeof value === "function" ? () => Promise.reject(new Error("The test database was closed.")) : value;
    },
  });
};

export interface TestDatabase extends Database {
  /**
   * The same PostgreSQL database opened again, as a second server opens it: its own pool and
   * remembered answers (closed by the caller). PGlite has one writer, this process: it throws.
   */
  openAgain(): Promise<Database>;
}

/** Tables outside the projections: counters, the mail outbox, the content-addressed images and the refusals kept (decision 071). */
const operationalTables = ["events", "login_failures", "lead_submissions", "outbox", "uploads", "refusals"];

/** The tables a test may write: the projections' and the operational ones. */
const resettableTables = (): ReadonlyArray<string> => [...operationalTables, ...new Set(projections.flatMap((projection) => projection.tables))];

/** Of `tables`, those holding a row (one probe for them all). */
const tablesWithRows = async (db: Database, tables: ReadonlyArray<string>): Promise<ReadonlyArray<string>> =>
  (await db.query<{ name: string }>(tables.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(" union all "))).map(
    ({ name }) => name,
  );

/** The sequences that number `tables`' rows. */
const sequencesOf = async (db: Database, tables: ReadonlyArray<string>): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ name: string }>(
      `select s.oid::regclass::text as name from pg_class s
         join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
         join pg_class t on t.oid = d.refobjid
        where s.relkind = 'S' and t.relname = any($1::text[])`,
      [tables],
    )
  ).map(({ name }) => name);

/**
 * Statements run with foreign keys and triggers off: each table written together with every
 * table referring to it, so no check is owed.
 */
const unchecked = (statements: ReadonlyArray<string>): string =>
  `set session_replication_role = replica; ${statements.join(" ")} set session_replication_role = default;`;

/** Empties everything but the seeded roles, so each test starts from the migrated template. */
export const resetDatabase = async (db: Database): Promise<void> => {
  const tables = resettableTables();
  const written = await tablesWithRows(db, tables);
  const sequences = await sequencesOf(db, tables);
  // A test writes a few of fifty tables, and TRUNCATE gives each table new files (45 ms a reset on
  // PGlite): deleting the rows of the written ones and restarting their sequences takes a few milliseconds.
  if (written.length > 0) await db.exec(unchecked(written.map((table) => `delete from ${table};`)));
  if (sequences.length > 0) await db.query(`select ${sequences.map((name) => `setval('${name}', 1, false)`).join(", ")}`);
};

interface KeptRows {
  /** Each written table with the columns a copy writes (not the generated ones). */
  readonly tables: ReadonlyArray<{ readonly name: string; readonly columns: string }>;
  readonly sequences: ReadonlyArray<{ readonly name: string; readonly value: number; readonly called: boolean }>;
}

/** Copies the written tables' rows beside them (`kept_<table>`), with their sequences' places. */
const keepRows = async (db: Database): Promise<KeptRows> => {
  const tables = resettableTables();
  const written = await tablesWithRows(db, tables);
  const columns = await db.query<{ name: string; columns: string }>(
    `select c.relname as name, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
       from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relname = any($1::text[]) and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      group by c.relname`,
    [written],
  );
  await db.exec(columns.map(({ name, columns: list }) => `create table kept_${name} as select ${list} from ${name};`).join(" "));
  const names = await sequencesOf(db, tables);
  const sequences =
    names.length === 0
      ? []
      : await db.query<{ name: string; value: number; called: boolean }>(
          names.map((name) => `select '${name}' as name, last_value::int as value, is_called as called from ${name}`).join(" union all "),
        );
  return { tables: columns, sequences };
};

/** Puts the kept rows back into the tables a reset has just emptied, and their sequences where they were. */
const restoreRows = async (db: Database, kept: KeptRows): Promise<void> => {
  await db.exec(
    unchecked(kept.tables.map(({ name, columns }) => `insert into ${name} (${columns}) overriding system value select ${columns} from kept_${name};`)),
  );
  if (kept.sequences.length > 0) {
    await db.query(`select ${kept.sequences.map(({ name, value, called }) => `setval('${name}', ${value}, ${called})`).join(", ")}`);
  }
};

/**
 * The seed every test of a file starts from, made through its commands by the first test and put
 * back for each later one as rows (tens of milliseconds, where the demo fleet's commands take one
 * or two seconds). The rows are those the commands would write again, ids included (a reset
 * restarts every sequence, and the seeds run at a fixed time), but for the moments the database
 * stamps itself. Call it in `beforeEach`, after the reset of `testDatabase`.
 */
export const keptSeed = (db: Database, seed: () => Promise<void>): (() => Promise<void>) => {
  let kept: KeptRows | null = null;
  return async () => {
    if (kept !== null) return restoreRows(db, kept);
    await seed();
    kept = await keepRows(db);
  };
};

/**
 * The test file's database, opened before its tests, emptied before each and closed after them.
 * The answer stands for it from the start, so a file can hold it in a constant.
 */
export const testDatabase = (): TestDatabase => {
  let current: OpenedTestDatabase | undefined;
  const opened = (): Database => {
    if (current === undefined) throw new Error("the test database opens in beforeAll");
    return current.db;
  };
  beforeAll(async () => {
    current = await openTestDatabaseAt();
  });
  afterAll(async () => {
    await current?.db.close();
  });
  beforeEach(async () => {
    await resetDatabase(opened());
  });
  return {
    get kind() {
      return opened().kind;
    },
    query: (sql, params) => opened().query(sql, params),
    queryTogether: (statements) => opened().queryTogether(statements),
    exec: (sql) => opened().exec(sql),
    transaction: (work) => opened().transaction(work),
    remember: (key, read, tables) => opened().remember(key, read, tables),
    beforeCommit: (sql, tables) => opened().beforeCommit(sql, tables),
    get changeCount() {
      return opened().changeCount;
    },
    get committedHere() {
      return opened().committedHere;
    },
    close: () => opened().close(),
    openAgain: () => {
      if (current?.url == null) throw new Error("only a PostgreSQL database is opened by a second server");
      return openPostgres(current.url);
    },
  };
};
