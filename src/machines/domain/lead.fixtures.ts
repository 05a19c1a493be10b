import { machineFixtures, withFacts } from "../fixtures.ts";
import { type LeadFacts, leadMachine } from "./lead.machine.ts";

/** Facts under which every command is accepted. */
const decided: LeadFacts = { fieldProblem: null, agentIsActiveSales: true };

export const fixtures = machineFixtures({
  id: "domain.lead",
  file: "src/machines/domain/lead.machine.ts",
  machine: leadMachine,
  inputs: [undefined],
  events: withFacts(
    leadMachine,
    [
    {
      type: "lead.create",
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana@example.com",
      country: "Ecuador",
      phone: "+593 99 123 4567",
      message: "Quisiera información sobre cruceros en Galápagos.",
      yachtName: null,
      details: null,
    },
    { type: "lead.assign", agentId: 3, agentName: "Diego Cevallos" },
    { type: "lead.comment", authorId: 3, coments: "Llamé al cliente, espera la cotización." },
    ],
    [
      decided,
      { ...decided, fieldProblem: "required" },
      { ...decided, fieldProblem: "invalid" },
      { ...decided, fieldProblem: "invalidEmail" },
      { ...decided, agentIsActiveSales: false },
    ],
  ),
});
