/** One statement and its parameters. */
export interface Statement {
  readonly sql: string;
  readonly params: ReadonlyArray<unknown>;
}

/** What a query runs on: the database itself or one open transaction. */
export interface Queryable {
  query<Row>(sql: string, params?: ReadonlyArray<unknown>): Promise<Row[]>;
  /**
   * Statements run one after the other, each as if asked alone (its own snapshot, so one after a
   * lock reads what the lock's holder committed), and each one's rows, in order. Inside a
   * transaction on PostgreSQL they go in one message, with the transaction's `begin` when they are
   * its first statements: a command's first reads cost one round trip (decision 130).
   */
  queryTogether(statements: ReadonlyArray<Statement>): Promise<ReadonlyArray<ReadonlyArray<unknown>>>;
  /** Runs several statements without parameters (migrations): PGlite only accepts them through `exec`. */
  exec(sql: string): Promise<void>;
  /**
   * The answer of `read`, from memory when the same key was read since the database last changed
   * what it reads. PGlite (this process the one writer) forgets it at this process's next write of
   * one of `tables` (of any table when none are named), and inside a transaction reads again what
   * the transaction wrote. PostgreSQL keeps an answer while the database's change count, which
   * every server's writes raise, stands, and inside a transaction always reads. `key` names the
   * read and its arguments; an answer may be shared, so nobody changes it.
   */
  remember<V>(key: string, read: () => Promise<V>, tables?: ReadonlyArray<string>): Promise<V>;
  /**
   * Statements without parameters that write `tables` (a function's call names none in its text),
   * run last, just before the transaction commits: on PostgreSQL in the commit's own message, so
   * that a row every writer takes (a total that makes them go one at a time) is held for that one
   * message, not across the server's turns between round trips (decision 128). Outside a
   * transaction they run at once.
   */
  beforeCommit(sql: string, tables: ReadonlyArray<string>): Promise<void>;
}

/** Statements run one after the other through `query`: each one's rows (Queryable.queryTogether where nothing sends them together). */
export const oneByOne = async (query: Queryable["query"], statements: ReadonlyArray<Statement>): Promise<ReadonlyArray<ReadonlyArray<unknown>>> => {
  const answers: Array<ReadonlyArray<unknown>> = [];
  for (const { sql, params } of statements) answers.push(await query<unknown>(sql, params));
  return answers;
};

export type DatabaseKind = "pglite" | "postgres";

/**
 * The one storage interface of the server. The same SQL runs on embedded PGlite and on PostgreSQL;
 * both answer int8 and count(*) as numbers, timestamptz as Date and jsonb as parsed JSON.
 */
export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * How many writing transactions the database has committed, where other servers may write
   * (PostgreSQL): raised by each before it commits. null where this process is the one writer.
   */
  readonly changeCount: (() => Promise<number>) | null;
  /**
   * Whether every write counted after `after`, up to `upTo`, was committed by this process (each
   * of its writing transactions learns the count it raised): null where `changeCount` is.
   */
  readonly committedHere: ((after: number, upTo: number) => boolean) | null;
  close(): Promise<void>;
}

/** A select's row locks (`for update of c skip locked`, `for share`): they change no row. */
const rowLocks = /\bfor\s+(no\s+key\s+)?(update|share)(\s+of\s+[\w\s,]+?)?(\s+(nowait|skip\s+locked))?\s*$/i;

/**
 * A select, or a with-query whose parts are selects; any other statement is a change. A select
 * that locks its rows reads: a command takes them so before it decides, and counting the lock as
 * a change forgot every remembered read at each one.
 */
export const isReadOnly = (sql: string): boolean => {
  const read = sql.replace(rowLocks, "");
  return /^\s*(select|with)\b/i.test(read) && !/\b(insert|update|delete|merge)\b/i.test(read);
};

/**
 * The tables a writing statement writes (`insert into`, `update`, `delete from`), or null when it
 * may write what it does not name (schema changes, upkeep, several statements of a migration):
 * then every table counts as changed. No table here has a trigger or rule writing another.
 */
export const writtenTables = (sql: string): ReadonlyArray<string> | null => {
  if (/\b(truncate|alter|create|drop|copy|grant|revoke|vacuum|analyze|reindex|cluster|merge|call|refresh|import|lock)\b/i.test(sql)) return null;
  const tables = [...sql.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => (match[1] ?? "").toLowerCase());
  return tables.length > 0 ? tables : null;
};

/** The SQLSTATE PostgreSQL (and PGlite) report for a unique constraint violation. */
export const UNIQUE_VIOLATION = "23505";

export const sqlState = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
};
