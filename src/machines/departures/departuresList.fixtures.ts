import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { initialQuery } from "../shared/listQuery.ts";
import { EXPORT_MAX } from "../shared/pagedList.machine.ts";
import { sampleCruise } from "../shared/samples.ts";
import { departuresListDefaults, departuresListMachine } from "./departuresList.machine.ts";

export const fixtures = machineFixtures({
  id: "departuresList",
  machine: departuresListMachine,
  inputs: [{ client: unusedClient, query: initialQuery(departuresListDefaults), scope: null }],
  // the guards read the ticks and how many pages: states differing in them are kept apart
  contextKey: (context) => {
    const list = context as { selected: ReadonlyArray<unknown>; total: number };
    return [list.selected.length > 0, list.total > EXPORT_MAX];
  },
  events: [
    { type: "xstate.done.actor.fetchPage", output: { rows: [sampleCruise], total: 45, extras: { yachts: [] } } },
    { type: "xstate.done.actor.fetchPage", output: { rows: [sampleCruise], total: EXPORT_MAX + 1, extras: { yachts: [] } } },
    { type: "xstate.error.actor.fetchPage", error: refused(503, messages.serverError) },
    { type: "retry" },
    { type: "page.go", page: 2 },
    { type: "page.go", page: 9_999 },
    { type: "pageSize.change", pageSize: 50 },
    { type: "sort.toggle", column: "free" },
    { type: "search.change", text: "GEX" },
    { type: "search.submit" },
    { type: "filter.change", name: "yacht", value: "2" },
    { type: "list.changed" },
    { type: "row.select", id: sampleCruise.id, selected: true },
    { type: "row.select", id: sampleCruise.id, selected: false },
    { type: "page.select", selected: true },
    { type: "selection.clear" },
    { type: "list.export", format: "xlsx" },
    { type: "list.export", format: "csv", ticked: true },
    { type: "xstate.done.actor.collectExport", output: [sampleCruise] },
    { type: "xstate.error.actor.collectExport", error: refused(503, messages.serverError) },
    { type: "xstate.done.actor.saveExport", output: undefined },
    { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
    { type: "query.sync", query: { ...initialQuery(departuresListDefaults), page: 2 } },
  ],
});
