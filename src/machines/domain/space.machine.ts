import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuards, holds, refusal } from "./rules.ts";

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
  readonly genderMismatch?: boolean;
  readonly ageMismatch?: boolean;
  readonly alreadyOnCruise?: boolean;
}

const cancel = [
  refusal("isIncomplete", 400, messages.requiredInformation, "Refused: no reason given ('required_information')."),
  refusal("hasMalformedField", 400, messages.invalidInput, "Refused: the reason is over 300 characters ('invalid information')."),
] as const;

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
    isIncomplete: fieldGuards.isIncomplete,
    hasMalformedField: fieldGuards.hasMalformedField,
    isGenderMismatch: ({ event }) => holds(event, (facts) => facts.genderMismatch === true),
    isAgeMismatch: ({ event }) => holds(event, (facts) => facts.ageMismatch === true),
    isAlreadyOnCruise: ({ event }) => holds(event, (facts) => facts.alreadyOnCruise === true),
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
        "space.cancel": [...cancel, { target: "canceled", description: "Canceled for the reason given: the berth is free again." }],
        "space.assign": assign("reserved"),
      },
    },
    waiting: {
      description: "Waiting for a berth that fits to free up, in the order the waits were made.",
      on: {
        "space.promote": { target: "reserved", description: "A berth that fits freed: the space holds it, with a fresh time limit." },
        "space.cancel": [...cancel, { target: "canceled", description: "Canceled for the reason given: it no longer waits." }],
        "space.assign": assign("waiting"),
      },
    },
    confirmed: {
      description: "Sold: the berth is the reservation's.",
      on: {
        "space.cancel": [...cancel, { target: "canceled", description: "Canceled for the reason given: the berth is free again." }],
        "space.assign": assign("confirmed"),
      },
    },
    canceled: {
      type: "final",
      description: "Canceled for good, with its reason; the berth it held is free.",
    },
  },
});
