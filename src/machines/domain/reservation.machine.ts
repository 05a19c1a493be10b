import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { ReservationType } from "../../api/reservations.ts";
import type { BerthProblem } from "./berths.ts";
import type { Pricing } from "./pricing.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuards, holds, refusal } from "./rules.ts";

/**
 * The events of a reservation (DOMAIN.md section 5), one stream per reservation, its spaces'
 * changes included. A reservation's state follows its live spaces, which share one state (held,
 * waiting or confirmed) until canceled: a space canceled alone says whether it was the last live one.
 */

const Money = Schema.Struct({ total: Schema.Finite, commission: Schema.Finite, net: Schema.Finite });

const Opening = {
  code: Schema.String,
  cruiseId: Schema.Int,
  agencyId: Schema.NullOr(Schema.Int),
  /** The reservation's type (`type` on the wire; the event's own `type` names the event). */
  reservationType: ReservationType,
  executiveId: Schema.NullOr(Schema.Int),
  /** An instant (ISO 8601); null while waiting. */
  timeLimit: Schema.NullOr(Schema.String),
  notes: Schema.String,
  price: Money,
  /** The quote's lines, as priced when the reservation was made. */
  lines: Schema.Unknown,
  spaces: Schema.Array(Schema.Struct({ id: Schema.Int, cabinId: Schema.Int, genderId: Schema.Int })),
};

export const ReservationHold = Schema.Struct({ type: Schema.Literal("reservation.hold"), ...Opening });
export const ReservationWaitlist = Schema.Struct({ type: Schema.Literal("reservation.waitlist"), ...Opening });
export const ReservationConfirm = Schema.Struct({ type: Schema.Literal("reservation.confirm") });
export const ReservationExtend = Schema.Struct({ type: Schema.Literal("reservation.extend"), timeLimit: Schema.String });
export const ReservationCancel = Schema.Struct({ type: Schema.Literal("reservation.cancel"), reason: Schema.String });
export const ReservationExpire = Schema.Struct({ type: Schema.Literal("reservation.expire") });
export const ReservationPromote = Schema.Struct({ type: Schema.Literal("reservation.promote"), timeLimit: Schema.String });
export const ReservationRemind = Schema.Struct({ type: Schema.Literal("reservation.remind") });
export const ReservationDelete = Schema.Struct({ type: Schema.Literal("reservation.delete") });
export const SpaceCancel = Schema.Struct({
  type: Schema.Literal("space.cancel"),
  spaceId: Schema.Int,
  reason: Schema.String,
  /** Whether it was the reservation's last live space: then the reservation is canceled with it. */
  last: Schema.Boolean,
});

/**
 * A live reservation's notes and bookings changed: spaces added (in the reservation's state,
 * priced: the price and lines as they now stand) and the bookings of cabins whose spaces were all
 * canceled removed.
 */
export const ReservationUpdate = Schema.Struct({
  type: Schema.Literal("reservation.update"),
  notes: Schema.String,
  added: Schema.Array(Schema.Struct({ id: Schema.Int, cabinId: Schema.Int, genderId: Schema.Int })),
  removedCabins: Schema.Array(Schema.Int),
  price: Money,
  lines: Schema.Unknown,
});

/** A space given its passenger (null: none); the space machine has judged the passenger. */
export const SpaceAssign = Schema.Struct({ type: Schema.Literal("space.assign"), spaceId: Schema.Int, passengerId: Schema.NullOr(Schema.Int) });

export const ReservationEvent = Schema.Union([
  ReservationHold,
  ReservationWaitlist,
  ReservationConfirm,
  ReservationExtend,
  ReservationCancel,
  ReservationExpire,
  ReservationPromote,
  ReservationRemind,
  ReservationDelete,
  SpaceCancel,
  SpaceAssign,
  ReservationUpdate,
]);
export type ReservationEvent = typeof ReservationEvent.Type;

/** A new reservation's data as its hold or waitlist event stores it. */
export type ReservationOpening = Omit<typeof ReservationHold.Type, "type">;

/**
 * What the server loads before deciding, under the departure's lock: the fields' problem, whether
 * the departure still sells, what its berths say of the request (berths.ts), whether every space
 * has a rate, the time limit asked (beyond the policy, past, not later), how often an agency
 * user has extended, whether the time limit has passed, and how many live spaces there are.
 */
export interface ReservationFacts extends FieldFacts {
  readonly cruiseClosed: boolean;
  readonly berthProblem: BerthProblem;
  readonly pricing: Pricing["kind"] | null;
  readonly timeLimitRefused: boolean;
  readonly tooManyExtensions: boolean;
  readonly timeLimitPassed: boolean;
  readonly liveSpaces: number;
  /** A passenger to seat (an import's row) while every live space already has one. */
  readonly everySpaceFilled?: boolean;
  /** An update that leaves out, or shrinks, a cabin's booking that still has live spaces. */
  readonly bookingHasSpaces?: boolean;
}

export const noReservationFacts: ReservationFacts = {
  fieldProblem: null,
  cruiseClosed: false,
  berthProblem: null,
  pricing: "priced",
  timeLimitRefused: false,
  tooManyExtensions: false,
  timeLimitPassed: false,
  liveSpaces: 0,
};

const berth = (problem: BerthProblem) => ({ event }: { readonly event: { readonly facts?: ReservationFacts } }) =>
  holds(event, (facts) => facts.berthProblem === problem);

const fields = [
  refusal("isIncomplete", 400, messages.requiredInformation, "Refused: the departure, a cabin or a space's type is missing ('required_information')."),
  refusal(
    "hasMalformedField",
    400,
    messages.invalidInput,
    "Refused: an unknown departure, agency or space type, a cabin of another yacht or twice, a time that is none ('invalid information').",
  ),
  refusal("isCruiseClosed", 409, messages.notAllowedNow, "Refused: the departure is canceled or has sailed ('this action is not allowed in the record's current state')."),
] as const;

/** The berths' rules of a hold, and of spaces added to a reservation. */
const berthRefusals = [
  refusal("isCharterTaken", 409, messages.charterExists, "Refused: another live charter holds the yacht ('another charter reservation exists')."),
  refusal("isCharterBlocked", 409, messages.charterBlocked, "Refused: a charter while other spaces are held or sold ('no charter creation when spaces are occupied')."),
  refusal("isCruiseFull", 409, messages.cruiseFull, "Refused: too few free berths on the departure, or it is chartered ('cruise full'); the waiting list is offered."),
  refusal("isCabinUnavailable", 409, messages.cabinNotAvailable, "Refused: a chosen cabin has too few free berths ('cabin not available')."),
  refusal("isFamilyRoomTaken", 409, messages.familyRoomTaken, "Refused: another reservation holds the family room ('another reservation with family room on the cabin')."),
  refusal(
    "isGenderNotAllowed",
    409,
    messages.genderNotAllowed,
    "Refused: a cabin shared with another reservation of another adult space type, or a child without an adult of its own ('gender not allowed').",
  ),
] as const;

const rate = refusal("isRateMissing", 409, messages.rateNotDefined, "Refused: a space has no rate for the agency, season and category ('rate not defined').");

const reasonRefusals = [
  refusal("isIncomplete", 400, messages.requiredInformation, "Refused: no reason given ('required_information')."),
  refusal("hasMalformedField", 400, messages.invalidInput, "Refused: the reason is over 300 characters ('invalid information')."),
] as const;

/** A space canceled alone: the reservation ends with its last live one, else stays as it is. */
const spaceCancel = <const Stay extends "reserved" | "waiting" | "confirmed">(stay: Stay) =>
  [
    ...reasonRefusals,
    { guard: "isLastLiveSpace", target: "canceled", description: "Its last live space canceled: the reservation is canceled too." },
    { target: stay, description: "One space canceled for the reason given; the others stay." },
  ] as const;

const cancelAll = [
  ...reasonRefusals,
  { target: "canceled", description: "Canceled for the reason given: every live space is, and the waiting list is promoted." },
] as const;

/** Notes and bookings changed: the hold's rules for the spaces added, and no booking with live spaces dropped. */
const update = <const Stay extends "reserved" | "waiting" | "confirmed">(stay: Stay) =>
  [
    ...fields,
    refusal(
      "isBookingWithSpaces",
      409,
      messages.bookingHasSpaces,
      "Refused: a cabin left out, or given fewer spaces, still has live ones ('the booking for this cabin has spaces'): they are canceled first, each with its reason.",
    ),
    ...berthRefusals,
    rate,
    { target: stay, description: "The notes change, the spaces asked for are added and priced, empty bookings are removed." },
  ] as const;

/** A space given its passenger, as the space machine judged them; a passenger to seat finds none free. */
const assign = <const Stay extends "reserved" | "waiting" | "confirmed">(stay: Stay) =>
  [
    refusal("isEverySpaceFilled", 409, messages.allCabinsFilled, "Refused: a passenger to seat while every live space has one ('all cabins information filled')."),
    { target: stay, description: "A space is given its passenger (or none), as the space machine judged it." },
  ] as const;

const hasSpaces = refusal("hasLiveSpaces", 409, messages.reservationHasSpaces, "Refused: it still has live spaces ('the reservation has spaces').");

export const reservationMachine = setup({
  ...domainSetup<ReservationEvent, ReservationFacts>(),
  guards: {
    isIncomplete: fieldGuards.isIncomplete,
    hasMalformedField: fieldGuards.hasMalformedField,
    isCruiseClosed: ({ event }) => holds(event, (facts) => facts.cruiseClosed),
    isCharterTaken: berth("charterTaken"),
    isCharterBlocked: berth("charterBlocked"),
    isCruiseFull: berth("cruiseFull"),
    isCabinUnavailable: berth("cabinNotAvailable"),
    isFamilyRoomTaken: berth("familyRoomTaken"),
    isGenderNotAllowed: berth("genderNotAllowed"),
    isRateMissing: ({ event }) => holds(event, (facts) => facts.pricing !== "priced"),
    isTimeLimitRefused: ({ event }) => holds(event, (facts) => facts.timeLimitRefused),
    hasTooManyExtensions: ({ event }) => holds(event, (facts) => facts.tooManyExtensions),
    isTimeLimitPassed: ({ event }) => holds(event, (facts) => facts.timeLimitPassed),
    isTimeLimitAhead: ({ event }) => holds(event, (facts) => !facts.timeLimitPassed),
    hasLiveSpaces: ({ event }) => holds(event, (facts) => facts.liveSpaces > 0),
    isBookingWithSpaces: ({ event }) => holds(event, (facts) => facts.bookingHasSpaces === true),
    isEverySpaceFilled: ({ event }) => holds(event, (facts) => facts.everySpaceFilled === true),
    isLastLiveSpace: ({ event }) => event.type === "space.cancel" && event.last,
  },
}).createMachine({
  id: "reservation",
  description:
    "A reservation of berths on one departure for an agency or a direct client: held with a time limit, waiting for berths, confirmed, or canceled (by staff, by its agency, or by the server when the time limit passes).",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such reservation yet.",
      on: {
        "reservation.hold": [
          ...fields,
          ...berthRefusals,
          rate,
          refusal("isTimeLimitRefused", 409, messages.timeLimitNotAllowed, "Refused: a time limit in the past, beyond the policy or after the departure ('time limit not allowed')."),
          { target: "reserved", description: "Held: its spaces keep their berths until the time limit." },
        ],
        "reservation.waitlist": [
          ...fields,
          rate,
          { target: "waiting", description: "The departure or cabin is full: the spaces wait, first come first served." },
        ],
      },
    },
    reserved: {
      description: "Held until its time limit: it can be confirmed, extended or canceled; the server cancels it when the time limit passes.",
      on: {
        "reservation.confirm": [
          refusal("isTimeLimitPassed", 409, messages.timeLimitNotAllowed, "Refused: the time limit has passed ('time limit not allowed')."),
          { target: "confirmed", description: "Confirmed: every held space is sold." },
        ],
        "reservation.extend": [
          refusal("isTimeLimitRefused", 409, messages.timeLimitNotAllowed, "Refused: not later than the current, in the past, beyond the policy or the departure ('time limit not allowed')."),
          refusal("hasTooManyExtensions", 409, messages.timeLimitNotAllowed, "Refused: the agency has extended as often as the policy allows ('time limit not allowed')."),
          { target: "reserved", description: "The time limit moves later." },
        ],
        "reservation.remind": { target: "reserved", description: "A day before the time limit, its executive is mailed a reminder, once." },
        "reservation.expire": [
          refusal("isTimeLimitAhead", 409, messages.notAllowedNow, "Refused: the time limit has not passed yet."),
          { target: "canceled", description: "The time limit passed: the server cancels its held spaces ('time limit expired') and promotes the waiting list." },
        ],
        "reservation.cancel": cancelAll,
        "space.cancel": spaceCancel("reserved"),
        "space.assign": assign("reserved"),
        "reservation.update": update("reserved"),
        "reservation.delete": hasSpaces,
      },
    },
    waiting: {
      description: "On the waiting list: promoted to a hold, with a fresh time limit, when berths that fit free up.",
      on: {
        "reservation.promote": { target: "reserved", description: "Berths that fit freed up, first come first served: the spaces hold them." },
        "reservation.cancel": cancelAll,
        "space.cancel": spaceCancel("waiting"),
        "space.assign": assign("waiting"),
        "reservation.update": update("waiting"),
        "reservation.delete": hasSpaces,
      },
    },
    confirmed: {
      description: "Sold: its spaces are the reservation's until canceled.",
      on: {
        "reservation.cancel": cancelAll,
        "space.cancel": spaceCancel("confirmed"),
        "space.assign": assign("confirmed"),
        "reservation.update": update("confirmed"),
        "reservation.delete": hasSpaces,
      },
    },
    canceled: {
      description: "Canceled: no live space is left; it can be deleted.",
      on: {
        "reservation.delete": { target: "deleted", description: "Deleted: it had no live space; its history stays." },
      },
    },
    deleted: {
      type: "final",
      description: "Deleted; its history stays.",
    },
  },
});
