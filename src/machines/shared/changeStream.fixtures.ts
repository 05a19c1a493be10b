import { changeStreamMachine } from "./changeStream.machine.ts";
import { machineFixtures, unusedClient } from "./fixtures.ts";

export const fixtures = machineFixtures({
  id: "changeStream",
  machine: changeStreamMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "change.received", change: { kind: "departure", cruiseId: 1 } },
    { type: "stream.ended", at: 60_000 },
    { type: "stream.failed", at: 90_000 },
  ],
});
