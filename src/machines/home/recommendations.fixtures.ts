import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { recommendationsMachine } from "./recommendations.machine.ts";
import { itineraryId, sampleItinerary } from "../shared/samples.ts";

export const fixtures = machineFixtures({
  id: "recommendations",
  machine: recommendationsMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "recommendation.add", id: itineraryId(9) },
    { type: "recommendation.remove", id: itineraryId(9) },
    { type: "recommendation.moveUp", id: itineraryId(9) },
    { type: "recommendation.moveDown", id: itineraryId(9) },
    { type: "recommendations.save" },
    { type: "xstate.done.actor.loadChoices", output: { destinations: [sampleItinerary], chosen: [9], version: 2 } },
    { type: "xstate.error.actor.loadChoices", error: refused(403, messages.forbidden) },
    { type: "xstate.done.actor.saveChoices", output: messages.updated },
    { type: "xstate.error.actor.saveChoices", error: refused(400, messages.invalidInput) },
    { type: "xstate.error.actor.saveChoices", error: refused(409, messages.stale) },
    { type: "recommendations.reload" },
  ],
});
