import { domainFixtures } from "../shared/fixtures.ts";
import { type QuoteFacts, quoteMachine } from "./quote.machine.ts";

const priced: QuoteFacts = { fieldProblem: null, pricing: "priced" };

export const fixtures = domainFixtures({
  id: "domain.quote",
  machine: quoteMachine,
  events: [{ type: "quote.price" }],
  facts: [
    priced,
    { ...priced, fieldProblem: "required" },
    { ...priced, fieldProblem: "invalid" },
    { ...priced, pricing: "rateMissing" },
    { ...priced, pricing: "flightRateMissing" },
  ],
});
