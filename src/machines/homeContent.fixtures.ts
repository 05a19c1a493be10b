import type { HomeContent } from "../api/home.ts";
import { messages } from "../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "./fixtures.ts";
import { homeContentMachine } from "./homeContent.machine.ts";
import { sampleBanner } from "./samples.ts";

const sampleHomeContent: HomeContent = { baner: [sampleBanner], call_action: [], recomendation: [] };

export const fixtures = machineFixtures({
  id: "homeContent",
  machine: homeContentMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "content.reload" },
    { type: "xstate.done.actor.fetchContent", output: sampleHomeContent },
    { type: "xstate.error.actor.fetchContent", error: refused(403, messages.forbidden) },
  ],
});
