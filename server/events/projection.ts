import { Schema } from "effect";
import type { AnyStateMachine, EventFromLogic } from "xstate";
import type { Queryable } from "../db/database.ts";
import { execute, queryOne, queryRows } from "../db/rows.ts";
import type { RecordType } from "./command.ts";
import { toMachineEvent } from "./decode.ts";
import { nextStatus, snapshotAt } from "../../src/machines/domain/verdict.ts";
import type { StoredEvent } from "./store.ts";

/** The read tables fed by one stream, and how an event of that stream changes them. */
export interface Projection {
  readonly stream: string;
  /** The domain machine of a record's stream: what its history reads each event's state from. */
  readonly machine?: AnyStateMachine;
  /** Emptied by a rebuild. */
  readonly tables: ReadonlyArray<string>;
  /** Serial columns whose sequence a rebuild sets past the highest replayed id. */
  readonly sequences: ReadonlyArray<{ readonly table: string; readonly column: string }>;
  readonly apply: (tx: Queryable, event: StoredEvent) => Promise<void>;
  /** What a rebuild may write together instead of one event at a time; none: every event by `apply`. */
  readonly batch?: ProjectionBatch;
  /** Runs once after a rebuild has replayed every event: what its batches leave to be worked out over the whole table. */
  readonly settle?: (tx: Queryable) => Promise<void>;
  /**
   * Indexes of its tables that only the lists read, never `apply`, `batch` or `settle`: a rebuild
   * sets them aside while it replays and builds each once at the end.
   */
  readonly listIndexes?: ReadonlyArray<string>;
}

/**
 * Events of a stream that a rebuild writes together: a run of consecutive events that `takes`
 * (in id order, at most `MAX_RUN`) is handed to `apply` at once. An event it takes must need no
 * row written by the others of its run, and `apply` must leave the rows the projection's one-by-one
 * `apply` would.
 */
export interface ProjectionBatch {
  readonly takes: (event: StoredEvent) => boolean;
  readonly apply: (tx: Queryable, run: ReadonlyArray<StoredEvent>) => Promise<void>;
}

/** The most events in one run of a batch, which bounds one statement: 1000 leads are a few hundred KB. */
export const MAX_RUN = 1000;

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

/** The projection registered for `stream`, if any. */
export const findProjection = (stream: string): Projection | undefined => byStream.get(stream);

/** The projection registered for `stream`; an event of a stream nobody projects is a bug. */
export const projectionOf = (stream: string): Projection => {
  const projection = byStream.get(stream);
  if (!projection) throw new Error(`no projection for stream '${stream}'`);
  return projection;
};

/** Updates the read tables for one event, in the transaction that appended it (or a rebuild). */
export const project = (tx: Queryable, event: StoredEvent): Promise<void> => projectionOf(event.stream).apply(tx, event);

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
 * The bookkeeping of the row `id` after a stored event: the `status` the record's machine moved it
 * to, the event's version and time. An event the machine does not take (null) is a bug: the store
 * only holds what the machine accepted.
 */
const rowWith = <M extends AnyStateMachine>(record: RecordType<M>, status: string | null, stored: StoredEvent, id: number | string): RowState => {
  if (status === null) {
    throw new Error(`${record.stream} ${stored.streamId}: stored event ${stored.id} (${stored.type}) does not apply`);
  }
  return { id, status, version: stored.version, at: stored.occurredAt };
};

/**
 * Whether a stored event is its stream's first, which finds no row: a record's row is written by
 * its own events alone, and a rebuild empties the table before replaying them (decision 104).
 */
const opensStream = (stored: StoredEvent): boolean => stored.version === 1;

/**
 * The row `id` after a stored event, from the status stored in it; a stream's first event's status
 * is read from nothing, one round trip less for every record created.
 */
const rowAfter = async <M extends AnyStateMachine>(
  tx: Queryable,
  record: RecordType<M>,
  stored: StoredEvent,
  event: EventFromLogic<M>,
  id: number | string,
): Promise<RowState> => {
  const row = opensStream(stored) ? null : await queryOne(tx, StatusRow, `select status from ${record.table} where id = $1`, [id]);
  return rowWith(record, nextStatus(record.machine, row?.status ?? null, event), stored, id);
};

/**
 * nextStatus from the initial state, for many creates: the guards pick the transition a create takes
 * (cheaply: nothing runs), and every create that takes the same transition reaches the same state (a
 * domain machine keeps no context but a refusal, verdict.ts), so the machine runs each transition
 * once. Running it for every one of 100,000 leads was a quarter of their rebuild (decision 045).
 */
const createStatuses = <M extends AnyStateMachine>(machine: M): ((event: EventFromLogic<M>) => string | null) => {
  const logic: AnyStateMachine = machine;
  const initial = snapshotAt(logic, null);
  const byTransition = new Map<unknown, string | null>();
  return (event) => {
    const transitions = logic.getTransitionData(initial, event);
    const [taken] = transitions;
    if (taken === undefined || transitions.length > 1) return nextStatus(machine, null, event);
    if (!byTransition.has(taken)) byTransition.set(taken, nextStatus(machine, null, event));
    return byTransition.get(taken) ?? null;
  };
};

/** Column names of the code's own tables (never input) with the values to write. */
export type Columns = Readonly<Record<string, unknown>>;

const placeholders = (values: ReadonlyArray<unknown>): string => values.map((_, index) => `$${index + 1}`).join(", ");

const ColumnType = Schema.Struct({ name: Schema.String, type: Schema.String });

/**
 * Inserts `rows` (each the values of `columns`, in that order) into `table` in one statement. The
 * rows travel as one JSON array of arrays, each value cast to its column's type, read first from
 * the catalogue: PGlite writes 100,000 leads about 1 s sooner than with 14 parameters a lead
 * (decision 045), and 2 s sooner than as objects (json_populate_recordset looks every key up in
 * every row). Each value must come back from JSON text as its column's type: text, a number, a
 * boolean, a date, jsonb, an array or null.
 */
export const insertRows = async (tx: Queryable, table: string, columns: string, rows: ReadonlyArray<ReadonlyArray<unknown>>): Promise<void> => {
  const names = columns.split(",").map((name) => name.trim());
  const types = new Map(
    (
      await queryRows(
        tx,
        ColumnType,
        "select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attname = any($2::text[])",
        [table, names],
      )
    ).map((column) => [column.name, column.type]),
  );
  const values = names.map((name, index) => {
    const type = types.get(name);
    if (type === undefined) throw new Error(`${table} has no column ${name}`);
    // JSON stays JSON (a string too); its null, as any other, is the column's null; a JSON array of an array column its elements
    if (type === "jsonb" || type === "json") return `nullif(row->${index}, 'null')::${type}`;
    if (type.endsWith("[]")) return `array(select jsonb_array_elements_text(row->${index}))::${type}`;
    return `(row->>${index})::${type}`;
  });
  await execute(tx, `insert into ${table} (${names.join(", ")}) select ${values.join(", ")} from jsonb_array_elements($1::jsonb) row`, [
    JSON.stringify(rows),
  ]);
};

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

/** What an event's handler in a record's projection is given: the event, its row's bookkeeping, and that row's insert and update. */
export interface Writing<Event> {
  readonly tx: Queryable;
  readonly event: Event;
  readonly row: RowState;
  /** insertRow of the record's table and this row. */
  readonly insert: (columns: Columns) => Promise<void>;
  /** updateRow of the record's table and this row. */
  readonly update: (columns?: Columns) => Promise<void>;
}

/** A record's projection's handlers: one for each type of its machine's events. */
export type Handlers<Event extends { readonly type: string }> = {
  readonly [Type in Event["type"]]: (writing: Writing<Extract<Event, { readonly type: Type }>>) => Promise<void>;
};

/** A record's create event, with the bookkeeping of the row it makes. */
export interface Create<Event> {
  readonly event: Event;
  readonly row: RowState;
}

/**
 * The projection of a record ruled by a domain machine: each stored event is turned back into its
 * machine event (decoded with `events`), the row's bookkeeping after it is worked out (rowAfter),
 * and the event type's handler in `on` writes the row's own columns. The record's table is emptied by a rebuild, with the
 * tables it `alsoFills`; a serial key (the default) has its sequence set past the replayed ids.
 */
export const recordProjection = <
  M extends AnyStateMachine,
  S extends Schema.Codec<EventFromLogic<M>, unknown>,
  CreateType extends string = never,
>(spec: {
  readonly record: RecordType<M>;
  readonly events: S;
  readonly alsoFills?: ReadonlyArray<string>;
  /** How the table is keyed: a serial id (the stream id as a number) or the stream id as text. */
  readonly key?: "serial" | "text";
  readonly on: Handlers<S["Type"]>;
  /**
   * The record's create event (`type`), which a rebuild may write many at a time: a record's first
   * event finds no row, so its status is the machine's answer from the initial state and a run of
   * creates reads nothing. `apply` must write what its handler in `on` writes for each of them.
   */
  readonly creates?: {
    readonly type: CreateType & S["Type"]["type"];
    readonly apply: (tx: Queryable, creates: ReadonlyArray<Create<Extract<S["Type"], { readonly type: NoInfer<CreateType> }>>>) => Promise<void>;
  };
  /** Runs once after a rebuild (Projection.settle). */
  readonly settle?: (tx: Queryable) => Promise<void>;
  /** Indexes only the lists read (Projection.listIndexes). */
  readonly listIndexes?: ReadonlyArray<string>;
}): Projection => {
  const { record, events, creates } = spec;
  const serial = spec.key !== "text";
  const idOf = (stored: StoredEvent) => (serial ? Number(stored.streamId) : stored.streamId);
  const isCreate = (event: S["Type"]): event is Extract<S["Type"], { readonly type: CreateType }> => event.type === creates?.type;
  return {
    stream: record.stream,
    machine: record.machine,
    tables: [record.table, ...(spec.alsoFills ?? [])],
    sequences: serial ? [{ table: record.table, column: "id" }] : [],
    ...(spec.settle && { settle: spec.settle }),
    ...(spec.listIndexes && { listIndexes: spec.listIndexes }),
    apply: async (tx, stored) => {
      const event = toMachineEvent(events, stored);
      const row = await rowAfter(tx, record, stored, event, idOf(stored));
      // the handler of the event's own type: `on` has one for each type, each taking its type's events
      const handler = spec.on[event.type as S["Type"]["type"]] as (writing: Writing<S["Type"]>) => Promise<void>;
      await handler({
        tx,
        event,
        row,
        insert: (columns) => insertRow(tx, record.table, row, columns),
        update: (columns) => updateRow(tx, record.table, row, columns),
      });
    },
    ...(creates && {
      batch: {
        takes: (stored) => stored.type === creates.type && opensStream(stored),
        apply: (tx, run) => {
          const statusAfter = createStatuses(record.machine);
          return creates.apply(
            tx,
            run.map((stored) => {
              const event = toMachineEvent(events, stored);
              if (!isCreate(event)) throw new Error(`${record.stream}: stored event ${stored.id} is not a ${creates.type}`);
              return { event, row: rowWith(record, statusAfter(event), stored, idOf(stored)) };
            }),
          );
        },
      },
    }),
  };
};
