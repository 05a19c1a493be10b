import { setup } from "xstate";
import { type AvailabilityQuery, MAX_AVAILABILITY_DAYS } from "../../api/availability.ts";
import { isCalendarDay } from "../../api/details.ts";
import { messages } from "../../api/messages.ts";
import { answered, domainContext, domainSetup, holds, periodRefusals, refusal, refuseMalformed } from "./rules.ts";

/**
 * An availability question (`GET /availability`) writes nothing: the machine judges the question,
 * so that its refusals are named guards like every other rule.
 */
export type AvailabilityEvent = { readonly type: "availability.ask" };

/** The question as asked: its period and how many passengers. */
export interface AvailabilityFacts {
  readonly query: Pick<AvailabilityQuery, "from" | "to" | "passengers">;
}

const DAY = 86_400_000;

/** The period's days when both are real days, else null. */
const period = ({ from, to }: AvailabilityFacts["query"]): { readonly from: number; readonly to: number } | null =>
  from === undefined || to === undefined || !isCalendarDay(from) || !isCalendarDay(to) ? null : { from: Date.parse(`${from}T00:00:00Z`), to: Date.parse(`${to}T00:00:00Z`) };

const isBlank = (day: string | undefined): boolean => day === undefined || day === "";

export const availabilityMachine = setup({
  ...domainSetup<AvailabilityEvent, AvailabilityFacts>(),
  guards: {
    isMissingDates: ({ event }) => holds(event, ({ query }) => isBlank(query.from) || isBlank(query.to)),
    hasMalformedField: ({ event }) =>
      holds(event, ({ query }) => period(query) === null || (query.passengers !== undefined && (query.passengers < 1 || query.passengers > 500))),
    isPeriodReversed: ({ event }) =>
      holds(event, ({ query }) => {
        const days = period(query);
        return days !== null && days.to < days.from;
      }),
    isPeriodTooLong: ({ event }) =>
      holds(event, ({ query }) => {
        const days = period(query);
        return days !== null && (days.to - days.from) / DAY > MAX_AVAILABILITY_DAYS;
      }),
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
          refuseMalformed("Refused: a day that is none, or fewer than one passenger or over 500 ('invalid information')."),
          ...periodRefusals,
          { target: "answered", description: "The departures of the period with their free berths by category." },
        ],
      },
    },
    answered,
  },
});
