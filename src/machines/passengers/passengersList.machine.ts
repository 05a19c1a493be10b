import type { CatalogueEndpoints } from "../../api/catalogues.ts";
import { listPassengers, type Passenger, type PassengersSort } from "../../api/passengers.ts";
import { type ListChoices, pageWithChoices } from "../shared/listChoices.ts";
import type { ListQuery, ListQueryDefaults } from "../shared/listQuery.ts";
import { createPagedListMachine } from "../shared/pagedList.machine.ts";

/** The list's agency filter, as the address names it. */
export const PASSENGER_AGENCY_FILTER = "agency";

/** The columns the server sorts by, as the address and GET /passengers name them. */
export const passengerSortKeys: ReadonlyArray<PassengersSort> = ["name", "identification", "nationality", "birthday", "agency"];

export const passengersQueryDefaults: ListQueryDefaults = {
  pageSize: 20,
  sort: null,
  direction: "asc",
  sortKeys: passengerSortKeys,
  filterNames: [PASSENGER_AGENCY_FILTER],
};

/** The list's query as the passengers call asks it. */
export const passengersQuery = (query: ListQuery) => {
  const agency = Number(query.filters[PASSENGER_AGENCY_FILTER] ?? "");
  const sort = passengerSortKeys.find((key) => key === query.sort);
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(sort === undefined ? {} : { sort, order: query.direction }),
    ...(query.q.trim() === "" ? {} : { q: query.q.trim() }),
    ...(Number.isInteger(agency) && agency > 0 ? { agencyId: agency } : {}),
  };
};

/** Whether the agency filter is offered (staff who read the agencies), and the agencies' list call. */
export interface PassengersScope {
  readonly agencies: CatalogueEndpoints["list"] | null;
}

/** The agency filter's choices. */
export type PassengersChoices = ListChoices<"agencies">;

/** A page of passengers by last and first name or a column (DOMAIN.md section 9), searched by names, identification or email. */
export const passengersListMachine = createPagedListMachine<Passenger, PassengersScope, PassengersChoices>({
  id: "passengersList",
  description:
    "A page of passengers by name or sorted by a column, searched by names, identification or email and narrowed by agency; the query in the address; ticked or all matching ones exported.",
  defaults: passengersQueryDefaults,
  fetch: ({ client, query, scope, known }) => {
    const { agencies } = scope;
    return pageWithChoices(client.request(listPassengers, { query: passengersQuery(query) }), "agencies", known, agencies === null ? null : () => client.call(agencies));
  },
});
