import { domainFixtures } from "../fixtures.ts";
import { availabilityMachine } from "./availability.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.availability",
  machine: availabilityMachine,
  events: [{ type: "availability.ask" }],
  facts: [{ problem: null }, { problem: "datesMissing" }, { problem: "invalid" }],
});
