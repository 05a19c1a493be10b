import { domainFixtures } from "../shared/fixtures.ts";
import { flightsReportMachine } from "./flightsReport.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.flightsReport",
  machine: flightsReportMachine,
  events: [{ type: "flightsReport.generate" }],
  facts: [{ routesIncomplete: false }, { routesIncomplete: true }],
});
