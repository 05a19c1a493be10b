import type { Queryable } from "../db/database.ts";
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
