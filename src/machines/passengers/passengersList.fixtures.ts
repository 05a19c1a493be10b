import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { initialQuery } from "../shared/listQuery.ts";
import { passengersListMachine, passengersQueryDefaults } from "./passengersList.machine.ts";

export const fixtures = machineFixtures({
  id: "passengersList",
  machine: passengersListMachine,
  inputs: [{ client: unusedClient, query: initialQuery(passengersQueryDefaults), scope: { agencies: null } }],
  events: [
    { type: "xstate.done.actor.fetchPage", output: { rows: [], total: 45, extras: { agencies: [] } } },
    { type: "xstate.error.actor.fetchPage", error: refused(503, messages.serverError) },
    { type: "retry" },
    { type: "page.go", page: 2 },
    { type: "page.go", page: 9 },
    { type: "pageSize.change", pageSize: 50 },
    { type: "list.changed" },
    { type: "filters.apply", q: "Andrade", filters: { agency: "3" } },
    { type: "query.sync", query: { ...initialQuery(passengersQueryDefaults), page: 2 } },
  ],
});
