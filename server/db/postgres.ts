import type pg from "pg";
import { type Database, isReadOnly, oneByOne, type Queryable, writtenTables } from "./database.ts";
import { type ChangeCounts, changeCountRaised, countsOfCall, REMEMBERED_READS, readTogether, versionedReads } from "./remember.ts";
import { waitedForDatabase } from "./statementLog.ts";

const INT8 = 20;

/** Whether a transaction's `begin` has been sent: it goes with its first statements when they are sent together (decision 130). */
interface Opening {
  begun: boolean;
}

/** `texts` as one message, with the transaction's `begin` first when it has not been sent yet (`begins`: its answer comes first). */
const openingMessage = (opening: Opening, texts: ReadonlyArray<string>): { readonly message: string; readonly begins: boolean } => {
  const begins = !opening.begun;
  opening.begun = true;
  return { message: [...(begins ? ["begin"] : []), ...texts].join(";\n"), begins };
};

/** The driver's text of a parameter's value, as it sends it (pg/lib/utils' prepareValue). */
type ParameterText = (value: unknown) => unknown;

/**
 * `sql` with each `$n` outside quotes and comments written as its parameter's literal: the
 * driver's own text of the value, as it would send the parameter, quoted by the driver. A literal
 * without a cast takes its type from where it stands, as a parameter without one does (decision
 * 130).
 */
const withLiterals = (quote: (text: string) => string, text: ParameterText, sql: string, params: ReadonlyArray<unknown>): string =>
  sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)/g, (match: string, index: string | undefined) => {
    if (index === undefined) return match;
    const value = text(params[Number(index) - 1]);
    if (value === null || value === undefined) return "null";
    return quote(Buffer.isBuffer(value) ? `\\x${value.toString("hex")}` : String(value));
  });

/**
 * A transaction's connection. One connection runs one statement at a time: statements asked for
 * together (a `Promise.all` of reads) are sent one after the other, in the order asked, as node-pg
 * wants (it deprecates queueing them itself). The transaction begins with its first statement.
 */
const wrapClient = (
  client: pg.PoolClient,
  noteWrite: (tables: ReadonlyArray<string> | null) => void,
  remembered: (key: string, read: () => Promise<unknown>, tables: ReadonlyArray<string>) => Promise<unknown> | null,
  lastly: string[],
  opening: Opening,
  parameterText: ParameterText,
): Queryable => {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  /** A statement with parameters takes the extended protocol, which carries one statement: `begin` goes before it. */
  const begin = async (): Promise<void> => {
    if (opening.begun) return;
    opening.begun = true;
    await client.query("begin");
  };
  return {
    query: <Row>(sql: string, params?: ReadonlyArray<unknown>) => {
      if (!isReadOnly(sql)) noteWrite(writtenTables(sql));
      return inTurn(async () => {
        await begin();
        return (await client.query<Row & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows;
      });
    },
    queryTogether: (statements) => {
      for (const { sql } of statements) if (!isReadOnly(sql)) noteWrite(writtenTables(sql));
      if (statements.length === 0) return Promise.resolve([]);
      return inTurn(async () => {
        const texts = statements.map(({ sql, params }) => withLiterals((text) => client.escapeLiteral(text), parameterText, sql, params));
        const { message, begins } = openingMessage(opening, texts);
        const answered = (await client.query(message)) as unknown as pg.QueryResult | ReadonlyArray<pg.QueryResult>;
        const results = Array.isArray(answered) ? answered : [answered as pg.QueryResult];
        return results.slice(begins ? 1 : 0).map((result) => result.rows);
      });
    },
    exec: (sql: string) => {
      noteWrite(null);
      return inTurn(async () => {
        await begin();
        await client.query(sql);
      });
    },
    // a read of tables the transaction has not written is the one kept for everyone (decision 103); any other is made
    remember: <V>(key: string, read: () => Promise<V>, tables?: ReadonlyArray<string>) =>
      (tables === undefined ? null : (remembered(key, read, tables) as Promise<V> | null)) ?? read(),
    beforeCommit: async (sql: string, tables: ReadonlyArray<string>) => {
      noteWrite(tables);
      lastly.push(sql);
    },
  };
};

const isUpkeep = (sql: string): boolean => /^\s*(vacuum|analyze|checkpoint)\b/i.test(sql);

const READ_CHANGE_COUNTS = 'select count as "all", untold, tables from data_changes where id = 1';

/** Any fixed number: servers starting together create the change count once. */
const CHANGE_COUNT_LOCK = 7_241_004;

/**
 * The database's change counts (one row): every transaction that writes raises them just before
 * it commits (its own, `count`; each table it wrote, in `tables`; `untold` when it ran a statement
 * whose tables cannot be told), so a server can tell whether what an answer read changed since it
 * read it (decisions 046 and 099). It is the adapter's own bookkeeping, like schema_migrations, so
 * it exists before any migration; a database made before the table counts gains their columns.
 */
const createChangeCount = (tx: Queryable): Promise<unknown> =>
  tx.exec(`select pg_advisory_xact_lock(${CHANGE_COUNT_LOCK});
    create table if not exists data_changes (id int primary key check (id = 1), count bigint not null);
    alter table data_changes add column if not exists untold bigint not null default 0;
    alter table data_changes add column if not exists tables jsonb not null default '{}';
    insert into data_changes (id, count) values (1, 0) on conflict (id) do nothing`);

/**
 * Raises the change counts for a transaction that wrote `tables` (by name) and `untold` statements
 * whose tables it cannot tell, and commits, in one message: the counts' row is every writer's, and
 * it stays locked from the raise to the commit. Sent apart, a second round trip held it while the
 * server was scheduled again to send the commit, and every other writer queued behind it: at 32
 * clients holding berths on PostgreSQL the raise took 4.5 ms on average, most of it waiting for
 * the row (pg_stat_statements, decision 125). One message takes the simple protocol, so the
 * values are written into the text as literals by the driver's own quoting.
 */
const raiseChangeCountsAndCommit = (client: pg.PoolClient, tables: ReadonlyArray<string>, untold: number): string =>
  `${raiseChangeCounts(`array[${tables.map((table) => client.escapeLiteral(table)).join(", ")}]::text[]`, untold)};
commit`;

/** The raise of the change counts for the tables `tableNames` (an SQL text[]) and `untold` statements whose tables cannot be told. */
const raiseChangeCounts = (tableNames: string, untold: number): string =>
  `update data_changes
   set count = count + 1, untold = untold + ${untold === 0 ? 0 : 1},
       tables = tables || coalesce((select jsonb_object_agg(name, coalesce((tables ->> name)::bigint, 0) + 1) from unnest(${tableNames}) as name), '{}')
 where id = 1
returning count`;

/** Whether a write answers its rows (`returning`). */
const answersRows = (sql: string): boolean => /\breturning\b/i.test(sql);

/** The column a lone write's answer carries its raise's count in (writeAlone). */
const RAISED = "raised change count";

/**
 * A write outside a transaction (`insert`, `update` or `delete` of tables its text names) with the
 * change counts' raise, as one statement: one round trip, where a transaction of its own took
 * three (begin, the write, the raise and the commit), and the counts' row locked for that
 * statement alone (decision 129). The two commit together, as in a transaction. The write's own
 * rows are answered without the count; a write answering no row leaves its count untold, and the
 * server learns it was its own from the change feed.
 */
const writeAlone = (sql: string, params: ReadonlyArray<unknown>): string => {
  const raise = raiseChangeCounts(`$${params.length + 1}::text[]`, 0);
  return answersRows(sql)
    ? `with written as (${sql}), raised as (${raise}) select (select count from raised) as "${RAISED}", written.* from written`
    : `with written as (${sql}), raised as (${raise}) select count as "${RAISED}" from raised`;
};

/** A write `writeAlone` can carry: one statement, not itself a with-query (whose writes must stay at the top). */
const loneWrite = /^\s*(insert|update|delete)\b/i;

/** How many of its own commits' counts a server keeps: an older one forgotten only costs a look of the change feed. */
const OWN_COUNTS_KEPT = 10_000;

/**
 * The change counts this server's own transactions raised, each learnt from its raise once it has
 * committed (a rolled-back raise gives its number to another transaction). Counts are taken one
 * by one in commit order, so the writes after `after` up to `upTo` were all this server's when
 * each of those numbers is here.
 */
const ownCounts = () => {
  const counts = new Set<number>();
  return {
    add: (count: number): void => {
      counts.add(count);
      // the oldest first: a Set iterates in the order its numbers came, which is nearly their order
      if (counts.size <= OWN_COUNTS_KEPT) return;
      for (const old of counts) {
        if (counts.size <= OWN_COUNTS_KEPT / 2) break;
        counts.delete(old);
      }
    },
    cover: (after: number, upTo: number): boolean => {
      if (upTo - after > counts.size) return false;
      for (let count = after + 1; count <= upTo; count += 1) if (!counts.has(count)) return false;
      return true;
    },
  };
};

/** A PostgreSQL server reached through DATABASE_URL, with a pool of connections. */
export const openPostgres = async (connectionString: string): Promise<Database> => {
  // loaded when used: a server on the embedded database never needs the driver (a tenth of its restart)
  const { default: driver } = await import("pg");
  const { default: driverUtils } = await import("pg/lib/utils.js");
  /** int8 (bigserial ids, count(*)) as a number, as PGlite answers it, so both answer the same rows. */
  const types = new driver.TypeOverrides();
  types.setTypeParser(INT8, Number);
  // Parallel workers help one large scan on an idle server; the panel answers many short reads at once, where
  // each worker is a process start and a core taken from the other requests (decision 047). JIT compiling
  // likewise: a lead page at 1,000,000 leads, estimated past jit_above_cost from bounds known only when it
  // runs, spent 55 ms compiling a 0.1 ms read (decision 085).
  const pool = new driver.Pool({ connectionString, types, max: 10, options: "-c max_parallel_workers_per_gather=0 -c jit=off" });
  const own = ownCounts();
  const readCounts = readTogether(async (): Promise<ChangeCounts> => {
    const [row] = (await pool.query<ChangeCounts>(READ_CHANGE_COUNTS)).rows;
    return row ?? { all: 0, untold: 0, tables: {} };
  });
  const changeCounts = () => waitedForDatabase(READ_CHANGE_COUNTS, readCounts);
  const reads = versionedReads(REMEMBERED_READS, changeCounts);
  const transaction = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const opening: Opening = { begun: false };
    try {
      let wrote = false;
      let untold = 0;
      const written = new Set<string>();
      const lastly: string[] = [];
      const result = await work(
        wrapClient(
          client,
          (tables) => {
            wrote = true;
            if (tables === null) untold = 1;
            else for (const table of tables) written.add(table);
          },
          (key, read, tables) => (untold > 0 || tables.some((table) => written.has(table)) ? null : reads.rememberInTransaction(key, read, tables)),
          lastly,
          opening,
          driverUtils.prepareValue,
        ),
      );
      // last, so that the row is locked only while the commit runs: writers queue here, not for their whole transaction
      if (!wrote) {
        // a transaction that ran nothing has nothing to end
        if (opening.begun) await client.query("commit");
        return result;
      }
      // a multi-statement text answers each statement's result, the raise's just before the commit's
      const { message } = openingMessage(opening, [...lastly, raiseChangeCountsAndCommit(client, [...written], untold)]);
      const answers = (await client.query(message)) as unknown as ReadonlyArray<pg.QueryResult<{ count: number }>>;
      const [row] = answers[answers.length - 2]?.rows ?? [];
      if (row !== undefined) own.add(row.count);
      changeCountRaised();
      return result;
    } catch (error) {
      if (opening.begun) await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  };
  // a write outside a transaction is made one, so that it raises the change count as it commits;
  // upkeep (vacuum, analyze) changes no row and may not run inside a transaction
  const query = async <Row>(sql: string, params?: ReadonlyArray<unknown>): Promise<Row[]> => {
    if (isReadOnly(sql) || isUpkeep(sql)) return (await pool.query<Row & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows;
    const tables = writtenTables(sql);
    if (tables === null || !loneWrite.test(sql)) return transaction((tx) => tx.query<Row>(sql, params));
    const rows = (await pool.query<Row & pg.QueryResultRow>(writeAlone(sql, params ?? []), [...(params ?? []), tables])).rows;
    const count = (rows[0] as Record<string, unknown> | undefined)?.[RAISED];
    if (typeof count === "number") own.add(count);
    changeCountRaised();
    return answersRows(sql)
      ? rows.map((row) => {
          const { [RAISED]: _raised, ...written } = row as Record<string, unknown>;
          return written as Row;
        })
      : [];
  };
  // Fails at start, not at the first request, when the server cannot be reached.
  await transaction(createChangeCount);
  return {
    kind: "postgres",
    query,
    queryTogether: (statements) => oneByOne(query, statements),
    exec: (sql: string) => transaction((tx) => tx.exec(sql)),
    transaction,
    remember: reads.remember,
    beforeCommit: (sql: string, tables: ReadonlyArray<string>) => transaction((tx) => tx.beforeCommit(sql, tables)),
    // the call's counts, read once (decision 085): the feed's catch-up before availability makes no round trip of its own
    changeCount: async () => (await countsOfCall(changeCounts)).all,
    committedHere: own.cover,
    close: () => pool.end(),
  };
};
