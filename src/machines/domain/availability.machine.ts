import { setup } from "xstate";
import type { FieldProblem } from "../../api/fields.ts";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, holds, refusal } from "./rules.ts";

/**
 * An availability question (`GET /availability`) writes nothing: the machine judges the question,
 * so that its refusals are named guards like every other rule.
 */
export type AvailabilityEvent = { readonly type: "availability.ask" };

export interface AvailabilityFacts {
  readonly problem: FieldProblem | "datesMissing" | null;
}

export const availabilityMachine = setup({
  ...domainSetup<AvailabilityEvent, AvailabilityFacts>(),
  guards: {
    isMissingDates: ({ event }) => holds(event, (facts) => facts.problem === "datesMissing"),
    hasMalformedField: ({ event }) => holds(event, (facts) => facts.problem !== null && facts.problem !== "datesMissing"),
  },
}).createMachine({
  id: "availability",
  description: "A look at the departures of a period with their free berths by cabin category, for staff and agencies; nothing is stored.",
  context: domainContext,
  initial: "asked",
  states: {
    asked: {
      description: "A period, a yacht or all, and how many passengers.",
      on: {
        "availability.ask": [
          refusal("isMissingDates", 400, messages.datesRequired, "Refused: the period's first or last day is missing ('dates required in availability')."),
          refusal("hasMalformedField", 400, messages.invalidInput, "Refused: a day that is none, a period reversed or over a year, or fewer than one passenger ('invalid information')."),
          { target: "answered", description: "The departures of the period with their free berths by category." },
        ],
      },
    },
    answered: {
      type: "final",
      description: "Answered to whoever asked, and forgotten.",
    },
  },
});
