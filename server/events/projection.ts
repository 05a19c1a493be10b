import { Schema } from "effect";
import type { AnyStateMachine, EventFromLogic } from "xstate";
import type { Queryable } from "../db/database.ts";
import { execute, queryOne } from "../db/rows.ts";
import type { RecordType } from "./command.ts";
import { toMachineEvent } from "./decode.ts";
import { nextStatus } from "../../src/machines/domain/verdict.ts";
import type { StoredEvent } from "./store.ts";

/** The read tables fed by one stream, and how an event of that stream changes them. */
export interface Projection {
  readonly stream: string;
  /** Emptied by a rebuild. */
  readonly tables: ReadonlyArray<string>;
  /** Serial columns whose sequence a rebuild sets past the highest replayed id. */
  readonly sequences: ReadonlyArray<{ readonly table: string; readonly column: string }>;
  readonly apply: (tx: Queryable, event: StoredEvent) => Promise<void>;
}

/**
 * The projections the event store feeds, by stream. The store knows no feature: the server's
 * composition (server/projections.ts) registers each feature's projection, and buildApp those of
 * records declared at run time. One already known for a stream stays.
 */
const byStream = new Map<string, Projection>();

export const registerProjections = (projections: ReadonlyArray<Projection>): void => {
  for (const projection of projections) {
    if (!byStream.has(projection.stream)) byStream.set(projection.stream, projection);
  }
};

/** Updates the read tables for one event, in the transaction that appended it (or a rebuild). */
export const project = async (tx: Queryable, event: StoredEvent): Promise<void> => {
  const projection = byStream.get(event.stream);
  if (!projection) throw new Error(`no projection for stream '${event.stream}'`);
  await projection.apply(tx, event);
};

/** The bookkeeping columns of a record's read row, as one stored event leaves them. */
export interface RowState {
  /** The row's key: the stream id, as a number for a serial id column. */
  readonly id: number | string;
  readonly status: string;
  readonly version: number;
  readonly at: Date;
}

const StatusRow = Schema.Struct({ status: Schema.String });

/**
 * The bookkeeping of the row `id` after a stored event: the status the record's machine moves to
 * from the row's stored one (none yet for a create), the event's version and time. An event that
 * does not apply is a bug: the store only holds what the machine accepted.
 */
const rowAfter = async <M extends AnyStateMachine>(
  tx: Queryable,
  record: RecordType<M>,
  stored: StoredEvent,
  event: EventFromLogic<M>,
  id: number | string,
): Promise<RowState> => {
  const row = await queryOne(tx, StatusRow, `select status from ${record.table} where id = $1`, [id]);
  const status = nextStatus(record.machine, row?.status ?? null, event);
  if (status === null) {
    throw new Error(`${record.stream} ${stored.streamId}: stored event ${stored.id} (${stored.type}) does not apply`);
  }
  return { id, status, version: stored.version, at: stored.occurredAt };
};

/** Column names of the code's own tables (never input) with the values to write. */
export type Columns = Readonly<Record<string, unknown>>;

const placeholders = (values: ReadonlyArray<unknown>): string => values.map((_, index) => `$${index + 1}`).join(", ");

/** Inserts a record's read row: its key, bookkeeping (created and updated at the event's time) and `columns`. */
export const insertRow = (tx: Queryable, table: string, row: RowState, columns: Columns): Promise<void> => {
  const names = ["id", "status", "version", "created_at", "updated_at", ...Object.keys(columns)];
  const values = [row.id, row.status, row.version, row.at, row.at, ...Object.values(columns)];
  return execute(tx, `insert into ${table} (${names.join(", ")}) values (${placeholders(values)})`, values);
};

/** Updates a record's read row: its bookkeeping and `columns` (none: only the bookkeeping). */
export const updateRow = (tx: Queryable, table: string, row: RowState, columns: Columns = {}): Promise<void> => {
  const names = ["status", "version", "updated_at", ...Object.keys(columns)];
  const values = [row.status, row.version, row.at, ...Object.values(columns)];
  const set = names.map((name, index) => `${name} = $${index + 1}`).join(", ");
  return execute(tx, `update ${table} set ${set} where id = $${values.length + 1}`, [...values, row.id]);
};

/**
 * The projection of a record ruled by a domain machine: each stored event is turned back into its
 * machine event (decoded with `events`), the row's bookkeeping after it is worked out (rowAfter),
 * and `apply` writes the row's own columns. The record's table is emptied by a rebuild, with the
 * tables it `alsoFills`; a serial key (the default) has its sequence set past the replayed ids.
 */
export const recordProjection = <M extends AnyStateMachine, S extends Schema.Codec<EventFromLogic<M>, unknown>>(spec: {
  readonly record: RecordType<M>;
  readonly events: S;
  readonly alsoFills?: ReadonlyArray<string>;
  /** How the table is keyed: a serial id (the stream id as a number) or the stream id as text. */
  readonly key?: "serial" | "text";
  readonly apply: (tx: Queryable, event: S["Type"], row: RowState) => Promise<void>;
}): Projection => {
  const { record, events } = spec;
  const serial = spec.key !== "text";
  return {
    stream: record.stream,
    tables: [record.table, ...(spec.alsoFills ?? [])],
    sequences: serial ? [{ table: record.table, column: "id" }] : [],
    apply: async (tx, stored) => {
      const event = toMachineEvent(events, stored);
      const id = serial ? Number(stored.streamId) : stored.streamId;
      await spec.apply(tx, event, await rowAfter(tx, record, stored, event, id));
    },
  };
};
