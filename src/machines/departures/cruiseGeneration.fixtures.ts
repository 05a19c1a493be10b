import { messages } from "../../api/messages.ts";
import { cruiseGenerationMachine } from "./cruiseGeneration.machine.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";

export const fixtures = machineFixtures({
  id: "cruiseGeneration",
  machine: cruiseGenerationMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "generation.submit", draft: { cruiseItineraryId: 1, from: "2027-03-01", to: "2027-03-31" } },
    { type: "generation.submit", draft: { cruiseItineraryId: 1, from: "2027-03-31", to: "2027-03-01" } },
    { type: "xstate.done.actor.generate", output: ["GEX-20270304", "GEX-20270311"] },
    { type: "xstate.error.actor.generate", error: refused(400, messages.invalidInput) },
  ],
});
