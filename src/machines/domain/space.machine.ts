import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuards, refusal } from "./rules.ts";

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
  | { readonly type: "space.cancel"; readonly reason: string };

/** The reason the server gives a hold it cancels when its time limit passes (DOMAIN.md section 5). */
export const EXPIRY_REASON = "time limit expired";

/** A cancellation's facts: its reason's problem (blank, too long). */
export type SpaceFacts = FieldFacts;

const cancel = [
  refusal("isIncomplete", 400, messages.requiredInformation, "Refused: no reason given ('required_information')."),
  refusal("hasMalformedField", 400, messages.invalidInput, "Refused: the reason is over 300 characters ('invalid information')."),
] as const;

export const spaceMachine = setup({
  ...domainSetup<SpaceEvent, SpaceFacts>(),
  guards: { isIncomplete: fieldGuards.isIncomplete, hasMalformedField: fieldGuards.hasMalformedField },
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
      },
    },
    waiting: {
      description: "Waiting for a berth that fits to free up, in the order the waits were made.",
      on: {
        "space.promote": { target: "reserved", description: "A berth that fits freed: the space holds it, with a fresh time limit." },
        "space.cancel": [...cancel, { target: "canceled", description: "Canceled for the reason given: it no longer waits." }],
      },
    },
    confirmed: {
      description: "Sold: the berth is the reservation's.",
      on: {
        "space.cancel": [...cancel, { target: "canceled", description: "Canceled for the reason given: the berth is free again." }],
      },
    },
    canceled: {
      type: "final",
      description: "Canceled for good, with its reason; the berth it held is free.",
    },
  },
});
