import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, factGuards, type FieldFacts, fieldGuardsOf, final, holds, reasonRefusals, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";
import { departureMoment } from "./calendar.ts";

/**
 * The events of a departure (DOMAIN.md section 4): scheduled with its fields (the code and end day
 * worked out by the server from the yacht, the start day and the itinerary's nights), changed,
 * canceled for a reason. The cancellation's date is the event's time.
 */
const CruiseFields = {
  code: Schema.String,
  yachtId: Schema.Int,
  cruiseItineraryId: Schema.Int,
  startDate: Schema.String,
  endDate: Schema.String,
  guideIds: Schema.Array(Schema.Int),
  languageIds: Schema.Array(Schema.Int),
  captainId: Schema.NullOr(Schema.Int),
  hotelierId: Schema.NullOr(Schema.Int),
  notes: Schema.String,
};

export const CruiseSchedule = Schema.Struct({ type: Schema.Literal("cruise.schedule"), ...CruiseFields });
export const CruiseEdit = Schema.Struct({ type: Schema.Literal("cruise.edit"), ...CruiseFields });
export const CruiseCancel = Schema.Struct({ type: Schema.Literal("cruise.cancel"), reason: Schema.String });

export const CruiseEvent = Schema.Union([CruiseSchedule, CruiseEdit, CruiseCancel]);
export type CruiseEvent = typeof CruiseEvent.Type;

/** A departure's stored fields, as its schedule and edit events carry them. */
export type CruiseFields = Omit<typeof CruiseSchedule.Type, "type">;

/**
 * What the server loads before deciding: the fields' problem (a blank or malformed field, a
 * reference to no live item, a blank or too long reason), whether the itinerary is another yacht's,
 * and whether the yacht already sails on one of the departure's days.
 */
export interface CruiseFacts extends FieldFacts {
  /** The instant of the decision (ms): a departure is scheduled, or moved, only to a day still to come. */
  readonly clock: number | null;
  /** A departure typed in the form (its guides chosen there), not one of a period's generated at once (guides given later). */
  readonly oneByOne: boolean;
  /** An edit's departure's start day before the edit; null for a new one. */
  readonly currentStartDate: string | null;
  readonly isItineraryOfAnotherYacht: boolean;
  readonly overlapsAnotherDeparture: boolean;
  /** An edit that moves the yacht, the itinerary or the start day of a departure with live spaces. */
  readonly movesSoldBerths: boolean;
}

/** A departure's facts when nothing is wrong. */
export const noCruiseFacts: CruiseFacts = {
  fieldProblem: null,
  clock: null,
  oneByOne: false,
  currentStartDate: null,
  isItineraryOfAnotherYacht: false,
  overlapsAnotherDeparture: false,
  movesSoldBerths: false,
};

/** Whether an itinerary chosen for a departure sails another yacht than the departure's: the form and the server ask the same. */
export const isItineraryOfAnotherYacht = (itineraryYachtId: number | null, yachtId: number | null): boolean =>
  itineraryYachtId !== null && yachtId !== null && itineraryYachtId !== yachtId;

/** The refusals of a schedule or an edit, in the order they are judged. */
const fieldRefusals = [
  refuseIncomplete("Refused: the yacht, the itinerary or the start day is missing ('required_information')."),
  refuseMalformed("Refused: a day that is not one, notes over 1,000 characters, or a guide, language, captain or hotelier that is no live item ('invalid information')."),
  refusal("isItineraryOfAnotherYacht", 400, messages.invalidInput, "Refused: the itinerary sails another yacht ('invalid information')."),
  refusal("isWithoutGuide", 400, messages.selectGuide, "Refused: a departure typed in without a guide ('select a guide')."),
  refusal("isInThePast", 409, messages.departureInPast, "Refused: a new departure, or a departure moved, to a day that has begun ('the departure day has passed')."),
  refusal(
    "overlapsAnotherDeparture",
    409,
    messages.departureOverlaps,
    "Refused: the yacht is at sea on one of these days with another departure ('the yacht already has a departure on those days').",
  ),
] as const;

export const cruiseMachine = setup({
  ...domainSetup<CruiseEvent, CruiseFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    isItineraryOfAnotherYacht: ({ event }) => holds(event, (facts) => facts.isItineraryOfAnotherYacht),
    isWithoutGuide: ({ event }) => holds(event, (facts) => facts.oneByOne && "guideIds" in event && event.guideIds.length === 0),
    isInThePast: ({ event }) =>
      holds(
        event,
        (facts) =>
          "startDate" in event &&
          facts.clock !== null &&
          event.startDate !== facts.currentStartDate &&
          departureMoment(event.startDate) <= facts.clock,
      ),
    ...factGuards<CruiseFacts>()("overlapsAnotherDeparture", "movesSoldBerths"),
  },
}).createMachine({
  id: "cruise",
  description:
    "A departure: one yacht sailing one of its cruise itineraries from a start day for the itinerary's nights, scheduled by staff (alone or a period's at once), changed, or canceled for a reason.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such departure yet.",
      on: {
        "cruise.schedule": [
          ...fieldRefusals,
          { target: "scheduled", description: "Scheduled: its berths are offered from now on, each free until a reservation holds it." },
        ],
      },
    },
    scheduled: {
      description: "On the calendar: its berths can be held and confirmed; its days, guides and crew can change.",
      on: {
        "cruise.edit": [
          ...fieldRefusals,
          refusal(
            "movesSoldBerths",
            409,
            messages.departureHasReservations,
            "Refused: it has live reservations, whose berths are on this yacht, itinerary and days ('the departure has reservations').",
          ),
          { target: "scheduled", description: "Its fields change; the code follows the yacht and the start day." },
        ],
        "cruise.cancel": [
          ...reasonRefusals,
          { target: "canceled", description: "Canceled for the reason given, with every live reservation on it; the date is stamped." },
        ],
      },
    },
    canceled: final("Canceled for good: kept with its reason on the calendar, never sold or changed again."),
  },
});
