import { messages } from "../../api/messages.ts";
import { domainFixtures } from "../shared/fixtures.ts";
import { type YearCopyFacts, yearCopyMachine } from "./yearCopy.machine.ts";

const copied: YearCopyFacts = { fieldProblem: null, declaredRefusal: null, hasNothingToCopy: false, isNextYearTaken: false };

export const fixtures = domainFixtures({
  id: "domain.yearCopy",
  machine: yearCopyMachine,
  events: [{ type: "yearCopy.copy" }],
  facts: [
    copied,
    { ...copied, fieldProblem: "required" },
    { ...copied, fieldProblem: "invalid" },
    { ...copied, declaredRefusal: messages.numberOutOfRange },
    { ...copied, hasNothingToCopy: true },
    { ...copied, isNextYearTaken: true },
  ],
});
