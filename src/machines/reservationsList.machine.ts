import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import type { CatalogueItem } from "../api/catalogues.ts";
import { listReservations, type ReservationState, type ReservationSummary, type ReservationsQuery } from "../api/reservations.ts";
import { agencies } from "../records/referenceData.ts";
import type { ListQuery, ListQueryDefaults } from "./listQuery.ts";
import { feedbackActions, showError } from "./shared.ts";

/** The list's filters, as the address names them. */
export const STATE_FILTER = "state";
export const AGENCY_FILTER = "agency";
export const EXPIRING_FILTER = "expiring";

/** How soon a held reservation's time limit passes to count as expiring: a day. */
export const EXPIRING_HOURS = 24;

const reservationStates: ReadonlyArray<ReservationState> = ["reserved", "waiting", "confirmed", "canceled"];

export const reservationsQueryDefaults: ListQueryDefaults = {
  pageSize: 20,
  sort: null,
  direction: "desc",
  sortKeys: [],
  filterNames: [STATE_FILTER, AGENCY_FILTER, EXPIRING_FILTER],
};

/** The list's query as the reservations call asks it; a departure's page narrows it to the departure. */
export const reservationsQuery = (query: ListQuery, cruiseId: number | null): ReservationsQuery => {
  const state = reservationStates.find((candidate) => candidate === query.filters[STATE_FILTER]);
  const agency = Number(query.filters[AGENCY_FILTER] ?? "");
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.q.trim() === "" ? {} : { q: query.q.trim() }),
    ...(state === undefined ? {} : { state }),
    ...(Number.isInteger(agency) && agency > 0 ? { agencyId: agency } : {}),
    ...(query.filters[EXPIRING_FILTER] === "1" ? { expiringWithin: EXPIRING_HOURS } : {}),
    ...(cruiseId === null ? {} : { cruiseId }),
  };
};

export interface ReservationsListInput {
  readonly client: ApiClient;
  readonly query: ListQuery;
  /** A departure's reservations only (its page's tab), or every departure's. */
  readonly cruiseId: number | null;
  /** Whether the agency filter is offered: staff who may read the agencies. */
  readonly withAgencies: boolean;
}

export interface ReservationsListContext extends ReservationsListInput {
  readonly rows: ReadonlyArray<ReservationSummary>;
  readonly total: number;
  readonly agencies: ReadonlyArray<CatalogueItem>;
  readonly message: string | null;
  readonly error: string | null;
}

export type ReservationsListEvent =
  | { readonly type: "page.go"; readonly page: number }
  | { readonly type: "pageSize.change"; readonly pageSize: number }
  | { readonly type: "filters.apply"; readonly q: string; readonly filters: Readonly<Record<string, string>> }
  | { readonly type: "query.sync"; readonly query: ListQuery }
  | { readonly type: "retry" }
  | { readonly type: "list.changed" };

interface ReservationsPage {
  readonly rows: ReadonlyArray<ReservationSummary>;
  readonly total: number;
  readonly agencies: ReadonlyArray<CatalogueItem>;
}

/**
 * A page of reservations (DOMAIN.md section 9), newest first: searched by code, agency or
 * departure, narrowed by state, agency and a time limit within a day, paged on the server; the
 * query lives in the address (`publishQuery`, decision 023).
 */
export const reservationsListMachine = setup({
  types: {
    input: {} as ReservationsListInput,
    context: {} as ReservationsListContext,
    events: {} as ReservationsListEvent,
    tags: {} as "loading",
  },
  actions: {
    ...feedbackActions<ReservationsListContext, ReservationsListEvent>(),
    assignPage: assign((_, params: ReservationsPage) => params),
    assignQuery: assign({ query: (_, params: { query: ListQuery }) => params.query }),
    /** Writes the query to the address; the view provides it. */
    publishQuery: (_, _params: { readonly query: ListQuery; readonly mode: "push" | "replace" }) => {},
  },
  guards: {
    isPageInRange: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= Math.max(1, Math.ceil(context.total / context.query.pageSize)),
  },
  actors: {
    fetchReservations: fromPromise<ReservationsPage, ReservationsListInput & { readonly known: ReadonlyArray<CatalogueItem> }>(async ({ input }) => {
      const [answer, agencyItems] = await Promise.all([
        input.client.request(listReservations, { query: reservationsQuery(input.query, input.cruiseId) }),
        input.withAgencies && input.known.length === 0 ? input.client.call(agencies.api.list) : Promise.resolve(input.known),
      ]);
      return { rows: answer.data, total: answer.meta?.total ?? answer.data.length, agencies: agencyItems };
    }),
  },
}).createMachine({
  id: "reservationsList",
  description: "A page of reservations, newest first, searched and narrowed by state, agency and an expiring time limit; the query in the address.",
  context: ({ input }) => ({ ...input, rows: [], total: 0, agencies: [], message: null, error: null }),
  initial: "loading",
  on: {
    "query.sync": {
      target: ".loading",
      actions: { type: "assignQuery", params: ({ event }) => ({ query: event.query }) },
      description: "The address changed under the list (Back, a link): it shows what the address asks for.",
    },
  },
  states: {
    loading: {
      tags: "loading",
      description: "The page of reservations is being fetched (and the agencies, the first time).",
      invoke: {
        id: "fetchReservations",
        src: "fetchReservations",
        input: ({ context }) => ({ ...context, known: context.agencies }),
        onDone: { target: "ready", actions: { type: "assignPage", params: ({ event }) => event.output }, description: "The page shows." },
        onError: showError("failed", "The reservations could not be fetched: the message shows with a retry."),
      },
    },
    ready: {
      description: "The page shows; the user may move to another page or search and filter again.",
      on: {
        "page.go": [
          {
            guard: { type: "isPageInRange", params: ({ event }) => ({ page: event.page }) },
            target: "loading",
            actions: [
              { type: "assignQuery", params: ({ context, event }) => ({ query: { ...context.query, page: event.page } }) },
              { type: "publishQuery", params: ({ context }) => ({ query: context.query, mode: "push" }) },
            ],
            description: "Another page.",
          },
          { description: "A page that does not exist: nothing changes." },
        ],
        "pageSize.change": {
          target: "loading",
          actions: [
            { type: "assignQuery", params: ({ context, event }) => ({ query: { ...context.query, page: 1, pageSize: event.pageSize } }) },
            { type: "publishQuery", params: ({ context }) => ({ query: context.query, mode: "replace" }) },
          ],
          description: "Another number of rows a page, from the first page.",
        },
        "filters.apply": {
          target: "loading",
          actions: [
            {
              type: "assignQuery",
              params: ({ context, event }) => ({ query: { ...context.query, page: 1, q: event.q, filters: event.filters } }),
            },
            { type: "publishQuery", params: ({ context }) => ({ query: context.query, mode: "push" }) },
          ],
          description: "A search or filters applied, from the first page.",
        },
        "list.changed": { target: "loading", description: "A reservation changed elsewhere: the same page is fetched again." },
      },
    },
    failed: {
      description: "The reservations could not be fetched; the message shows with a retry button.",
      on: { retry: { target: "loading", actions: "clearFeedback", description: "Retry was pressed." } },
    },
  },
});
