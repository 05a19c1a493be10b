import { domainFixtures } from "../shared/fixtures.ts";
import { reportQueryMachine } from "./reportQuery.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.reportQuery",
  machine: reportQueryMachine,
  events: [{ type: "report.ask" }],
  facts: [
    { problem: null },
    { problem: "datesMissing" },
    { problem: "periodReversed" },
    { problem: "periodTooLong" },
    { problem: "notADay" },
    { problem: "hoursOutOfRange" },
  ],
});
