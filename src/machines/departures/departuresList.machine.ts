import { type Cruise, type CruisesQuery, type CruisesSort, listCruises } from "../../api/cruises.ts";
import { yachts } from "../../records/fleet.ts";
import { type ListChoices, pageWithChoices } from "../shared/listChoices.ts";
import type { ListQuery, ListQueryDefaults } from "../shared/listQuery.ts";
import { createPagedListMachine } from "../shared/pagedList.machine.ts";
import { monthDays } from "./departures.machine.ts";

/** The list's filters, as the address names them (month and yacht are the calendar's too). */
export const MONTH_FILTER = "month";
export const YACHT_FILTER = "yacht";
export const STATE_FILTER = "state";
/** The departures screen's view (`list`): kept in the address with the list's query, no control of the list's. */
export const VIEW_FILTER = "view";

const cruiseStates = ["scheduled", "canceled"] as const;

/** The columns the server sorts by, as the address and GET /cruises name them. */
export const departureSortKeys: ReadonlyArray<CruisesSort> = ["start", "code", "yacht", "itinerary", "free", "state"];

export const departuresListDefaults: ListQueryDefaults = {
  pageSize: 20,
  sort: null,
  direction: "asc",
  sortKeys: departureSortKeys,
  filterNames: [MONTH_FILTER, YACHT_FILTER, STATE_FILTER, VIEW_FILTER],
};

/** The list's query as the departures call asks it: a month is its first to last day. */
export const departuresQuery = (query: ListQuery): CruisesQuery => {
  const month = query.filters[MONTH_FILTER] ?? "";
  const yacht = Number(query.filters[YACHT_FILTER] ?? "");
  const state = cruiseStates.find((candidate) => candidate === query.filters[STATE_FILTER]);
  const sort = departureSortKeys.find((key) => key === query.sort);
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(sort === undefined ? {} : { sort, order: query.direction }),
    ...(query.q.trim() === "" ? {} : { q: query.q.trim() }),
    ...(/^20\d\d-(0[1-9]|1[0-2])$/.test(month) ? monthDays(month) : {}),
    ...(Number.isInteger(yacht) && yacht > 0 ? { yachtId: yacht } : {}),
    ...(state === undefined ? {} : { state }),
  };
};

/** The yacht filter's choices. */
export type DeparturesChoices = ListChoices<"yachts">;

/**
 * The departures as a table on the one list engine (DOMAIN.md section 4): by start day or a
 * column, searched by code, yacht or itinerary, narrowed by month, yacht and state, paged on the
 * server; ticked ones or every matching one exported.
 */
export const departuresListMachine = createPagedListMachine<Cruise, null, DeparturesChoices>({
  id: "departuresList",
  description:
    "A page of departures by start day or sorted by a column, searched by code, yacht or itinerary and narrowed by month, yacht and state; the query in the address; ticked or all matching ones exported.",
  defaults: departuresListDefaults,
  fetch: ({ client, query, known }) => pageWithChoices(client.request(listCruises, { query: departuresQuery(query) }), "yachts", known, () => client.call(yachts.api.list)),
});
