import { Schema } from "effect";
import { messages } from "../../api/messages.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { CatalogueItemId, ReservationId, SpaceId } from "../../api/ids.ts";
import type { CruiseCabin } from "../../api/reservations.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { sampleReservation } from "../shared/samples.ts";
import { type HoldFormContext, holdFormMachine } from "./holdForm.machine.ts";

/** A context whose last refusal offers the waiting list. */
const offering = Schema.Struct({ refusal: Schema.Struct({ waitlistOffered: Schema.Literal(true) }) });

/** A context with berths picked on the plan. */
const picking = Schema.Struct({ picks: Schema.NonEmptyArray(Schema.Unknown) });

/** Cabin 3: its first berth taken by a man, its second free to pick (the machine's tests use it too). */
export const holdCabin: CruiseCabin = {
  id: 3,
  name: "3",
  deckId: 1,
  deckName: "Cubierta principal",
  category: "double",
  familyRoom: false,
  capacity: 2,
  berths: [{ spaceId: SpaceId.make(8), state: "reserved", reservationCode: "RES-000008", reservationId: ReservationId.make(8), agencyName: "Cuenca Travel", genderId: 1 }, null],
  waiting: 0,
  position: { x: 0, y: 0 },
  deckPlan: null,
};

export const maleAdult: CatalogueItem = { id: CatalogueItemId.make(1), name: "Male Adult", active: true, version: 1, child: false };

/** A draft of one space in cabin 3. */
export const holdDraft = { cruiseId: 1, agencyId: 2, type: "general" as const, cabins: [{ cabinId: 3, spaces: [{ genderId: 1 }] }] };

export const fixtures = machineFixtures({
  id: "holdForm",
  machine: holdFormMachine,
  inputs: [{ client: unusedClient, cruiseId: 1, withAgencies: true }],
  // the waiting list is offered by the last refusal: editing with and without the offer are kept
  // apart, and so is a press kept while the plan is fetched again
  contextKey: (context) => `${Schema.is(offering)(context)} ${Schema.is(picking)(context)} ${(context as HoldFormContext).pressedMeanwhile?.type ?? ""}`,
  events: [
    { type: "xstate.done.actor.fetchChoices", output: { cruise: null, departure: null, cabins: [holdCabin], agencies: [], spaceTypes: [maleAdult] } },
    { type: "xstate.error.actor.fetchChoices", error: refused(404, messages.notFound) },
    { type: "retry" },
    { type: "cabin.toggle", cabinId: 3 },
    { type: "pickType.choose", genderId: 1 },
    { type: "berth.toggle", cabinId: 3, berth: 1 },
    { type: "berth.retype", cabinId: 3, berth: 1, genderId: 1 },
    { type: "cabins.changed" },
    { type: "xstate.done.actor.fetchCabins", output: [] },
    { type: "xstate.error.actor.fetchCabins", error: refused(503, messages.serverError) },
    { type: "hold.submit", draft: holdDraft },
    { type: "hold.submit", draft: { ...holdDraft, cabins: [] } },
    { type: "xstate.done.actor.hold", output: sampleReservation },
    { type: "xstate.error.actor.hold", error: refused(409, messages.cruiseFull) },
    { type: "xstate.error.actor.hold", error: refused(409, messages.cabinNotAvailable) },
    { type: "xstate.error.actor.hold", error: refused(409, messages.genderNotAllowed) },
    { type: "xstate.error.actor.hold", error: refused(409, messages.timeLimitNotAllowed) },
    { type: "hold.waitlist" },
  ],
});
