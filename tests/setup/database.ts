/**
 * One database per test file, copied from the template the global set-up prepared: an in-memory
 * PGlite loaded from the dump, or a PostgreSQL database created from the template (dropped on
 * close). Which one depends on the suite that runs (vitest.config.ts or vitest.pg.config.ts).
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { sqlState } from "../../server/db/database.ts";
import { openPglite } from "../../server/db/pglite.ts";
import { openPostgres } from "../../server/db/postgres.ts";
import { registerProjections } from "../../server/events/projection.ts";
import { projections } from "../../server/projections.ts";
import { databaseUrl } from "./template.ts";

/** "source database is being accessed by other users": another worker is copying the template. */
const OBJECT_IN_USE = "55006";

const withAdmin = async <T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
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
    return { db: await openPglite({ loadDataDir: new Blob([await readFile(template.dumpPath)]) }), url: null };
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

export interface TestDatabase extends Database {
  /**
   * The same PostgreSQL database opened again, as a second server opens it: its own pool and
   * remembered answers (closed by the caller). PGlite has one writer, this process: it throws.
   */
  openAgain(): Promise<Database>;
}

/** Tables outside the projections: counters, the mail outbox and the content-addressed images. */
const operationalTables = ["events", "login_failures", "lead_submissions", "outbox", "uploads"];

/** Empties everything but the seeded roles, so each test starts from the migrated template. */
export const resetDatabase = async (db: Database): Promise<void> => {
  const owned = new Set(projections.flatMap((projection) => projection.tables));
  const tables = [...operationalTables, ...owned];
  const written = await db.query<{ name: string }>(
    tables.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(" union all "),
  );
  const sequences = await db.query<{ name: string }>(
    `select s.oid::regclass::text as name from pg_class s
       join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
      where s.relkind = 'S' and t.relname = any($1::text[])`,
    [tables],
  );
  // A test writes a few of fifty tables, and TRUNCATE gives each table new files (45 ms a reset on
  // PGlite): deleting the rows of the written ones, foreign keys not checked since every table
  // referring to them is emptied too, and restarting their sequences takes a few milliseconds.
  if (written.length > 0) {
    await db.exec(
      `set session_replication_role = replica; ${written.map(({ name }) => `delete from ${name};`).join(" ")} set session_replication_role = default;`,
    );
  }
  if (sequences.length > 0) await db.query(`select ${sequences.map(({ name }) => `setval('${name}', 1, false)`).join(", ")}`);
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
    exec: (sql) => opened().exec(sql),
    transaction: (work) => opened().transaction(work),
    remember: (key, read) => opened().remember(key, read),
    get changeCount() {
      return opened().changeCount;
    },
    close: () => opened().close(),
    openAgain: () => {
      if (current?.url == null) throw new Error("only a PostgreSQL database is opened by a second server");
      return openPostgres(current.url);
    },
  };
};
