import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { BalanceReminder, MoneyPolicy } from "../../api/money.ts";
import { ReservationType } from "../../api/reservations.ts";
import { type BerthCabin, type BerthProblem, type BerthRequest, berthProblem, bookingChanges, type LiveSpace, type RequestedCabin, wholeYacht } from "./berths.ts";
import { type BalanceFacts, balanceReminderOf, type ConfirmFacts, fundingOf } from "./money.ts";
import type { Pricing, RateKind } from "./pricing.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuardsOf, final, holds, reasonRefusals, refusal, refuseIncomplete, refuseMalformed, refusedReasonTooLong } from "./rules.ts";
import { departureMoment } from "./calendar.ts";
import { type HoldPolicy, isTimeLimitRefused } from "./timeLimit.ts";

/**
 * The events of a reservation (DOMAIN.md section 5), one stream per reservation, its spaces'
 * changes included. A reservation's state follows its live spaces, which share one state (held,
 * waiting or confirmed) until canceled: a space canceled alone says whether it was the last live one.
 */

/** A price in integer cents (decision 082; events stored before it carry dollars, upcast when read). */
const Money = Schema.Struct({ totalCents: Schema.Int, commissionCents: Schema.Int, netCents: Schema.Int });

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
  /** The quote's lines, as priced when the reservation was made, their amounts in cents. */
  lines: Schema.Unknown,
  spaces: Schema.Array(Schema.Struct({ id: Schema.Int, cabinId: Schema.Int, genderId: Schema.Int })),
};

export const ReservationHold = Schema.Struct({ type: Schema.Literal("reservation.hold"), ...Opening });
export const ReservationWaitlist = Schema.Struct({ type: Schema.Literal("reservation.waitlist"), ...Opening });
/**
 * Sold (decision 065): the payment terms in force that day are stored with it, and an admin's
 * reason for confirming a direct client's reservation without its deposit. Confirmations made
 * before decision 065 stored no terms: their account reads the policy in force.
 */
export const ReservationConfirm = Schema.Struct({
  type: Schema.Literal("reservation.confirm"),
  terms: Schema.optionalKey(Schema.Struct({ ...MoneyPolicy.fields, confirmedOn: Schema.String })),
  reason: Schema.optionalKey(Schema.String),
});
export const ReservationExtend = Schema.Struct({ type: Schema.Literal("reservation.extend"), timeLimit: Schema.String });
/**
 * The cancellation penalty kept, in cents (decision 067: `penaltyOf`, worked out when the cancel is
 * decided); cancels stored before it, and a departure's cancellation by the operator, keep none.
 */
const penaltyCents = Schema.optionalKey(Schema.Int);

export const ReservationCancel = Schema.Struct({ type: Schema.Literal("reservation.cancel"), reason: Schema.String, penaltyCents });
export const ReservationExpire = Schema.Struct({ type: Schema.Literal("reservation.expire") });
export const ReservationPromote = Schema.Struct({ type: Schema.Literal("reservation.promote"), timeLimit: Schema.String });
export const ReservationRemind = Schema.Struct({ type: Schema.Literal("reservation.remind") });
/** A balance reminder mailed (decision 067): which one, and the balance it told, in cents. */
export const ReservationRemindBalance = Schema.Struct({
  type: Schema.Literal("reservation.remindBalance"),
  reminder: BalanceReminder,
  balanceCents: Schema.Int,
});
/** An admin waived the penalty kept, all of it (`waivedCents`), for a reason (decision 067). */
export const ReservationWaivePenalty = Schema.Struct({ type: Schema.Literal("reservation.waivePenalty"), reason: Schema.String, waivedCents: Schema.Int });
export const ReservationDelete = Schema.Struct({ type: Schema.Literal("reservation.delete") });
export const SpaceCancel = Schema.Struct({
  type: Schema.Literal("space.cancel"),
  spaceId: Schema.Int,
  reason: Schema.String,
  /** Whether it was the reservation's last live space: then the reservation is canceled with it. */
  last: Schema.Boolean,
  penaltyCents,
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
  ReservationRemindBalance,
  ReservationWaivePenalty,
  ReservationDelete,
  SpaceCancel,
  SpaceAssign,
  ReservationUpdate,
]);
export type ReservationEvent = typeof ReservationEvent.Type;

/** A new reservation's data as its hold or waitlist event stores it. */
export type ReservationOpening = Omit<typeof ReservationHold.Type, "type">;

/** One of the reservation's own live spaces, as the server reads it. */
export interface OwnSpace {
  readonly id: number;
  readonly cabinId: number;
  readonly genderId: number;
  readonly passengerId: number | null;
}

/**
 * The raw facts the server loads before deciding, under the departure's lock; every guard below
 * works its rule out of them (decision 057), so a rule is written once, here, and is the same for
 * every caller:
 * - `clock`: the instant of the decision (ms);
 * - `departure`: its first day and whether it is still scheduled (null: the command reads none);
 * - `cabins`, `live`, `childTypes`: the yacht's cabins, the departure's live spaces, the child space types;
 * - `request`: the berths asked (a new reservation's, or the spaces an update adds), null when none;
 * - `agencyRateKinds`: the kinds of rate (contract, ikarus) the reservation's agency has;
 * - `pricing`: the price's verdict (pricing.ts, the quote's own function);
 * - `currentTimeLimit`: the reservation's time limit (ms), null when none;
 * - `caller`: who asks; `agencyExtensions`: how often an agency user has extended it;
 * - `spaces`: the reservation's own live spaces; `wanted`: an update's cabins as asked;
 * - `money`: what confirming reads (its due, payments, the policy, the agency's credit and other
 *   balances, the caller's role: money.ts), null when the command reads none;
 * - `keptPenaltyCents`: the penalty its cancellations keep now (what a waiver waives);
 * - `balance`: its balance, balance due date and the balance reminders sent, null when the command reads none.
 */
export interface ReservationFacts extends FieldFacts {
  readonly clock: number;
  readonly policy: HoldPolicy;
  readonly departure: { readonly startDate: string; readonly scheduled: boolean } | null;
  readonly cabins: ReadonlyArray<BerthCabin>;
  readonly live: ReadonlyArray<LiveSpace>;
  readonly childTypes: ReadonlyArray<number>;
  readonly request: BerthRequest | null;
  readonly agencyRateKinds: ReadonlyArray<RateKind>;
  readonly pricing: Pricing["kind"] | null;
  readonly currentTimeLimit: number | null;
  readonly caller: "staff" | "agency";
  readonly agencyExtensions: number;
  readonly spaces: ReadonlyArray<OwnSpace>;
  readonly wanted: ReadonlyArray<RequestedCabin> | null;
  readonly money: ConfirmFacts | null;
  readonly keptPenaltyCents: number;
  readonly balance: BalanceFacts | null;
}

export const noReservationFacts: ReservationFacts = {
  fieldProblem: null,
  clock: 0,
  policy: { holdDays: 7, cutoffDays: 45, finalHoldHours: 48, maxExtensions: 2 },
  departure: null,
  cabins: [],
  live: [],
  childTypes: [],
  request: null,
  agencyRateKinds: [],
  pricing: "priced",
  currentTimeLimit: null,
  caller: "staff",
  agencyExtensions: 0,
  spaces: [],
  wanted: null,
  money: null,
  keptPenaltyCents: 0,
  balance: null,
};

type Judged = { readonly event: { readonly type: string; readonly facts?: ReservationFacts } };

/** What stops the berths asked from being held now (berths.ts), null when nothing or nothing is asked. */
const berthsProblem = (facts: ReservationFacts): BerthProblem =>
  facts.request === null ? null : berthProblem(facts.cabins, facts.live, facts.request, new Set(facts.childTypes));

const berth = (problem: BerthProblem) => ({ event }: Judged) => holds(event, (facts) => berthsProblem(facts) === problem);

/** The time limit an event asks for (a hold's or an extension's), as an instant; null when it asks none. */
const askedTimeLimit = (event: Judged["event"]): number | null =>
  "timeLimit" in event && typeof event.timeLimit === "string" ? Date.parse(event.timeLimit) : null;

/** Whether the reservation's time limit has passed at the decision's instant. */
const timeLimitPassed = (facts: ReservationFacts): boolean => facts.currentTimeLimit !== null && facts.currentTimeLimit <= facts.clock;

/** The reservation's type as the event that opens it says. */
const isReservationType = Schema.is(ReservationType);
const openingType = (event: Judged["event"]): ReservationType | null =>
  "reservationType" in event && isReservationType(event.reservationType) ? event.reservationType : null;

/** The cabins a request asks for, as the yacht has them. */
const askedCabins = (facts: ReservationFacts): ReadonlyArray<BerthCabin> =>
  (facts.request?.cabins ?? []).flatMap(({ cabinId }) => facts.cabins.filter((cabin) => cabin.id === cabinId));

/**
 * Whether cancelling a space leaves a child of the reservation alone in its cabin: the space is
 * an adult's and no other adult of the reservation stays there with the cabin's children.
 */
const leavesChildAlone = (event: Judged["event"], facts: ReservationFacts): boolean => {
  if (!("spaceId" in event) || typeof event.spaceId !== "number") return false;
  const canceled = facts.spaces.find((space) => space.id === event.spaceId);
  if (canceled === undefined) return false;
  const children = new Set(facts.childTypes);
  const staying = facts.spaces.filter((space) => space.cabinId === canceled.cabinId && space.id !== canceled.id);
  return staying.some((space) => children.has(space.genderId)) && !staying.some((space) => !children.has(space.genderId));
};

const fields = [
  refuseIncomplete("Refused: the departure, a cabin or a space's type is missing ('required_information')."),
  refuseMalformed("Refused: an unknown departure, agency or space type, a cabin of another yacht or twice, a time that is none ('invalid information')."),
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

/** The reservation's type and its berths: a charter takes the whole yacht, a family room its own kind of cabin, an agency's rate its agency. */
const typeRefusals = [
  refusal("isCharterNotWhole", 409, messages.charterNotWhole, "Refused: a charter that does not hold every berth of every cabin ('a charter holds every berth of the yacht')."),
  refusal("isFamilyRoomTypeUnfit", 409, messages.familyRoomTypeUnfit, "Refused: a family-room reservation of a cabin that is not a family room ('a family room reservation takes family-room cabins only')."),
  refusal("isAgencyRateTypeMissing", 409, messages.agencyRateTypeMissing, "Refused: a contract or Ikarus reservation for an agency without such a rate ('the agency has no rate of this type')."),
] as const;

const rate = refusal("isRateMissing", 409, messages.rateNotDefined, "Refused: a space has no rate for the agency, season and category ('rate not defined').");


/** A space canceled alone: the reservation ends with its last live one, else stays as it is. */
const spaceCancel = <const Stay extends "reserved" | "waiting" | "confirmed">(stay: Stay) =>
  [
    ...reasonRefusals,
    refusal("isChildLeftAlone", 409, messages.genderNotAllowed, "Refused: the last adult of the reservation in a cabin where its child stays ('gender not allowed'): the child is canceled first, or both with the reservation."),
    { guard: "isLastLiveSpace", target: "canceled", description: "Its last live space canceled: the reservation is canceled too." },
    { target: stay, description: "One space canceled for the reason given, a sale keeping the penalty on its share; the others stay." },
  ] as const;

const cancelAll = [
  ...reasonRefusals,
  { target: "canceled", description: "Canceled for the reason given: every live space is, a sale keeps its cancellation penalty, and the waiting list is promoted." },
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

/** How a confirmation is paid for, as money.ts works it out; null when the command reads no money. */
const funding = (event: Judged["event"], facts: ReservationFacts) =>
  facts.money === null ? null : fundingOf(facts.money, facts.clock, "reason" in event && typeof event.reason === "string" ? event.reason : null);

/** A penalty waived for a reason: only one its cancellations keep. */
const waive = <const Stay extends "confirmed" | "canceled">(stay: Stay) =>
  [
    ...reasonRefusals,
    refusal("hasNoPenalty", 409, messages.noPenaltyToWaive, "Refused: its cancellations keep no penalty ('there is no penalty to waive')."),
    { target: stay, description: "An admin waives the penalty kept, for the reason given: what was paid of it is owed back." },
  ] as const;

const hasSpaces = refusal("hasLiveSpaces", 409, messages.reservationHasSpaces, "Refused: it still has live spaces ('the reservation has spaces').");

export const reservationMachine = setup({
  ...domainSetup<ReservationEvent, ReservationFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    isCruiseClosed: ({ event }) =>
      holds(event, ({ departure, clock }) => departure !== null && (!departure.scheduled || departureMoment(departure.startDate) <= clock)),
    isCharterTaken: berth("charterTaken"),
    isCharterBlocked: berth("charterBlocked"),
    isCruiseFull: berth("cruiseFull"),
    isCabinUnavailable: berth("cabinNotAvailable"),
    isFamilyRoomTaken: berth("familyRoomTaken"),
    isGenderNotAllowed: berth("genderNotAllowed"),
    isCharterNotWhole: ({ event }) => holds(event, (facts) => facts.request?.charter === true && !wholeYacht(facts.cabins, facts.request)),
    isFamilyRoomTypeUnfit: ({ event }) =>
      holds(event, (facts) => openingType(event) === "familyRoom" && askedCabins(facts).some((cabin) => !cabin.familyRoom)),
    isAgencyRateTypeMissing: ({ event }) =>
      holds(event, (facts) => {
        const type = openingType(event);
        return (type === "contract" || type === "ikarus") && !facts.agencyRateKinds.includes(type);
      }),
    isRateMissing: ({ event }) => holds(event, (facts) => facts.pricing !== "priced"),
    isTimeLimitRefused: ({ event }) =>
      holds(event, (facts) => {
        const asked = askedTimeLimit(event);
        if (asked === null || facts.departure === null) return false;
        const current = event.type === "reservation.extend" ? facts.currentTimeLimit : null;
        return isTimeLimitRefused(asked, facts.clock, departureMoment(facts.departure.startDate), facts.policy, current);
      }),
    hasTooManyExtensions: ({ event }) => holds(event, (facts) => facts.caller === "agency" && facts.agencyExtensions >= facts.policy.maxExtensions),
    isTimeLimitPassed: ({ event }) => holds(event, timeLimitPassed),
    isTimeLimitAhead: ({ event }) => holds(event, (facts) => !timeLimitPassed(facts)),
    hasLiveSpaces: ({ event }) => holds(event, (facts) => facts.spaces.length > 0),
    isBookingWithSpaces: ({ event }) =>
      holds(event, ({ spaces, wanted }) => wanted !== null && bookingChanges(spaces, wanted).bookingHasSpaces),
    isEverySpaceFilled: ({ event }) =>
      holds(event, (facts) => event.type === "space.assign" && event.spaceId === 0 && facts.spaces.every((space) => space.passengerId !== null)),
    isChildLeftAlone: ({ event }) => holds(event, (facts) => leavesChildAlone(event, facts)),
    isDepositMissing: ({ event }) => holds(event, (facts) => funding(event, facts) === "depositMissing"),
    isCreditExceeded: ({ event }) => holds(event, (facts) => funding(event, facts) === "creditExceeded"),
    isLastLiveSpace: ({ event }) => event.type === "space.cancel" && event.last,
    hasNoPenalty: ({ event }) => holds(event, (facts) => facts.keptPenaltyCents <= 0),
    isBalanceReminderNotDue: ({ event }) =>
      holds(event, (facts) => event.type === "reservation.remindBalance" && (facts.balance === null || balanceReminderOf(facts.balance, facts.clock) !== event.reminder)),
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
          ...typeRefusals,
          ...berthRefusals,
          rate,
          refusal("isTimeLimitRefused", 409, messages.timeLimitNotAllowed, "Refused: a time limit in the past, beyond the policy or after the departure ('time limit not allowed')."),
          { target: "reserved", description: "Held: its spaces keep their berths until the time limit." },
        ],
        "reservation.waitlist": [
          ...fields,
          ...typeRefusals,
          // judged on the yacht's berths alone (the server passes no live space): what could never be held is not wait-listed
          ...berthRefusals,
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
          refusedReasonTooLong,
          refusal(
            "isDepositMissing",
            409,
            messages.depositNotReceived,
            "Refused: less paid than the deposit due, for a direct client without an admin's reason or an agency without credit ('deposit not received').",
          ),
          refusal(
            "isCreditExceeded",
            409,
            messages.agencyCreditExceeded,
            "Refused: less paid than the deposit due, and the agency's open balance plus this deposit is beyond its credit limit ('agency credit exceeded').",
          ),
          {
            target: "confirmed",
            description: "Confirmed: every held space is sold, paid by its deposit, the agency's credit or an admin's reason, on the terms in force that day.",
          },
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
        "reservation.promote": [
          refusal("isCruiseClosed", 409, messages.notAllowedNow, "Refused: the departure is canceled or has sailed: the spaces keep waiting."),
          ...berthRefusals,
          { target: "reserved", description: "Berths that fit freed up, first come first served: the spaces hold them." },
        ],
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
        "reservation.remindBalance": [
          refusal(
            "isBalanceReminderNotDue",
            409,
            messages.notAllowedNow,
            "Refused: no balance owed, not the week before its balance due date nor the day, or that reminder was sent already.",
          ),
          { target: "confirmed", description: "A balance owed: its executive and agency are mailed once a week before its balance due date, and once on the day." },
        ],
        "reservation.waivePenalty": waive("confirmed"),
      },
    },
    canceled: {
      description: "Canceled: no live space is left; it can be deleted.",
      on: {
        "reservation.waivePenalty": waive("canceled"),
        "reservation.delete": { target: "deleted", description: "Deleted: it had no live space; its history stays." },
      },
    },
    deleted: final("Deleted; its history stays."),
  },
});
