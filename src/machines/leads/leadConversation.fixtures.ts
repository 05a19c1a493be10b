import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { leadConversationMachine } from "./leadConversation.machine.ts";
import { leadId, sampleLead, userId } from "../shared/samples.ts";

export const fixtures = machineFixtures({
  id: "leadConversation",
  machine: leadConversationMachine,
  inputs: [{ client: unusedClient, leadId: leadId(12), userId: userId(1) }],
  events: [
    { type: "xstate.done.actor.fetchLead", output: sampleLead },
    { type: "xstate.error.actor.fetchLead", error: refused(404, messages.notFound) },
    // one draft only: the generator keys states by value and transition, not by context, so a
    // blank draft comes from the empty box the lead opens with
    { type: "comment.change", text: "Envié la cotización." },
    { type: "comment.submit" },
    { type: "lead.reload" },
    { type: "xstate.done.actor.sendComment", output: messages.created },
    { type: "xstate.error.actor.sendComment", error: refused(403, messages.forbidden) },
    { type: "xstate.done.actor.refetchLead", output: sampleLead },
    { type: "xstate.error.actor.refetchLead", error: refused(0, "network error") },
  ],
});
