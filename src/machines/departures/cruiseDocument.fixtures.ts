import type { CruiseDocument } from "../../api/documents.ts";
import { messages } from "../../api/messages.ts";
import { cruiseDocumentMachine } from "./cruiseDocument.machine.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";

const content: CruiseDocument = {
  document: "passengers",
  language: "es",
  title: "Lista de pasajeros",
  departure: { id: 7, code: "GEX-20270805", yachtName: "Galápagos Explorer", itineraryName: "Norte 4 días", startDate: "2027-08-05", endDate: "2027-08-08" },
  code: "GEX-20270805",
  columns: [{ label: "Pasajero", width: 1 }],
  sections: [{ title: "Cabina 1", rows: [["Andrade, Lucía"]] }],
  totals: [],
  incomplete: [],
  generatedAt: "2027-08-01T12:00:00.000Z",
};

export const fixtures = machineFixtures({
  id: "cruiseDocument",
  machine: cruiseDocumentMachine,
  inputs: [
    { client: unusedClient, source: { kind: "cruise", cruiseId: 7, document: "passengers" }, language: "es" },
    { client: unusedClient, source: { kind: "voucher", reservationId: 12 }, language: null },
  ],
  events: [
    { type: "xstate.done.actor.fetchDocument", output: content },
    { type: "xstate.error.actor.fetchDocument", error: refused(404, messages.notFound) },
    { type: "retry" },
    { type: "language.change", language: "en" },
    { type: "download", format: "pdf" },
    { type: "download", format: "xlsx" },
    { type: "xstate.done.actor.downloadFile", output: { blob: new Blob(["%PDF"]), fileName: "passengers-GEX-20270805.pdf" } },
    { type: "xstate.error.actor.downloadFile", error: refused(403, messages.forbidden) },
    { type: "voucher.send" },
    { type: "xstate.done.actor.confirmSend", output: true },
    { type: "xstate.done.actor.confirmSend", output: false },
    { type: "xstate.error.actor.confirmSend", error: new Error("closed") },
    { type: "xstate.done.actor.sendVoucher", output: { to: "reservas@cuencatravel.example", language: "es" } },
    { type: "xstate.error.actor.sendVoucher", error: refused(409, messages.voucherWithoutRecipient) },
  ],
});
