import { domainFixtures } from "../shared/fixtures.ts";
import { availabilityMachine } from "./availability.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.availability",
  machine: availabilityMachine,
  events: [{ type: "availability.ask" }],
  facts: [
    { query: { from: "2027-01-01", to: "2027-03-31" } },
    { query: { from: "2027-01-01", to: "2027-03-31", passengers: 4 } },
    { query: { from: "", to: "2027-03-31" } },
    { query: { to: "2027-03-31" } },
    { query: { from: "2027-02-30", to: "2027-03-31" } },
    { query: { from: "2027-01-01", to: "2027-03-31", passengers: 0 } },
    { query: { from: "2027-03-31", to: "2027-01-01" } },
    { query: { from: "2027-01-01", to: "2028-01-03" } },
  ],
});
