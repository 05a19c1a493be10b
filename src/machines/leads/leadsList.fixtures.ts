import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { type LeadsListContext, leadsListMachine, leadsQueryDefaults, pageCount } from "./leadsList.machine.ts";
import { parseListQuery } from "../shared/listQuery.ts";
import { salesUser, sampleLead } from "../shared/samples.ts";

export const fixtures = machineFixtures({
  id: "leadsList",
  machine: leadsListMachine,
  inputs: [{ client: unusedClient }, { client: unusedClient, query: parseListQuery("q=quispe&page=2", leadsQueryDefaults) }],
  // the guards read the ticks, the page and how many pages: states differing in them are kept apart
  contextKey: (context) => {
    const list = context as LeadsListContext;
    return [list.selected.length > 0, list.query.page, pageCount(list)];
  },
  events: [
    // page 2 of 3 first, so the ready state the generator keeps has both a next and a previous page
    { type: "xstate.done.actor.fetchLeads", output: { leads: [sampleLead], page: 2, total: 45, totalIsAtLeast: false } },
    { type: "xstate.done.actor.fetchLeads", output: { leads: [sampleLead], page: 1, total: 20_000, totalIsAtLeast: true } },
    { type: "xstate.error.actor.fetchLeads", error: refused(403, messages.forbidden) },
    { type: "xstate.done.actor.fetchAgents", output: [salesUser] },
    { type: "xstate.error.actor.fetchAgents", error: refused(0, "network error") },
    { type: "page.next" },
    { type: "page.previous" },
    { type: "page.go", page: 3 },
    { type: "page.go", page: 9 },
    { type: "pageSize.change", pageSize: 50 },
    { type: "sort.toggle", column: "name" },
    { type: "search.change", text: "quispe" },
    { type: "search.submit" },
    { type: "filter.change", name: "agent", value: "unassigned" },
    { type: "query.sync", query: parseListQuery("from=2026-11-01", leadsQueryDefaults) },
    { type: "list.reload" },
    { type: "leads.changed" },
    { type: "row.select", id: sampleLead.id, selected: true },
    { type: "row.select", id: sampleLead.id, selected: false },
    { type: "page.select", selected: true },
    { type: "bulk.assign", userId: salesUser.id },
    { type: "bulk.assign", userId: 0 },
    { type: "xstate.done.actor.assignSelected", output: { action: "assign", succeeded: 1, refused: [] } },
    { type: "xstate.error.actor.assignSelected", error: refused(0, "network error") },
    { type: "list.export", format: "xlsx" },
    { type: "xstate.done.actor.collectExport", output: [sampleLead] },
    { type: "xstate.error.actor.collectExport", error: refused(403, messages.forbidden) },
    { type: "xstate.done.actor.saveExport", output: undefined },
    { type: "xstate.error.actor.saveExport", error: new Error("disk full") },
  ],
});
