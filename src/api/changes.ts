import { Schema } from "effect";
import { anySignedIn, endpoint } from "./endpoint.ts";
import { Count, integerFromText, SerialId } from "./ids.ts";

/**
 * What changed, as the live stream tells it (issue 17 item 2): a departure's berths, a
 * reservation, a lead, a passenger's data. Each viewer hears only what they may read: an agency,
 * departures and its own reservations and passengers; staff, everything.
 */
export const Change = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("departure"), cruiseId: SerialId }),
  Schema.Struct({ kind: Schema.Literal("reservation"), reservationId: SerialId, cruiseId: SerialId }),
  Schema.Struct({ kind: Schema.Literal("lead"), leadId: SerialId }),
  Schema.Struct({ kind: Schema.Literal("passenger"), passengerId: SerialId }),
]);
export type Change = typeof Change.Type;

/**
 * How far back a stream opened late may be told what changed (five minutes): a viewer away longer
 * than that reads its screens again anyway, and the look stays within the log's newest events.
 */
export const MAX_REPLAY_MS = 300_000;

export const changeStream = endpoint({
  name: "events.stream",
  method: "GET",
  path: "/events/stream",
  query: Schema.Struct({
    /**
     * Milliseconds before the request during which the viewer was not listening yet (its screens
     * were read, the stream was not open, or it dropped): the changes committed in them are told
     * first, so nothing that changed between a screen's read and the stream's opening is missed.
     */
    replay: Schema.optionalKey(integerFromText(Count.check(Schema.isLessThanOrEqualTo(MAX_REPLAY_MS)))),
  }),
  response: Change,
  access: anySignedIn,
  description:
    "Server-sent events (text/event-stream), each `event: change` with one Change as its data: a departure whose berths changed, a reservation or its money (a payment recorded, reported, verified, rejected, voided or refunded; staff, or the agency it belongs to), a new or changed lead (staff), a passenger registered or edited (staff, or the passenger's agency). With `replay` (milliseconds, at most 300000), the changes committed in that time before the request are told first, then the live ones (a change may be told twice; telling it again only reads a screen again). A comment line every 15 seconds keeps the connection open. One user keeps at most five streams open on a server: one more is refused with 429 'too many attempts' until one of theirs closes.",
});
