import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { type Queryable, sqlState, UNIQUE_VIOLATION } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";

/** One row of the append-only `events` table. */
export interface StoredEvent {
  readonly id: number;
  readonly stream: string;
  readonly streamId: string;
  readonly version: number;
  readonly type: string;
  readonly data: unknown;
  readonly actorId: number | null;
  readonly occurredAt: Date;
}

export interface NewEvent {
  readonly stream: string;
  readonly streamId: string;
  /** The version the writer read; the event gets the next one. 0 for a new record. */
  readonly expectedVersion: number;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly actorId: number | null;
  readonly occurredAt: Date;
}

/** Hashes and tokens are in the events so a rebuild can restore them; no reader ever sees them. */
export const isSecret = (field: string): boolean => /hash|token|password/i.test(field);

/** One row of `events` as selected with `eventColumns`. */
export const EventRow = Schema.Struct({
  id: Schema.Int,
  stream: Schema.String,
  stream_id: Schema.String,
  version: Schema.Int,
  type: Schema.String,
  data: Schema.Unknown,
  actor_id: Schema.NullOr(Schema.Int),
  occurred_at: Schema.Date,
});
export type EventRow = typeof EventRow.Type;

export const eventColumns = "id, stream, stream_id, version, type, data, actor_id, occurred_at";

export const toStoredEvent = (row: EventRow): StoredEvent => ({
  id: row.id,
  stream: row.stream,
  streamId: row.stream_id,
  version: row.version,
  type: row.type,
  data: row.data,
  actorId: row.actor_id,
  occurredAt: row.occurred_at,
});

/**
 * Appends one event at `expectedVersion + 1`. When another writer already took that version the
 * unique constraint refuses it and the caller's whole transaction must roll back: the error is a
 * 409 conflict, which the transaction wrapper rethrows after its rollback.
 */
export const append = async (tx: Queryable, event: NewEvent): Promise<StoredEvent> => {
  try {
    const row = await queryOne(
      tx,
      EventRow,
      `insert into events (stream, stream_id, version, type, data, actor_id, occurred_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       returning ${eventColumns}`,
      [
        event.stream,
        event.streamId,
        event.expectedVersion + 1,
        event.type,
        event.data,
        event.actorId,
        event.occurredAt,
      ],
    );
    if (row === null) throw new Error("insert into events returned no row");
    return toStoredEvent(row);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new ApiError(409, messages.stale);
    throw error;
  }
};

/** A record's history, oldest first: who did what, when. */
export const readStream = async (db: Queryable, stream: string, streamId: string): Promise<StoredEvent[]> => {
  const sql = `select ${eventColumns} from events where stream = $1 and stream_id = $2 order by version`;
  return (await queryRows(db, EventRow, sql, [stream, streamId])).map(toStoredEvent);
};
