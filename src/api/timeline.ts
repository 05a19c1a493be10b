import { Schema } from "effect";
import { anyStaff, endpoint } from "./endpoint.ts";
import { Count, CruiseId, idParams, SerialId, UserId } from "./ids.ts";

/**
 * A departure's timeline (issue 40, item 2; decision 071): its held, confirmed and waiting berths
 * after each moment something changed them, from the moment it was scheduled, replayed from the
 * event log, each moment with the events behind it (who, what, when) and what it marks.
 */

/**
 * What a moment marks: the departure scheduled (`opened`), every berth taken (`full`, the moment it
 * went full), a charter held, a hold expired, a waiting reservation promoted, the departure canceled.
 */
export const TimelineMark = Schema.Literals(["opened", "full", "charter", "expiry", "promotion", "canceled"]);
export type TimelineMark = typeof TimelineMark.Type;

/** One event behind a moment: its id in the log, its type, the reservation it was of, and who did it (null: the server). */
export const TimelineEvent = Schema.Struct({
  id: SerialId,
  type: Schema.String,
  reservationCode: Schema.NullOr(Schema.String),
  actor: Schema.NullOr(Schema.Struct({ id: UserId, name: Schema.String })),
});
export type TimelineEvent = typeof TimelineEvent.Type;

export const TimelinePoint = Schema.Struct({
  /** The instant of the moment. */
  at: Schema.String,
  held: Count,
  confirmed: Count,
  waiting: Count,
  free: Count,
  marks: Schema.Array(TimelineMark),
  events: Schema.Array(TimelineEvent),
});
export type TimelinePoint = typeof TimelinePoint.Type;

export const DepartureTimeline = Schema.Struct({
  cruiseId: CruiseId,
  code: Schema.String,
  /** The yacht's berths, as its cabins are now. */
  capacity: Count,
  points: Schema.Array(TimelinePoint),
});
export type DepartureTimeline = typeof DepartureTimeline.Type;

export const departureTimeline = endpoint({
  name: "cruises.timeline",
  method: "GET",
  path: "/cruises/:id/timeline",
  params: idParams(CruiseId),
  response: DepartureTimeline,
  access: anyStaff,
  description:
    "A departure's held, confirmed, waiting and free berths after each moment that changed them, from when it was scheduled, replayed from the event log: each moment with the events behind it (id, type, reservation, who) and its marks (opened, full: the moment it went full, charter, expiry, promotion, canceled). 404 for no departure.",
});
