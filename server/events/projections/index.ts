import type { Queryable } from "../../db/database.ts";
import type { StoredEvent } from "../store.ts";
import { catalogueProjections } from "./catalogueItems.ts";
import { bannersProjection, callActionsProjection, recommendationsProjection } from "./home.ts";
import { itinerariesProjection } from "./itineraries.ts";
import { leadsProjection } from "./leads.ts";
import { sessionsProjection } from "./sessions.ts";
import { usersProjection } from "./users.ts";

/** The read tables fed by one stream, and how an event of that stream changes them. */
export interface Projection {
  readonly stream: string;
  /** Emptied by a rebuild. */
  readonly tables: ReadonlyArray<string>;
  /** Serial columns whose sequence a rebuild sets past the highest replayed id. */
  readonly sequences: ReadonlyArray<{ readonly table: string; readonly column: string }>;
  readonly apply: (tx: Queryable, event: StoredEvent) => Promise<void>;
}

/** Every projection; a new resource adds its own here. */
export const projections: ReadonlyArray<Projection> = [
  usersProjection,
  sessionsProjection,
  ...catalogueProjections,
  leadsProjection,
  itinerariesProjection,
  bannersProjection,
  callActionsProjection,
  recommendationsProjection,
];

const byStream = new Map(projections.map((projection) => [projection.stream, projection]));

/**
 * Adds the projection of a record declared at run time (a catalogue declaration handed to
 * buildApp); one already known for the stream stays.
 */
export const registerProjection = (projection: Projection): void => {
  if (!byStream.has(projection.stream)) byStream.set(projection.stream, projection);
};

/** Updates the read tables for one event, in the transaction that appended it (or a rebuild). */
export const project = async (tx: Queryable, event: StoredEvent): Promise<void> => {
  const projection = byStream.get(event.stream);
  if (!projection) throw new Error(`no projection for stream '${event.stream}'`);
  await projection.apply(tx, event);
};
