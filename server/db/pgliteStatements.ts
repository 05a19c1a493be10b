import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import { LRUCache } from "lru-cache";

const { serialize } = protocol;

/** One statement PostgreSQL keeps parsed, and the types of its parameters. */
interface Prepared {
  readonly name: string;
  readonly parameterTypes: ReadonlyArray<number>;
}

/** Statements that read or write rows: the ones worth keeping; DDL and the like run as PGlite runs them. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's type oid of `bytea`. */
const BYTEA = 17;

/** Statements named so far, in this process: names stay unique whatever runs on one PGlite. */
let named = 0;

const joined = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
};

/**
 * Runs statements on PGlite as named prepared statements, each parsed once per database session
 * (docs/decisions/052). PGlite's own `query` parses, describes, binds, describes and executes every
 * statement anew, six calls into the WebAssembly backend, each planned again; here a statement
 * seen before is one call (bind, describe, execute, sync), and PostgreSQL may reuse its plan.
 * The parsed statements are bounded (least recently used closed first) and forgotten before any
 * statement that is not a read or a write of rows (`forgetAll`), as a change of schema could alter
 * what they return.
 */
export const preparedStatements = (pglite: PGlite, capacity: number) => {
  /** Statements dropped from the cache, closed on the backend with the next call. */
  let closing: Uint8Array[] = [];
  const statements = new LRUCache<string, Prepared>({
    max: capacity,
    dispose: (prepared) => {
      closing.push(serialize.close({ type: "S", name: prepared.name }));
    },
  });

  const send = (parts: ReadonlyArray<Uint8Array>) => {
    const message = joined([...closing, ...parts, serialize.sync()]);
    closing = [];
    return pglite.execProtocolStream(message, { syncToFs: false });
  };

  const prepare = async (sql: string): Promise<Prepared> => {
    const known = statements.get(sql);
    if (known !== undefined) return known;
    named += 1;
    const name = `s${named}`;
    const described = await send([serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: "S", name })]);
    const prepared = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    statements.set(sql, prepared);
    return prepared;
  };

  const valuesOf = (prepared: Prepared, params: ReadonlyArray<unknown>): Array<string | Uint8Array | null> =>
    params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = prepared.parameterTypes[index] ?? 0;
      // Bytes go as they are, in binary format: PGlite's bytea serializer writes hex text in
      // JavaScript a byte at a time, and its writer measures and copies every character of a text
      // value, on the event loop (an image of 2 MB held every other request for 100-500 ms).
      if (type === BYTEA && param instanceof Uint8Array) return param;
      const serializer = pglite.serializers[type];
      return serializer ? serializer(param) : String(param);
    });

  return {
    /** Whether `sql` runs as a prepared statement (otherwise: PGlite's own `query`). */
    preparable: (sql: string): boolean => PREPARABLE.test(sql),
    /** Runs one statement; `inTransaction` leaves the flush to disk to the transaction's end, as PGlite does. */
    run: <Row>(sql: string, params: ReadonlyArray<unknown>, inTransaction: boolean): Promise<Row[]> =>
      pglite.runExclusive(async () => {
        const prepared = await prepare(sql);
        const answer = await send([
          serialize.bind({ statement: prepared.name, values: valuesOf(prepared, params) }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
        ]);
        if (!inTransaction) await pglite.syncToFs();
        // rows are typed by their reader, as PGlite's own `query<Row>` types them: unchecked here
        return (parse.parseResults(answer, pglite.parsers)[0]?.rows ?? []) as unknown as Row[];
      }),
    /**
     * Forgets every statement before a change of schema that could alter what one returns: the
     * caller runs the answer, SQL that drops them on the backend too, before its own.
     */
    forgetAll: (): string => {
      statements.clear();
      closing = [];
      return "deallocate all";
    },
  };
};
