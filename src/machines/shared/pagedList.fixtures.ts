import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "./fixtures.ts";
import { initialQuery, type ListQueryDefaults } from "./listQuery.ts";
import { createPagedListMachine, EXPORT_MAX } from "./pagedList.machine.ts";

/** A list of named rows declared on the engine alone: its fetch is never called, the fixtures answer for it. */
const defaults: ListQueryDefaults = { pageSize: 20, sort: null, direction: "asc", sortKeys: ["name"], filterNames: ["kind"] };

const row = { id: 1, name: "Uno" };

const machine = createPagedListMachine<typeof row, null, null>({
  id: "pagedList",
  description: "The one server-paged list engine, declared with a sample list: pages (a total that may be 'more than N'), sort, search, filters, address, ticks, export and a bulk command.",
  defaults,
  fetch: async () => ({ rows: [], total: 0, extras: null }),
  bulk: { confirm: { title: (sample) => sample.name, send: async () => messages.updated } },
});

export const fixtures = machineFixtures({
  id: "pagedList",
  machine,
  inputs: [{ client: unusedClient, query: initialQuery(defaults), scope: null }],
  // the guards read the ticks and how many rows: states differing in them are kept apart
  contextKey: (context) => {
    const list = context as { selected: ReadonlyArray<unknown>; total: number; totalIsAtLeast: boolean };
    return [list.selected.length > 0, list.total > EXPORT_MAX, list.totalIsAtLeast];
  },
  events: [
    { type: "xstate.done.actor.fetchPage", output: { rows: [row], total: 45, extras: null } },
    { type: "xstate.done.actor.fetchPage", output: { rows: [row], total: EXPORT_MAX + 1, extras: null } },
    // a total known only as "more than 40"
    { type: "xstate.done.actor.fetchPage", output: { rows: [row], total: 40, totalIsAtLeast: true, extras: null } },
    { type: "xstate.error.actor.fetchPage", error: refused(503, messages.serverError) },
    { type: "retry" },
    { type: "page.go", page: 2 },
    { type: "page.go", page: 9_999 },
    { type: "pageSize.change", pageSize: 50 },
    { type: "sort.toggle", column: "name" },
    { type: "search.change", text: "uno" },
    { type: "search.submit" },
    { type: "filter.change", name: "kind", value: "a" },
    { type: "list.changed" },
    { type: "row.select", id: row.id, selected: true },
    { type: "row.select", id: row.id, selected: false },
    { type: "page.select", selected: true },
    { type: "selection.clear" },
    { type: "list.export", format: "xlsx" },
    { type: "list.export", format: "csv", ticked: true },
    { type: "xstate.done.actor.collectExport", output: [row] },
    { type: "xstate.error.actor.collectExport", error: refused(503, messages.serverError) },
    { type: "xstate.done.actor.saveExport", output: undefined },
    { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
    { type: "bulk.ask", command: "confirm" },
    { type: "bulk.ask", command: "extend" },
    { type: "xstate.done.actor.askBulk", output: "" },
    { type: "xstate.done.actor.askBulk", output: null },
    { type: "xstate.error.actor.askBulk", error: new Error("no dialog") },
    { type: "xstate.done.actor.runBulk", output: { action: "confirm", succeeded: 0, refused: [{ id: row.id, title: "T", message: messages.stale }], done: [] } },
    { type: "xstate.error.actor.runBulk", error: refused(503, messages.serverError) },
    { type: "report.dismiss" },
    { type: "query.sync", query: { ...initialQuery(defaults), page: 2 } },
  ],
});
