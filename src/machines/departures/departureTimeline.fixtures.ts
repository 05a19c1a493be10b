import { Schema } from "effect";
import { messages } from "../../api/messages.ts";
import { DepartureTimeline } from "../../api/timeline.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { departureTimelineMachine } from "./departureTimeline.machine.ts";

const timeline = Schema.decodeUnknownSync(DepartureTimeline)({
  cruiseId: 3,
  code: "GEX-20300606",
  capacity: 16,
  points: [{ at: "2030-03-01T09:00:00.000Z", held: 0, confirmed: 0, waiting: 0, free: 16, marks: ["opened"], events: [] }],
});

export const fixtures = machineFixtures({
  id: "departureTimeline",
  file: "src/machines/departures/departureTimeline.machine.ts",
  machine: departureTimelineMachine,
  inputs: [{ client: unusedClient, cruiseId: 3 }],
  events: [
    { type: "xstate.done.actor.fetchTimeline", output: timeline },
    { type: "xstate.error.actor.fetchTimeline", error: refused(404, messages.notFound) },
    { type: "point.select", index: 0 },
    { type: "point.select", index: 5 },
    { type: "point.close" },
    { type: "timeline.reload" },
    { type: "retry" },
  ],
});
