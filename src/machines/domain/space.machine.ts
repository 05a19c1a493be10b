import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { ageOn, CHILD_AGE } from "../../api/passengers.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuardsOf, final, holds, reasonRefusals, refusal } from "./rules.ts";

/**
 * One berth sold (DOMAIN.md section 5): held until its reservation's time limit, confirmed,
 * waiting for a berth, or canceled for a reason, for good. Its events travel in its reservation's
 * stream; the server judges each space's change with this machine and keeps its state in the
 * spaces table.
 */
export type SpaceEvent =
  | { readonly type: "space.hold" }
  | { readonly type: "space.wait" }
  | { readonly type: "space.confirm" }
  | { readonly type: "space.promote" }
  | { readonly type: "space.expire" }
  | { readonly type: "space.cancel"; readonly reason: string }
  | { readonly type: "space.assign"; readonly passengerId: number | null };

/** The reason the server gives a hold it cancels when its time limit passes (DOMAIN.md section 5). */
export const EXPIRY_REASON = "time limit expired";

/**
 * A cancellation's facts: its reason's problem (blank, too long). A passenger's: whether their
 * gender is not the space type's, whether their age on the day of departure is not the space
 * type's (a Child space: under 12; an adult one: 12 or more), whether they already have another
 * live space on the departure.
 */
export interface SpaceFacts extends FieldFacts {
  /** The passenger given, as the rules read them (none: the space is left without one). */
  readonly passenger?: {
    readonly gender: string;
    /** `YYYY-MM-DD`. */
    readonly birthday: string;
    /** How many other live spaces of the same departure the passenger has. */
    readonly otherSpacesOnDeparture: number;
  };
  /** The space's type: its sex (blank for a child's) and whether it is a child's. */
  readonly spaceType?: { readonly sex: string; readonly child: boolean };
  /** The departure's first day, `YYYY-MM-DD`: a passenger's age is counted on it. */
  readonly departureDay?: string;
}

/** The passenger's age on the departure day, when both are known. */
const ageOnDeparture = (facts: SpaceFacts): number | null =>
  facts.passenger === undefined || facts.departureDay === undefined ? null : ageOn(facts.passenger.birthday, facts.departureDay);


/** A space given its passenger (or left without one), in any live state. */
const assign = <const Stay extends "reserved" | "waiting" | "confirmed">(stay: Stay) =>
  [
    refusal("isGenderMismatch", 409, messages.passengerGenderMismatch, "Refused: the passenger's gender is not the space type's ('passenger gender must match the space gender')."),
    refusal(
      "isAgeMismatch",
      409,
      messages.childAgeMismatch,
      "Refused: a Child space for someone 12 or older on the day of departure, or an adult space for someone younger ('child under 12 on the day of departure').",
    ),
    refusal("isAlreadyOnCruise", 409, messages.passengerOnCruise, "Refused: the passenger already has another live space on the departure."),
    { target: stay, description: "The space has its passenger (or none)." },
  ] as const;

export const spaceMachine = setup({
  ...domainSetup<SpaceEvent, SpaceFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    isGenderMismatch: ({ event }) =>
      holds(event, ({ passenger, spaceType }) => passenger !== undefined && spaceType !== undefined && !spaceType.child && spaceType.sex !== "" && spaceType.sex !== passenger.gender),
    isAgeMismatch: ({ event }) =>
      holds(event, (facts) => {
        const age = ageOnDeparture(facts);
        return age !== null && facts.spaceType !== undefined && (facts.spaceType.child ? age >= CHILD_AGE : age < CHILD_AGE);
      }),
    isAlreadyOnCruise: ({ event }) => holds(event, ({ passenger }) => passenger !== undefined && passenger.otherSpacesOnDeparture > 0),
  },
}).createMachine({
  id: "space",
  description: "One berth of a departure sold to a reservation: held until a time limit, confirmed, waiting for a berth that fits, or canceled for a reason.",
  context: domainContext,
  initial: "available",
  states: {
    available: {
      description: "No live space claims the berth: it can be held, or waited for when the departure or cabin is full.",
      on: {
        "space.hold": { target: "reserved", description: "Held by a reservation until its time limit." },
        "space.wait": { target: "waiting", description: "The departure or cabin is full: the space waits, first come first served." },
      },
    },
    reserved: {
      description: "Held: the berth is kept for the reservation until its time limit.",
      on: {
        "space.confirm": { target: "confirmed", description: "Confirmed: the berth is sold." },
        "space.expire": { target: "canceled", description: "The time limit passed: the server cancels the hold ('time limit expired')." },
        "space.cancel": [...reasonRefusals, { target: "canceled", description: "Canceled for the reason given: the berth is free again." }],
        "space.assign": assign("reserved"),
      },
    },
    waiting: {
      description: "Waiting for a berth that fits to free up, in the order the waits were made.",
      on: {
        "space.promote": { target: "reserved", description: "A berth that fits freed: the space holds it, with a fresh time limit." },
        "space.cancel": [...reasonRefusals, { target: "canceled", description: "Canceled for the reason given: it no longer waits." }],
        "space.assign": assign("waiting"),
      },
    },
    confirmed: {
      description: "Sold: the berth is the reservation's.",
      on: {
        "space.cancel": [...reasonRefusals, { target: "canceled", description: "Canceled for the reason given: the berth is free again." }],
        "space.assign": assign("confirmed"),
      },
    },
    canceled: final("Canceled for good, with its reason; the berth it held is free."),
  },
});
