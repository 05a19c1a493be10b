import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "./fixtures.ts";
import { recordHistoryMachine } from "./recordHistory.machine.ts";

export const fixtures = machineFixtures({
  id: "recordHistory",
  machine: recordHistoryMachine,
  inputs: [{ client: unusedClient, stream: "user", id: 7 }],
  events: [
    { type: "recordHistory.open" },
    { type: "recordHistory.close" },
    { type: "recordHistory.reload" },
    { type: "xstate.done.actor.loadHistory", output: [] },
    { type: "xstate.error.actor.loadHistory", error: refused(403, messages.forbidden) },
  ],
});
