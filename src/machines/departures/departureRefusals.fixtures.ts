import { Schema } from "effect";
import { messages } from "../../api/messages.ts";
import { RefusalSummary } from "../../api/refusals.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { departureRefusalsMachine } from "./departureRefusals.machine.ts";

const kept = Schema.decodeUnknownSync(RefusalSummary)({
  id: 1,
  at: "2030-03-01T09:00:00.000Z",
  caller: { userId: 2, name: "Ana Vera", role: "sales", agencyId: null, agencyName: null },
  stream: "reservation",
  streamId: null,
  command: "reservation.hold",
  machine: "reservation",
  guard: "isGenderNotAllowed",
  message: messages.genderNotAllowed,
  rule: "Refused: a cabin shared with another reservation of another adult space type ('gender not allowed').",
  cruiseId: 3,
});

export const fixtures = machineFixtures({
  id: "departureRefusals",
  file: "src/machines/departures/departureRefusals.machine.ts",
  machine: departureRefusalsMachine,
  inputs: [{ client: unusedClient, cruiseId: 3, describe: async (english: string) => english }],
  events: [
    { type: "xstate.done.actor.fetchRefusals", output: { refusals: [{ refusal: kept, rule: kept.rule }], total: 1 } },
    { type: "xstate.error.actor.fetchRefusals", error: refused(404, messages.notFound) },
    { type: "refusal.open", id: 1 },
    { type: "refusal.open", id: 7 },
    { type: "refusal.close" },
    { type: "refusals.reload" },
    { type: "retry" },
  ],
});
