import { Schema } from "effect";
import { messages } from "../../api/messages.ts";
import { RefusalSummary } from "../../api/refusals.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { sampleRefusalSummary } from "../shared/samples.ts";
import { guardRefusalsMachine } from "./guardRefusals.machine.ts";

const kept = Schema.decodeUnknownSync(RefusalSummary)({
  ...sampleRefusalSummary,
  guard: "isCabinUnavailable",
  message: messages.cabinNotAvailable,
  rule: "Refused: a chosen cabin has too few free berths ('cabin not available').",
});

export const fixtures = machineFixtures({
  id: "guardRefusals",
  file: "src/machines/flows/guardRefusals.machine.ts",
  machine: guardRefusalsMachine,
  inputs: [{ client: unusedClient, machine: "reservation" }],
  events: [
    { type: "xstate.done.actor.fetchCounts", output: [{ guard: "isCabinUnavailable", count: 1, lastAt: kept.at }] },
    { type: "xstate.error.actor.fetchCounts", error: refused(403, messages.forbidden) },
    { type: "guard.choose", guard: "isCabinUnavailable" },
    { type: "guard.choose", guard: "isCruiseFull" },
    { type: "xstate.done.actor.fetchRecent", output: [kept] },
    { type: "xstate.error.actor.fetchRecent", error: refused(403, messages.forbidden) },
    { type: "guard.close" },
    { type: "refusal.open", id: 1 },
    { type: "refusal.open", id: 7 },
    { type: "refusal.close" },
    { type: "retry" },
  ],
});
