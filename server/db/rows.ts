import { Schema } from "effect";
import type { Queryable } from "./database.ts";

/**
 * The server's only ways to run SQL (STYLE.md habit 6, "decode every answer"): a read names the
 * schema of its rows and every row is decoded with it, so a column of an unexpected type (numeric
 * arriving as text, a missing alias, a null) fails here, naming the column, instead of travelling
 * on as a wrong value. PGlite and pg answer the same JavaScript types (database.ts): int8 and
 * count(*) as numbers, timestamptz as Date, jsonb parsed; money is integer cents (an int, or a
 * bigint sum read as its text, decision 082) and counts are selected as ::int so that both answer numbers. A statement whose answer is not read (a write, a
 * lock) goes through `execute`. Nothing outside server/db calls `Queryable.query` itself.
 */

/** A schema that decodes one row, as the database answers it, without services. */
export type RowSchema = Schema.ConstraintDecoder<unknown>;

/** Every row of a read, each decoded with `schema`. */
export const queryRows = async <S extends RowSchema>(
  db: Queryable,
  schema: S,
  sql: string,
  params?: ReadonlyArray<unknown>,
): Promise<Array<S["Type"]>> => {
  const decode = Schema.decodeUnknownSync(schema);
  return (await db.query<unknown>(sql, params)).map((row) => decode(row));
};

/** A read sent with others (queryRowsTogether): its rows' schema, its statement and parameters. */
export interface RowsRead<S extends RowSchema> {
  readonly schema: S;
  readonly sql: string;
  readonly params: ReadonlyArray<unknown>;
}

/** Reads sent together (Queryable.queryTogether), in order, each one's rows decoded with its schema. */
export const queryRowsTogether = async <const Reads extends ReadonlyArray<RowsRead<RowSchema>>>(
  db: Queryable,
  reads: Reads,
): Promise<{ -readonly [K in keyof Reads]: Array<Reads[K]["schema"]["Type"]> }> => {
  const answers = await db.queryTogether(reads.map(({ sql, params }) => ({ sql, params })));
  const decoded = reads.map((read, index) => {
    const decode = Schema.decodeUnknownSync(read.schema);
    return (answers[index] ?? []).map((row) => decode(row));
  });
  // a tuple mapped element by element: TypeScript types the array, not each place
  return decoded as { -readonly [K in keyof Reads]: Array<Reads[K]["schema"]["Type"]> };
};

/** The first row of a read, decoded with `schema`, or null when it answers none. */
export const queryOne = async <S extends RowSchema>(
  db: Queryable,
  schema: S,
  sql: string,
  params?: ReadonlyArray<unknown>,
): Promise<S["Type"] | null> => {
  const [row] = await db.query<unknown>(sql, params);
  return row === undefined ? null : Schema.decodeUnknownSync(schema)(row);
};

/**
 * The parameters of a statement written piece by piece: `param(value)` adds one and answers its
 * placeholder ($1, $2...), `params` is what the statement is then run with.
 */
export const statementParams = (): { readonly params: unknown[]; readonly param: (value: unknown) => string } => {
  const params: unknown[] = [];
  return {
    params,
    param: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
};

/** Runs a statement whose answer nobody reads: a write, or a lock taken for the transaction. */
export const execute = async (db: Queryable, sql: string, params?: ReadonlyArray<unknown>): Promise<void> => {
  await db.query<unknown>(sql, params);
};

/** A row that is an id: of a sequence, or of the rows a read locks or counts. */
export const IdRow = Schema.Struct({ id: Schema.Int });

const CountRow = Schema.Struct({ count: Schema.Int });

/** The `count` column (an ::int) of the first row of `sql`; 0 when it answers none. */
export const queryCount = async (db: Queryable, sql: string, params?: ReadonlyArray<unknown>): Promise<number> =>
  (await queryOne(db, CountRow, sql, params))?.count ?? 0;

const ExistsRow = Schema.Struct({ found: Schema.Boolean });

/** Whether `select` answers any row (it is asked as `select exists (...)`). */
export const queryExists = async (db: Queryable, select: string, params?: ReadonlyArray<unknown>): Promise<boolean> =>
  (await queryOne(db, ExistsRow, `select exists (${select}) as found`, params))?.found === true;

/** The next value of the id sequence of `table` (a serial column named id), for a record about to be created. */
export const nextId = async (tx: Queryable, table: string): Promise<number> => {
  const row = await queryOne(tx, IdRow, "select nextval(pg_get_serial_sequence($1, 'id'))::int as id", [table]);
  if (row === null) throw new Error(`no id from the ${table} sequence`);
  return row.id;
};

/** The next `count` values of `table`'s id sequence in one statement: a reservation's spaces are numbered at once. */
export const nextIds = async (tx: Queryable, table: string, count: number): Promise<number[]> =>
  count === 0
    ? []
    : (await queryRows(tx, IdRow, "select nextval(pg_get_serial_sequence($1, 'id'))::int as id from generate_series(1, $2)", [table, count])).map(({ id }) => id);

const IdWithIdsRow = Schema.Struct({ id: Schema.Int, ids: Schema.Array(Schema.Int) });

/**
 * The next value of `table`'s id sequence and the next `count` of `parts`' in one statement: a
 * record whose parts are numbered when it is created (a reservation's spaces) takes them all in
 * one round trip.
 */
export const nextIdWithParts = async (tx: Queryable, table: string, parts: string, count: number): Promise<{ readonly id: number; readonly ids: ReadonlyArray<number> }> => {
  const row = await queryOne(
    tx,
    IdWithIdsRow,
    `select nextval(pg_get_serial_sequence($1, 'id'))::int as id,
            array(select nextval(pg_get_serial_sequence($2, 'id'))::int from generate_series(1, $3)) as ids`,
    [table, parts, count],
  );
  if (row === null) throw new Error(`no id from the ${table} sequence`);
  return row;
};

/** Takes the transaction-wide advisory lock `key` (any fixed number): held until commit or rollback. */
export const lockTransaction = (tx: Queryable, key: number): Promise<void> =>
  execute(tx, "select pg_advisory_xact_lock($1)", [key]);

/** `rows` by `key`, each group's `value`s in the rows' order. */
export const groupedBy = <Row, Value>(rows: ReadonlyArray<Row>, key: (row: Row) => number, value: (row: Row) => Value): ReadonlyMap<number, ReadonlyArray<Value>> => {
  const groups = new Map<number, Value[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group === undefined) groups.set(key(row), [value(row)]);
    else group.push(value(row));
  }
  return groups;
};
