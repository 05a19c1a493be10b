import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { sampleRefusal } from "../shared/samples.ts";
import { refusalWhyMachine } from "./refusalWhy.machine.ts";

export const fixtures = machineFixtures({
  id: "refusalWhy",
  file: "src/machines/departures/refusalWhy.machine.ts",
  machine: refusalWhyMachine,
  inputs: [{ client: unusedClient, refusalId: 1, describe: async (english: string) => english }],
  events: [
    { type: "xstate.done.actor.fetchRefusal", output: { refusal: sampleRefusal, rule: sampleRefusal.rule } },
    { type: "xstate.error.actor.fetchRefusal", error: refused(404, messages.notFound) },
    { type: "retry" },
  ],
});
