import { messages } from "../../api/messages.ts";
import { Schema } from "effect";
import { DepartureAvailability } from "../../api/availability.ts";
import { availabilitySearchMachine } from "./availabilitySearch.machine.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { pagesOf } from "../shared/listQuery.ts";

const form = { from: "2027-03-01", to: "2027-05-31", yachtId: "", passengers: "2" };

/** Sixty departures of one yacht: the first page of two at fifty a page. */
const sixtyDepartures = Schema.decodeUnknownSync(Schema.Array(DepartureAvailability))(
  Array.from({ length: 60 }, (_, index) => ({
    cruiseId: index + 1,
    code: `EXP-${index + 1}`,
    yachtId: 1,
    yachtName: "Explorer",
    yachtColour: "#1e88e5",
    itineraryName: "Islas del norte",
    startDate: "2027-03-04",
    endDate: "2027-03-08",
    capacity: 16,
    free: 10,
    waiting: 0,
    status: "available",
    categories: [{ category: "suite", free: 10, capacity: 16 }],
  })),
);

export const fixtures = machineFixtures({
  id: "availabilitySearch",
  machine: availabilitySearchMachine,
  inputs: [{ client: unusedClient, form }],
  // the page guards read how many pages the departures found make and which one is asked
  contextKey: (context) => {
    const shown = context as { total: number; page: number; pageSize: number };
    return [pagesOf(shown.total, shown.pageSize), shown.page];
  },
  events: [
    { type: "xstate.done.actor.search", output: { departures: [], total: 0 } },
    { type: "xstate.done.actor.search", output: { departures: sixtyDepartures.slice(0, 50), total: 60 } },
    // a page past the last after a change: fewer were found than the page asked reaches
    { type: "xstate.done.actor.search", output: { departures: [], total: 30 } },
    { type: "xstate.error.actor.search", error: refused(400, messages.datesRequired) },
    { type: "search.submit", form: { ...form, from: "" } },
    { type: "form.sync", form: { ...form, yachtId: "1" } },
    { type: "departures.changed" },
    { type: "page.go", page: 2 },
    { type: "page.go", page: 3 },
    { type: "pageSize.change", pageSize: 100 },
    { type: "pageSize.change", pageSize: 7 },
  ],
});
