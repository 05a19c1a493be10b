import { messages } from "../../api/messages.ts";
import type { OccupancyReport } from "../../api/reports.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { reportsMachine } from "./reports.machine.ts";

const question = { from: "2027-06-01", to: "2027-08-31", yachtId: "", hours: "" };
const none = { capacity: 0, sold: 0, held: 0, free: 0, waiting: 0, soldPercent: 0, heldPercent: 0, freePercent: 0 };
const data: OccupancyReport = { from: question.from, to: question.to, yachtId: null, departures: [], yachts: [], total: none, fleet: [] };

export const fixtures = machineFixtures({
  id: "reports",
  machine: reportsMachine,
  inputs: [{ client: unusedClient, report: "occupancy", question }],
  events: [
    { type: "xstate.done.actor.fetchReport", output: { report: "occupancy", data } },
    { type: "xstate.error.actor.fetchReport", error: refused(403, messages.forbidden) },
    { type: "retry" },
    { type: "question.submit", question: { ...question, to: "2027-05-01" } },
    { type: "question.submit", question: { ...question, yachtId: "2" } },
    { type: "table.export", table: "departures", format: "csv" },
    { type: "xstate.done.actor.saveExport", output: undefined },
    { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
  ],
});
