import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { parseListQuery } from "../shared/listQuery.ts";
import { salesUser, sampleLead } from "../shared/samples.ts";
import { leadsListMachine, leadsQueryDefaults } from "./leadsList.machine.ts";
import { type KeptMeanwhile, keptMeanwhile } from "../shared/listFixtures.ts";

export const fixtures = machineFixtures({
  id: "leadsList",
  machine: leadsListMachine,
  inputs: [{ client: unusedClient, query: parseListQuery("q=quispe&page=2", leadsQueryDefaults), scope: null }],
  // the guards read the ticks and whether the total is a lower bound (no export then): states differing in them are kept apart
  contextKey: (context) => {
    const list = context as KeptMeanwhile & { selected: ReadonlyArray<unknown>; totalIsAtLeast: boolean };
    return [list.selected.length > 0, list.totalIsAtLeast, keptMeanwhile(list)];
  },
  events: [
    { type: "xstate.done.actor.fetchPage", output: { rows: [sampleLead], total: 45, extras: { agents: [salesUser] } } },
    { type: "xstate.done.actor.fetchPage", output: { rows: [sampleLead], total: 40, totalIsAtLeast: true, extras: { agents: [] } } },
    { type: "xstate.error.actor.fetchPage", error: refused(403, messages.forbidden) },
    { type: "retry" },
    { type: "page.go", page: 2 },
    { type: "page.go", page: 9_999 },
    { type: "pageSize.change", pageSize: 50 },
    { type: "sort.toggle", column: "name" },
    { type: "search.change", text: "quispe" },
    { type: "search.submit" },
    { type: "filter.change", name: "agent", value: "unassigned" },
    { type: "list.changed" },
    { type: "row.select", id: sampleLead.id, selected: true },
    { type: "row.select", id: sampleLead.id, selected: false },
    { type: "page.select", selected: true },
    { type: "selection.clear" },
    { type: "list.export", format: "xlsx" },
    { type: "list.export", format: "csv", ticked: true },
    { type: "xstate.done.actor.collectExport", output: [sampleLead] },
    { type: "xstate.error.actor.collectExport", error: refused(403, messages.forbidden) },
    { type: "xstate.done.actor.saveExport", output: undefined },
    { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
    { type: "bulk.ask", command: "assign" },
    { type: "bulk.ask", command: "confirm" },
    { type: "xstate.done.actor.askBulk", output: String(salesUser.id) },
    { type: "xstate.done.actor.askBulk", output: null },
    { type: "xstate.error.actor.askBulk", error: new Error("no agent chosen") },
    {
      type: "xstate.done.actor.runBulk",
      output: { action: "assign", succeeded: 0, refused: [{ id: sampleLead.id, title: "Marta Quispe", message: messages.notSalesUser }], done: [] },
    },
    { type: "xstate.error.actor.runBulk", error: refused(0, "network error") },
    { type: "report.dismiss" },
    { type: "query.sync", query: parseListQuery("from=2026-11-01", leadsQueryDefaults) },
  ],
});
