import { messages } from "../../api/messages.ts";
import { type DeparturesContext, type DeparturesPage, departuresMachine } from "./departures.machine.ts";
import { machineFixtures, reasonAnswers, refused, unusedClient } from "../shared/fixtures.ts";

const month: DeparturesPage = { cruises: [], total: 0, next: { startDate: "2027-04-01", month: "2027-04" }, yachts: [], itineraries: [] };

export const fixtures = machineFixtures({
  id: "departures",
  machine: departuresMachine,
  inputs: [{ client: unusedClient, query: { month: "2027-03", yachtId: null, view: "calendar" } }],
  // a change heard while a cancellation is asked has the month fetched again once it shows
  contextKey: (context) => (context as DeparturesContext).changedMeanwhile,
  events: [
    { type: "xstate.done.actor.fetchDepartures", output: month },
    { type: "xstate.error.actor.fetchDepartures", error: refused(503, messages.serverError) },
    { type: "retry" },
    { type: "month.previous" },
    { type: "month.next" },
    { type: "month.show", month: "2027-04" },
    { type: "yacht.choose", yachtId: 1 },
    { type: "view.choose", view: "list" },
    { type: "query.sync", query: { month: "2027-04", yachtId: 2, view: "list" } },
    { type: "departures.reload" },
    { type: "cruise.cancel", id: 7, title: "¿Cancelar la salida GEX-20270304?" },
    ...reasonAnswers("confirmCancel"),
    { type: "xstate.done.actor.cancelDeparture", output: messages.updated },
    { type: "xstate.error.actor.cancelDeparture", error: refused(409, messages.notAllowedNow) },
  ],
});
