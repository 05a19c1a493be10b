import type { CatalogueEndpoints, CatalogueItem } from "../../api/catalogues.ts";
import { listPassengers, type Passenger } from "../../api/passengers.ts";
import type { ListQuery, ListQueryDefaults } from "../shared/listQuery.ts";
import { createPagedListMachine } from "../shared/pagedList.ts";

/** The list's agency filter, as the address names it. */
export const PASSENGER_AGENCY_FILTER = "agency";

export const passengersQueryDefaults: ListQueryDefaults = {
  pageSize: 20,
  sort: null,
  direction: "asc",
  sortKeys: [],
  filterNames: [PASSENGER_AGENCY_FILTER],
};

/** The list's query as the passengers call asks it. */
export const passengersQuery = (query: ListQuery) => {
  const agency = Number(query.filters[PASSENGER_AGENCY_FILTER] ?? "");
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.q.trim() === "" ? {} : { q: query.q.trim() }),
    ...(Number.isInteger(agency) && agency > 0 ? { agencyId: agency } : {}),
  };
};

/** Whether the agency filter is offered (staff who read the agencies), and the agencies' list call. */
export interface PassengersScope {
  readonly agencies: CatalogueEndpoints["list"] | null;
}

/** A page of passengers by last and first name (DOMAIN.md section 9), searched by names, identification or email. */
export const passengersListMachine = createPagedListMachine<Passenger, PassengersScope, { readonly agencies: ReadonlyArray<CatalogueItem> }>({
  id: "passengersList",
  description: "A page of passengers by name, searched by names, identification or email and narrowed by agency; the query in the address.",
  fetch: async ({ client, query, scope, known }) => {
    const [answer, agencyItems] = await Promise.all([
      client.request(listPassengers, { query: passengersQuery(query) }),
      known !== null || scope.agencies === null ? Promise.resolve(known?.agencies ?? []) : client.call(scope.agencies),
    ]);
    return { rows: answer.data, total: answer.meta?.total ?? answer.data.length, extras: { agencies: agencyItems } };
  },
});
