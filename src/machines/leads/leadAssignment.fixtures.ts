import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { leadAssignmentMachine } from "./leadAssignment.machine.ts";
import { leadId, salesUser, userId } from "../shared/samples.ts";

export const fixtures = machineFixtures({
  id: "leadAssignment",
  machine: leadAssignmentMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "menu.open", target: { leadId: leadId(12), name: "Marta Quispe", agentId: null } },
    { type: "menu.close" },
    { type: "agent.choose", userId: userId(5) },
    { type: "xstate.done.actor.fetchSalesUsers", output: [salesUser] },
    { type: "xstate.error.actor.fetchSalesUsers", error: refused(403, messages.forbidden) },
    { type: "xstate.done.actor.assignAgent", output: messages.updated },
    { type: "xstate.error.actor.assignAgent", error: refused(400, messages.notSalesUser) },
  ],
});
