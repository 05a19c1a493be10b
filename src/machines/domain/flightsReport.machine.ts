import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, final, holds, refusal } from "./rules.ts";

/**
 * The flights report of a departure (DOMAIN.md section 8) writes nothing: the machine judges
 * whether its file may be drawn, so that its rule is a named guard like every other. The fact is
 * whether a berth sold on the departure lacks its passenger's outbound or return leg (a berth
 * without a passenger lacks both).
 */
export type FlightsReportEvent = { readonly type: "flightsReport.generate" };

export interface FlightsReportFacts {
  readonly routesIncomplete: boolean;
}

export const flightsReportMachine = setup({
  ...domainSetup<FlightsReportEvent, FlightsReportFacts>(),
  guards: {
    areRoutesIncomplete: ({ event }) => holds(event, (facts) => facts.routesIncomplete),
  },
}).createMachine({
  id: "flightsReport",
  description: "A departure's flights report: every passenger's outbound and return legs, drawn as a file only when none is missing.",
  context: domainContext,
  initial: "asked",
  states: {
    asked: {
      description: "The report's file is asked for.",
      on: {
        "flightsReport.generate": [
          refusal(
            "areRoutesIncomplete",
            409,
            messages.reportNotGenerated,
            "Refused: a berth sold lacks its passenger's outbound or return leg ('report not generated when outbound and return routes are incomplete').",
          ),
          { target: "generated", description: "Every passenger has both legs: the file is drawn." },
        ],
      },
    },
    generated: final("Drawn and handed over; nothing is stored."),
  },
});
