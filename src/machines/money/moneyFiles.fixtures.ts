import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { moneyFilesMachine } from "./moneyFiles.machine.ts";

export const fixtures = machineFixtures({
  id: "money.moneyFiles",
  machine: moneyFilesMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "file.download", request: { kind: "receipt", paymentId: 12, language: "es" } },
    { type: "file.download", request: { kind: "statement", agencyId: 3, from: "2030-03-01", to: "2030-03-31", format: "xlsx", language: "en" } },
    { type: "file.download", request: { kind: "statement", agencyId: null, from: "2030-03-31", to: "2030-03-01", format: "pdf", language: "es" } },
    { type: "xstate.done.actor.fetchFile", output: { blob: new Blob(["%PDF"]), fileName: "receipt-000012.pdf" } },
    { type: "xstate.error.actor.fetchFile", error: refused(404, messages.notFound) },
  ],
});
