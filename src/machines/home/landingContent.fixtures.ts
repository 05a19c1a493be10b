import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { landingContentMachine } from "./landingContent.machine.ts";
import { sampleBanner } from "../shared/samples.ts";

export const fixtures = machineFixtures({
  id: "landingContent",
  machine: landingContentMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "content.retry" },
    {
      type: "xstate.done.actor.fetchContent",
      output: { baner: [sampleBanner], call_action: null, recomendation: [] },
    },
    { type: "xstate.error.actor.fetchContent", error: refused(0, "network error") },
  ],
});
