import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync } from "node:fs";
import { type Database, oneByOne, type Queryable } from "./database.ts";

/**
 * The request a statement runs for ("GET /api/leads?q=..."), set by the HTTP layer while the log is
 * on: the server's own work (the due reminders, the event feed's poll, upkeep) runs beside the
 * requests, and a bench that took every line after a request as its own replayed that work too.
 */
export const statementRequest = new AsyncLocalStorage<string>();

/** One statement the server ran: its text, its parameters, whether a transaction ran it, its request, and the driver's time. */
export interface LoggedStatement {
  readonly sql: string;
  readonly params: ReadonlyArray<unknown>;
  readonly inTransaction: boolean;
  /** Null for the server's own work, outside any request. */
  readonly request: string | null;
  readonly ms: number;
  /** Run just before the commit, in its message (Queryable.beforeCommit): its time is the commit's. */
  readonly beforeCommit?: true;
  /** Sent with the others of the same number (Queryable.queryTogether): each is given an equal share of their time. */
  readonly together?: number;
  /**
   * The adapter's own read of the change counts (PostgreSQL), which every call waits for and the
   * calls asking while one is under way share (decision 127): a replay shares it the same way (decision 136).
   */
  readonly sharedRead?: true;
}

const timed =
  (query: Queryable["query"], inTransaction: boolean, write: (entry: LoggedStatement) => void) =>
  async <Row>(sql: string, params?: ReadonlyArray<unknown>): Promise<Row[]> => {
    const started = performance.now();
    const rows = await query<Row>(sql, params);
    write({ sql, params: params ?? [], inTransaction, request: statementRequest.getStore() ?? null, ms: performance.now() - started });
    return rows;
  };

/**
 * `db` telling `write` every statement it runs, with its parameters and time (decision 085): the
 * bench replays an endpoint's own statements through a plain connection to know the database's
 * limit, instead of SQL copied into it by hand. Remembered answers run no statement and tell nothing.
 */
export const loggingStatements = (db: Database, write: (entry: LoggedStatement) => void): Database => {
  const query = timed((sql, params) => db.query(sql, params), false, write);
  let groups = 0;
  return {
    ...db,
    query,
    queryTogether: (statements) => oneByOne(query, statements),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          ...tx,
          query: timed((sql, params) => tx.query(sql, params), true, write),
          queryTogether: async (statements) => {
            const started = performance.now();
            const rows = await tx.queryTogether(statements);
            const ms = (performance.now() - started) / Math.max(1, statements.length);
            groups += 1;
            const request = statementRequest.getStore() ?? null;
            for (const { sql, params } of statements) write({ sql, params, inTransaction: true, request, ms, together: groups });
            return rows;
          },
          beforeCommit: (sql, tables) => {
            write({ sql, params: [], inTransaction: true, request: statementRequest.getStore() ?? null, ms: 0, beforeCommit: true });
            return tx.beforeCommit(sql, tables);
          },
        }),
      ),
  };
};

/** The database's time of the request running now, summed over its statements (STATEMENT_TIMING). */
export interface RequestDatabaseTime {
  ms: number;
  statements: number;
}

/** Set by the HTTP layer for each request while STATEMENT_TIMING is on. */
export const requestDatabaseTime = new AsyncLocalStorage<RequestDatabaseTime>();

/**
 * `db` adding each statement's driver time to its request's (decision 085): the bench takes the
 * database's part of a read from the same request it times, not from a replay minutes later, so
 * that the parts of a read's time meet the same load and add up.
 */
export const timingStatements = (db: Database): Database =>
  loggingStatements(db, (entry) => {
    const time = requestDatabaseTime.getStore();
    if (time === undefined) return;
    time.ms += entry.ms;
    time.statements += 1;
  });

/** Where the adapter's own reads are logged (STATEMENT_LOG): they run below every wrapper of `db`. */
let ownReadsLog: ((entry: LoggedStatement) => void) | undefined;

/** Logs the adapter's own reads to `write` from now on, or no more (undefined) (decision 136). */
export const loggingOwnReads = (write: ((entry: LoggedStatement) => void) | undefined): void => {
  ownReadsLog = write;
};

/**
 * Waits for `read`, the statement `sql` the database adapter runs for itself (PostgreSQL's change
 * counts, asked by every call's sign-in check), charging the wait to the running request's
 * database time as `timingStatements` charges each of its statements (decision 102), and telling
 * the statement log that the request waited for it (decision 136).
 */
export const waitedForDatabase = async <T>(sql: string, read: () => Promise<T>): Promise<T> => {
  const time = requestDatabaseTime.getStore();
  const log = ownReadsLog;
  if (time === undefined && log === undefined) return read();
  const started = performance.now();
  const answer = await read();
  const ms = performance.now() - started;
  if (time !== undefined) {
    time.ms += ms;
    time.statements += 1;
  }
  log?.({ sql, params: [], inTransaction: false, request: statementRequest.getStore() ?? null, ms, sharedRead: true });
  return answer;
};

/** The statements appended to `file`, a JSON line each (STATEMENT_LOG). */
export const statementFile =
  (file: string) =>
  (entry: LoggedStatement): void => {
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  };
