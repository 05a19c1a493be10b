import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { initialQuery } from "../shared/listQuery.ts";
import { EXPORT_MAX } from "../shared/pagedList.machine.ts";
import { sampleReservation } from "../shared/samples.ts";
import { type ReservationsScope, reservationsListMachine, reservationsQueryDefaults } from "./reservationsList.machine.ts";

const scope: ReservationsScope = { cruiseId: null, withAgencies: true };

export const fixtures = machineFixtures({
  id: "reservationsList",
  machine: reservationsListMachine,
  inputs: [{ client: unusedClient, query: initialQuery(reservationsQueryDefaults), scope }],
  // the guards read the ticks and how many pages: states differing in them are kept apart
  contextKey: (context) => {
    const list = context as { selected: ReadonlyArray<unknown>; total: number };
    return [list.selected.length > 0, list.total > EXPORT_MAX];
  },
  events: [
    { type: "xstate.done.actor.fetchPage", output: { rows: [sampleReservation], total: 45, extras: { agencies: [] } } },
    { type: "xstate.done.actor.fetchPage", output: { rows: [sampleReservation], total: EXPORT_MAX + 1, extras: { agencies: [] } } },
    { type: "xstate.error.actor.fetchPage", error: refused(503, messages.serverError) },
    { type: "retry" },
    { type: "page.go", page: 2 },
    { type: "page.go", page: 9_999 },
    { type: "pageSize.change", pageSize: 50 },
    { type: "sort.toggle", column: "departure" },
    { type: "search.change", text: "RES-0001" },
    { type: "search.submit" },
    { type: "filter.change", name: "state", value: "reserved" },
    { type: "list.changed" },
    { type: "row.select", id: sampleReservation.id, selected: true },
    { type: "row.select", id: sampleReservation.id, selected: false },
    { type: "page.select", selected: true },
    { type: "selection.clear" },
    { type: "list.export", format: "xlsx" },
    { type: "list.export", format: "csv", ticked: true },
    { type: "xstate.done.actor.collectExport", output: [sampleReservation] },
    { type: "xstate.error.actor.collectExport", error: refused(503, messages.serverError) },
    { type: "xstate.done.actor.saveExport", output: undefined },
    { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
    { type: "bulk.ask", command: "confirm" },
    { type: "bulk.ask", command: "extend" },
    { type: "xstate.done.actor.askBulk", output: "" },
    { type: "xstate.done.actor.askBulk", output: null },
    { type: "xstate.error.actor.askBulk", error: new Error("no dialog") },
    { type: "xstate.done.actor.runBulk", output: { action: "confirm", succeeded: 0, refused: [{ id: sampleReservation.id, title: "T", message: messages.stale }], done: [] } },
    { type: "xstate.error.actor.runBulk", error: refused(503, messages.serverError) },
    { type: "report.dismiss" },
    { type: "query.sync", query: { ...initialQuery(reservationsQueryDefaults), page: 2 } },
  ],
});
