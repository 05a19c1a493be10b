import { Schema } from "effect";
import { anySignedIn, endpoint } from "./endpoint.ts";
import { SerialId } from "./ids.ts";

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

export const changeStream = endpoint({
  name: "events.stream",
  method: "GET",
  path: "/events/stream",
  response: Change,
  access: anySignedIn,
  description:
    "Server-sent events (text/event-stream), each `event: change` with one Change as its data: a departure whose berths changed, a reservation or its money (a payment recorded, reported, verified, rejected, voided or refunded; staff, or the agency it belongs to), a new or changed lead (staff), a passenger registered or edited (staff, or the passenger's agency). A comment line every 15 seconds keeps the connection open. One user keeps at most five streams open on a server: one more is refused with 429 'too many attempts' until one of theirs closes.",
});
