import { MoneyState } from "../../api/money.ts";
import {
  confirmReservation,
  extendTimeLimit,
  listReservations,
  type ReservationState,
  type ReservationSummary,
  type ReservationsQuery,
  type ReservationsSort,
} from "../../api/reservations.ts";
import { agencies } from "../../records/referenceData.ts";
import { type ListChoices, pageWithChoices } from "../shared/listChoices.ts";
import type { ListQuery, ListQueryDefaults } from "../shared/listQuery.ts";
import { createPagedListMachine } from "../shared/pagedList.machine.ts";

/** The list's filters, as the address names them. */
export const STATE_FILTER = "state";
export const AGENCY_FILTER = "agency";
export const EXPIRING_FILTER = "expiring";
/** The money state (decision 067), and the largest balance first: for the readers of money. */
export const MONEY_FILTER = "money";
export const BALANCE_ORDER = "byBalance";

/** How soon a held reservation's time limit passes to count as expiring: a day. */
export const EXPIRING_HOURS = 24;

const reservationStates: ReadonlyArray<ReservationState> = ["reserved", "waiting", "confirmed", "canceled"];

/** The columns the server sorts by, as the address and GET /reservations name them. */
export const reservationSortKeys: ReadonlyArray<Exclude<ReservationsSort, "balance">> = ["departure", "code", "agency", "state", "timeLimit", "berths", "total"];

export const reservationsQueryDefaults: ListQueryDefaults = {
  pageSize: 20,
  sort: null,
  direction: "desc",
  sortKeys: reservationSortKeys,
  filterNames: [STATE_FILTER, AGENCY_FILTER, EXPIRING_FILTER, MONEY_FILTER, BALANCE_ORDER],
};

/** The list's query as the reservations call asks it; a departure's page narrows it to the departure. */
export const reservationsQuery = (query: ListQuery, cruiseId: number | null): ReservationsQuery => {
  const state = reservationStates.find((candidate) => candidate === query.filters[STATE_FILTER]);
  const moneyState = MoneyState.literals.find((candidate) => candidate === query.filters[MONEY_FILTER]);
  const agency = Number(query.filters[AGENCY_FILTER] ?? "");
  const sort = reservationSortKeys.find((key) => key === query.sort);
  return {
    page: query.page,
    pageSize: query.pageSize,
    // the largest balance first (a money reader's tick box) takes the place of a column's order
    ...(query.filters[BALANCE_ORDER] === "1"
      ? { sort: "balance" as const, order: "desc" as const }
      : sort === undefined
        ? {}
        : { sort, order: query.direction }),
    ...(query.q.trim() === "" ? {} : { q: query.q.trim() }),
    ...(state === undefined ? {} : { state }),
    ...(Number.isInteger(agency) && agency > 0 ? { agencyId: agency } : {}),
    ...(query.filters[EXPIRING_FILTER] === "1" ? { expiringWithin: EXPIRING_HOURS } : {}),
    ...(moneyState === undefined ? {} : { moneyState }),
    ...(cruiseId === null ? {} : { cruiseId }),
  };
};

/** A departure's reservations only (its page's tab) or every departure's; whether the agency filter is offered (staff who read the agencies). */
export interface ReservationsScope {
  readonly cruiseId: number | null;
  readonly withAgencies: boolean;
}

/** The agency filter's choices. */
export type ReservationsChoices = ListChoices<"agencies">;

/**
 * A page of reservations (DOMAIN.md section 9), newest first, by a column or the largest balance
 * first: searched by code, agency or departure, narrowed by state, agency, money state (decision
 * 067) and a time limit within a day, paged and ordered on the server.
 */
export const reservationsListMachine = createPagedListMachine<ReservationSummary, ReservationsScope, ReservationsChoices>({
  id: "reservationsList",
  description:
    "A page of reservations, newest first, sorted by a column or the largest balance first, searched and narrowed by state, agency, money state and an expiring time limit; the query in the address; ticked or all matching ones exported; the ticked ones confirmed or extended one by one.",
  defaults: reservationsQueryDefaults,
  fetch: ({ client, query, scope, known }) =>
    pageWithChoices(client.request(listReservations, { query: reservationsQuery(query, scope.cruiseId) }), "agencies", known, scope.withAgencies ? () => client.call(agencies.api.list) : null),
  // the reservation page's own commands, one call a reservation: the server's reservation machine judges each
  bulk: {
    confirm: { title: (row) => row.code, send: (client, row) => client.call(confirmReservation, { params: { id: row.id }, body: {} }) },
    extend: { title: (row) => row.code, send: (client, row, reply) => client.call(extendTimeLimit, { params: { id: row.id }, body: { timeLimit: reply } }) },
  },
});
