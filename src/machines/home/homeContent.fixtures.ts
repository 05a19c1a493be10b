import type { HomeContent } from "../../api/home.ts";
import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { homeContentMachine } from "./homeContent.machine.ts";
import { bannerId, callActionId, sampleBanner } from "../shared/samples.ts";

const sampleHomeContent: HomeContent = { banners: [sampleBanner], call_action: [], recommendations: [], recommendationsVersion: 0 };

export const fixtures = machineFixtures({
  id: "homeContent",
  machine: homeContentMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "content.reload" },
    { type: "xstate.done.actor.fetchContent", output: sampleHomeContent },
    { type: "xstate.error.actor.fetchContent", error: refused(403, messages.forbidden) },
    { type: "content.delete", target: { kind: "banner", id: bannerId(2), title: "Galápagos" } },
    { type: "content.delete", target: { kind: "call_action", id: callActionId(3), title: "Cotice su viaje" } },
    { type: "xstate.done.actor.confirmDelete", output: true },
    { type: "xstate.done.actor.confirmDelete", output: false },
    { type: "xstate.error.actor.confirmDelete", error: new Error("the dialog closed") },
    { type: "xstate.done.actor.removeContent", output: messages.deleted },
    { type: "xstate.error.actor.removeContent", error: refused(404, messages.notFound) },
  ],
});
