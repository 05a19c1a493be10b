import { Schema } from "effect";
import { messages } from "../../api/messages.ts";
import { Refusal } from "../../api/refusals.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { refusalWhyMachine } from "./refusalWhy.machine.ts";

const kept = Schema.decodeUnknownSync(Refusal)({
  id: 1,
  at: "2030-03-01T09:00:00.000Z",
  caller: { userId: 2, name: "Ana Vera", role: "sales", agencyId: null, agencyName: null },
  stream: "reservation",
  streamId: null,
  command: "reservation.hold",
  guard: "isGenderNotAllowed",
  message: messages.genderNotAllowed,
  cruiseId: 3,
  machine: "reservation",
  state: null,
  rule: "Refused: a cabin shared with another reservation of another adult space type ('gender not allowed').",
  data: {},
  facts: {},
  cabins: [],
});

export const fixtures = machineFixtures({
  id: "refusalWhy",
  file: "src/machines/departures/refusalWhy.machine.ts",
  machine: refusalWhyMachine,
  inputs: [{ client: unusedClient, refusalId: 1, describe: async (english: string) => english }],
  events: [
    { type: "xstate.done.actor.fetchRefusal", output: { refusal: kept, rule: kept.rule } },
    { type: "xstate.error.actor.fetchRefusal", error: refused(404, messages.notFound) },
    { type: "retry" },
  ],
});
