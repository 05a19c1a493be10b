import { domainFixtures } from "../shared/fixtures.ts";
import { type CallActionContent, type CallActionFacts, callActionMachine } from "./callAction.machine.ts";

const decided: CallActionFacts = { fieldProblem: null };

const sampleContent: CallActionContent = {
  title: "Cotice su crucero",
  text: "Le respondemos en menos de 24 horas.",
  buttonLabel: "Cotizar",
  titleEn: "Get a quote for your cruise",
  textEn: "We answer within 24 hours.",
  buttonLabelEn: "Get a quote",
  link: "https://example.com/cotizar",
};

export const fixtures = domainFixtures({
  id: "domain.callAction",
  machine: callActionMachine,
  events: [
    { type: "callAction.create", ...sampleContent, active: true },
    { type: "callAction.create", ...sampleContent, active: false },
    { type: "callAction.update", ...sampleContent, buttonLabel: "Escríbanos" },
    { type: "callAction.activate" },
    { type: "callAction.deactivate" },
    { type: "callAction.delete" },
  ],
  facts: [
    decided,
    { fieldProblem: "required" },
    { fieldProblem: "invalid" },
    { fieldProblem: "invalidUrl" },
  ],
});
