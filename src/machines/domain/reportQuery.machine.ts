import { setup } from "xstate";
import type { ReportQueryProblem } from "../../api/reports.ts";
import { messages } from "../../api/messages.ts";
import { answered, domainContext, domainSetup, holds, periodRefusals, refusal, refuseMalformed } from "./rules.ts";

/**
 * A report's question (`GET /reports/...`) writes nothing: the machine judges it, so that its
 * refusals are named guards like every other rule. The server asks it before reading anything;
 * the reports screen asks it before sending, so a reversed period is told at once.
 */
export type ReportQueryEvent = { readonly type: "report.ask" };

export interface ReportQueryFacts {
  readonly problem: ReportQueryProblem;
}

export const reportQueryMachine = setup({
  ...domainSetup<ReportQueryEvent, ReportQueryFacts>(),
  guards: {
    isMissingDates: ({ event }) => holds(event, (facts) => facts.problem === "datesMissing"),
    isPeriodReversed: ({ event }) => holds(event, (facts) => facts.problem === "periodReversed"),
    isPeriodTooLong: ({ event }) => holds(event, (facts) => facts.problem === "periodTooLong"),
    hasMalformedField: ({ event }) => holds(event, (facts) => facts.problem === "notADay" || facts.problem === "hoursOutOfRange"),
  },
}).createMachine({
  id: "reportQuery",
  description: "A report's question: a period (or how many hours ahead), judged before anything is read; nothing is stored.",
  context: domainContext,
  initial: "asked",
  states: {
    asked: {
      description: "A report is asked for a period, a yacht or all, or a number of hours ahead.",
      on: {
        "report.ask": [
          refusal("isMissingDates", 400, messages.reportDatesRequired, "Refused: the period's first or last day is missing ('dates required in reports')."),
          refuseMalformed("Refused: a day that is none, or hours ahead outside 1 to 2160 ('invalid information')."),
          // the problems exclude each other: their order changes no answer
          ...periodRefusals,
          { target: "answered", description: "The report is read from the tables and answered." },
        ],
      },
    },
    answered,
  },
});
