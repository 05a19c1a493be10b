import { assign, fromPromise, setup } from "xstate";
import { AVAILABILITY_PAGE_SIZE, type AvailabilityQuery, availability, type DepartureAvailability } from "../../api/availability.ts";
import type { ApiClient } from "../../api/client.ts";
import { feedbackActions, showError } from "../shared/actions.ts";
import { PAGE_SIZES, pagesOf } from "../shared/listQuery.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/** What the availability form asks, as typed: days `YYYY-MM-DD`, a yacht's id and a number of passengers ("" when none). */
export interface AvailabilityForm {
  readonly from: string;
  readonly to: string;
  readonly yachtId: string;
  readonly passengers: string;
  /** The instant the grid is looked at (an instant with its offset, decision 071); now when "" or left out. */
  readonly asOf?: string;
}

/** The form's question as the availability call asks it; a blank field is left out (the server refuses missing dates). */
export const availabilityQuery = (form: AvailabilityForm): AvailabilityQuery => ({
  ...(form.from === "" ? {} : { from: form.from }),
  ...(form.to === "" ? {} : { to: form.to }),
  ...(/^[1-9]\d{0,9}$/.test(form.yachtId) ? { yachtId: Number(form.yachtId) } : {}),
  ...(/^\d{1,3}$/.test(form.passengers) ? { passengers: Number(form.passengers) } : {}),
  ...(form.asOf === undefined || form.asOf === "" ? {} : { asOf: form.asOf }),
});

/** The form from an address's query, with the next three months when it names no period. */
export const parseAvailabilityForm = (search: string, today: Date): AvailabilityForm => {
  const params = new URLSearchParams(search);
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    from: params.get("from") ?? day(0),
    to: params.get("to") ?? day(90),
    yachtId: params.get("yacht") ?? "",
    passengers: params.get("passengers") ?? "",
    asOf: params.get("asOf") ?? "",
  };
};

/** The form as the address writes it. */
export const availabilitySearch = (form: AvailabilityForm): string => {
  const params = new URLSearchParams({ from: form.from, to: form.to });
  if (form.yachtId !== "") params.set("yacht", form.yachtId);
  if (form.passengers !== "") params.set("passengers", form.passengers);
  if (form.asOf !== undefined && form.asOf !== "") params.set("asOf", form.asOf);
  return params.toString();
};

export interface AvailabilitySearchInput {
  readonly client: ApiClient;
  readonly form: AvailabilityForm;
}

/** A page of the departures found and how many were found in all. */
export interface FoundPage {
  readonly departures: ReadonlyArray<DepartureAvailability>;
  readonly total: number;
}

export interface AvailabilitySearchContext extends AvailabilitySearchInput, FoundPage {
  /** The page asked and shown, from 1: a fleet of twenty yachts has 390 departures in three months (decisions 097 and 120). */
  readonly page: number;
  readonly pageSize: number;
  readonly message: string | null;
  readonly error: string | null;
}

export type AvailabilitySearchEvent =
  | { readonly type: "search.submit"; readonly form: AvailabilityForm }
  | { readonly type: "form.sync"; readonly form: AvailabilityForm }
  | { readonly type: "departures.changed" }
  | { readonly type: "page.go"; readonly page: number }
  | { readonly type: "pageSize.change"; readonly pageSize: number };

/** Whether the departures found reach `page`: the page guard's rule, and the pager's buttons. */
export const reachesPage = (context: Pick<AvailabilitySearchContext, "total" | "pageSize">, page: number): boolean =>
  Number.isInteger(page) && page >= 1 && page <= pagesOf(context.total, context.pageSize);

/**
 * The availability screen (DOMAIN.md section 4), an agency's start page: a period (required, the
 * server says so), a yacht and a number of passengers; the departures with their free berths by
 * cabin category. The question lives in the address.
 */
export const availabilitySearchMachine = setup({
  types: machineTypes<AvailabilitySearchInput, AvailabilitySearchContext, AvailabilitySearchEvent, "loading">(),
  actions: {
    ...feedbackActions<AvailabilitySearchContext, AvailabilitySearchEvent>(),
    /** The page of departures found and their number. */
    assignFound: assign((_, params: FoundPage) => ({ departures: params.departures, total: params.total })),
    /** The page asked was past the last (fewer were found, asked again after a change): the last page is asked. */
    askLastPage: assign(({ context }, params: { total: number }) => ({ page: pagesOf(params.total, context.pageSize) })),
    /** Another question: its answer shows from the first page. */
    assignForm: assign((_, params: { form: AvailabilityForm }) => ({ form: params.form, page: 1 })),
    showPage: assign({ page: (_, params: { page: number }) => params.page }),
    assignPageSize: assign((_, params: { pageSize: number }) => ({ pageSize: params.pageSize, page: 1 })),
    /** Writes the question to the address; the view provides it. */
    publishForm: () => {},
  },
  guards: {
    /** A page the departures found fill, at least in part. */
    isPageInRange: ({ context }, params: { page: number }) => reachesPage(context, params.page),
    /** The page asked lies past the last of the departures found (some were found). */
    isPastTheLastPage: ({ context }, params: FoundPage) => params.total > 0 && !reachesPage({ total: params.total, pageSize: context.pageSize }, context.page),
    /** One of the page sizes the lists offer. */
    isOfferedPageSize: (_, params: { pageSize: number }) => PAGE_SIZES.includes(params.pageSize),
  },
  actors: {
    search: fromPromise<FoundPage, { readonly client: ApiClient; readonly form: AvailabilityForm; readonly page: number; readonly pageSize: number }>(async ({ input }) => {
      const answer = await input.client.request(availability, { query: { ...availabilityQuery(input.form), page: input.page, pageSize: input.pageSize } });
      return { departures: answer.data, total: answer.meta?.total ?? answer.data.length };
    }),
  },
}).createMachine({
  id: "availabilitySearch",
  description: "Availability: a period's departures with their free berths by cabin category, of one yacht or all, for some passengers; the question in the address.",
  context: ({ input }) => ({ ...input, departures: [], total: 0, page: 1, pageSize: AVAILABILITY_PAGE_SIZE, message: null, error: null }),
  initial: "searching",
  on: {
    "form.sync": {
      target: ".searching",
      actions: { type: "assignForm", params: ({ event }) => ({ form: event.form }) },
      description: "The address changed under the screen (Back, a link): it asks what the address asks.",
    },
    "search.submit": {
      target: ".searching",
      reenter: true,
      actions: ["clearFeedback", { type: "assignForm", params: ({ event }) => ({ form: event.form }) }, "publishForm", { type: "assignFound", params: { departures: [], total: 0 } }],
      description: "Search was pressed (even while the departures are being looked up after a change elsewhere: the new question is asked instead).",
    },
    "page.go": [
      {
        guard: { type: "isPageInRange", params: ({ event }) => ({ page: event.page }) },
        target: ".searching",
        reenter: true,
        actions: { type: "showPage", params: ({ event }) => ({ page: event.page }) },
        description: "Previous, Next or a page chosen: that page of the departures found is asked.",
      },
      { description: "A page the departures found do not reach: nothing changes." },
    ],
    "pageSize.change": [
      {
        guard: { type: "isOfferedPageSize", params: ({ event }) => ({ pageSize: event.pageSize }) },
        target: ".searching",
        reenter: true,
        actions: { type: "assignPageSize", params: ({ event }) => ({ pageSize: event.pageSize }) },
        description: "Another number of departures a page: the first page is asked.",
      },
      { description: "A number of rows the lists do not offer: nothing changes." },
    ],
  },
  states: {
    searching: {
      tags: "loading",
      description: "The departures are being looked up.",
      invoke: {
        id: "search",
        src: "search",
        input: ({ context }) => ({ client: context.client, form: context.form, page: context.page, pageSize: context.pageSize }),
        onDone: [
          {
            guard: { type: "isPastTheLastPage", params: ({ event }) => event.output },
            target: "searching",
            reenter: true,
            actions: { type: "askLastPage", params: ({ event }) => ({ total: event.output.total }) },
            description: "Fewer departures were found than the page asked reaches (asked again after a change): the last page is asked.",
          },
          {
            target: "showing",
            actions: { type: "assignFound", params: ({ event }) => event.output },
            description: "The page of departures shows, with how many were found.",
          },
        ],
        onError: showError("showing", "Refused ('dates required in availability', a period over a year): the message shows and no departure."),
      },
      on: {
        "departures.changed": {
          target: "searching",
          reenter: true,
          description: "A departure's berths changed while the question was being answered (perhaps before the change): it is asked again.",
        },
      },
    },
    showing: {
      description: "The departures of the period show with their free berths; the form asks again.",
      on: {
        "departures.changed": { target: "searching", description: "A departure's berths changed (someone held, confirmed, canceled): the same question is asked again." },
      },
    },
  },
});
