import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { initialQuery } from "../shared/listQuery.ts";
import { reservationsListMachine, reservationsQueryDefaults } from "./reservationsList.machine.ts";

export const fixtures = machineFixtures({
  id: "reservationsList",
  machine: reservationsListMachine,
  inputs: [{ client: unusedClient, query: initialQuery(reservationsQueryDefaults), scope: { cruiseId: null, withAgencies: true } }],
  events: [
    { type: "xstate.done.actor.fetchPage", output: { rows: [], total: 45, extras: { agencies: [] } } },
    { type: "xstate.error.actor.fetchPage", error: refused(503, messages.serverError) },
    { type: "retry" },
    { type: "page.go", page: 2 },
    { type: "page.go", page: 9 },
    { type: "pageSize.change", pageSize: 50 },
    { type: "list.changed" },
    { type: "filters.apply", q: "RES-0001", filters: { state: "reserved" } },
    { type: "query.sync", query: { ...initialQuery(reservationsQueryDefaults), page: 2 } },
  ],
});
