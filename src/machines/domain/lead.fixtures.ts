import { domainFixtures } from "../shared/fixtures.ts";
import { leadMachine, noLeadFacts } from "./lead.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.lead",
  machine: leadMachine,
  events: [
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
    { type: "lead.comment", authorId: 3, comments: "Llamé al cliente, espera la cotización." },
  ],
  facts: [
    noLeadFacts,
    { ...noLeadFacts, fieldProblem: "required" },
    { ...noLeadFacts, fieldProblem: "invalid" },
    { ...noLeadFacts, fieldProblem: "invalidEmail" },
    { ...noLeadFacts, agentIsActiveSales: false },
    { ...noLeadFacts, isAgentWithoutPassword: true },
  ],
});
