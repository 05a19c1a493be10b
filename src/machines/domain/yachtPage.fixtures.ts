import { domainFixtures } from "../shared/fixtures.ts";
import { type YachtPageFacts, yachtPageMachine } from "./yachtPage.machine.ts";

const decided: YachtPageFacts = { fieldProblem: null };

export const fixtures = domainFixtures({
  id: "domain.yachtPage",
  machine: yachtPageMachine,
  events: [{ type: "yachtPage.edit", content: { length: 34.5, crewCount: 9 } }],
  facts: [decided, { fieldProblem: "required" }, { fieldProblem: "invalid" }],
});
