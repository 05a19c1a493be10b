import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { berthPlanAsOfMachine } from "./berthPlanAsOf.machine.ts";

export const fixtures = machineFixtures({
  id: "berthPlanAsOf",
  file: "src/machines/departures/berthPlanAsOf.machine.ts",
  machine: berthPlanAsOfMachine,
  inputs: [{ client: unusedClient, cruiseId: 3, asOf: "2030-03-01T09:00:00.000Z" }],
  events: [
    { type: "xstate.done.actor.fetchPlan", output: [] },
    { type: "xstate.error.actor.fetchPlan", error: refused(404, messages.notFound) },
    { type: "retry" },
  ],
});
