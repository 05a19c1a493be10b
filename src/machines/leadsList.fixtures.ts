import { messages } from "../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "./fixtures.ts";
import { leadsListMachine } from "./leadsList.machine.ts";
import { salesUser, sampleLead } from "./samples.ts";

export const fixtures = machineFixtures({
  id: "leadsList",
  machine: leadsListMachine,
  inputs: [{ client: unusedClient, pageSize: 20 }],
  events: [
    // page 2 of 3 first, so the ready state the generator keeps has both a next and a previous page
    { type: "xstate.done.actor.fetchLeads", output: { leads: [sampleLead], page: 2, total: 45 } },
    { type: "xstate.error.actor.fetchLeads", error: refused(403, messages.forbidden) },
    { type: "xstate.done.actor.fetchAgents", output: [salesUser] },
    { type: "xstate.error.actor.fetchAgents", error: refused(0, "network error") },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.go", page: 3 },
    { type: "search.change", text: "quispe" },
    { type: "search.submit" },
    { type: "agent.change", agent: { kind: "unassigned" } },
    { type: "list.reload" },
  ],
});
