import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { sampleRefusalSummary } from "../shared/samples.ts";
import { departureRefusalsMachine } from "./departureRefusals.machine.ts";

export const fixtures = machineFixtures({
  id: "departureRefusals",
  file: "src/machines/departures/departureRefusals.machine.ts",
  machine: departureRefusalsMachine,
  inputs: [{ client: unusedClient, cruiseId: 3, describe: async (english: string) => english }],
  events: [
    { type: "xstate.done.actor.fetchRefusals", output: { refusals: [{ refusal: sampleRefusalSummary, rule: sampleRefusalSummary.rule }], total: 1 } },
    { type: "xstate.error.actor.fetchRefusals", error: refused(404, messages.notFound) },
    { type: "refusal.open", id: 1 },
    { type: "refusal.open", id: 7 },
    { type: "refusal.close" },
    { type: "refusals.reload" },
    { type: "retry" },
  ],
});
