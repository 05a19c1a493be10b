import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { type Cruise, cancelCruise, listCruises, MAX_CRUISES_PAGE_SIZE } from "../../api/cruises.ts";
import { CruiseId } from "../../api/ids.ts";
import { addDays } from "../domain/calendar.ts";
import { cruiseItineraries, yachts } from "../../records/fleet.ts";
import type { CommandAnswer, CommandConfirmation } from "../shared/pagedList.machine.ts";
import { isAnswered, reasonAnswer } from "../shared/confirmation.ts";
import { assignFailure, feedbackActions, notify, retryable, showError, tellAnswer } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/** How the departures show: a month's calendar, or a month's table. */
export type DeparturesView = "calendar" | "list";

/** What the departures screen shows, as its address says: a month (`2027-03`), one yacht or all, and how. */
export interface DeparturesQuery {
  readonly month: string;
  readonly yachtId: number | null;
  readonly view: DeparturesView;
}

/** The month a day is in: `2027-03-14` -> `2027-03`. */
export const monthOf = (day: Date): string => day.toISOString().slice(0, 7);

/** The month `offset` months after `month`. */
export const shiftMonth = (month: string, offset: number): string => {
  const [year = 2000, number = 1] = month.split("-").map(Number);
  return monthOf(new Date(Date.UTC(year, number - 1 + offset, 1)));
};

/** A month's first and last day, `YYYY-MM-DD`. */
export const monthDays = (month: string): { readonly from: string; readonly to: string } => ({
  from: `${month}-01`,
  to: new Date(Date.parse(`${shiftMonth(month, 1)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
});

/** The address's query read back: a month that is none, or an unknown view, fall back to `today`'s month and the calendar. */
export const parseDeparturesQuery = (search: string, today: Date): DeparturesQuery => {
  const params = new URLSearchParams(search);
  const month = params.get("month") ?? "";
  const yacht = params.get("yacht") ?? "";
  return {
    month: /^20\d\d-(0[1-9]|1[0-2])$/.test(month) ? month : monthOf(today),
    yachtId: /^[1-9]\d{0,9}$/.test(yacht) ? Number(yacht) : null,
    view: params.get("view") === "list" ? "list" : "calendar",
  };
};

/** The query as the address writes it. */
export const departuresSearch = (query: DeparturesQuery): string => {
  const params = new URLSearchParams({ month: query.month });
  if (query.yachtId !== null) params.set("yacht", String(query.yachtId));
  if (query.view === "list") params.set("view", "list");
  return params.toString();
};

/** A month's departures and what the screen chooses from: the yachts, and the itineraries a period is generated from. */
export interface DeparturesPage {
  readonly cruises: ReadonlyArray<Cruise>;
  readonly total: number;
  /**
   * A month without departures (of the yacht chosen): the first scheduled one after it, its day and
   * month, so the screen offers to go there; null when the month has some, or none follows.
   */
  readonly next: { readonly startDate: string; readonly month: string } | null;
  readonly yachts: ReadonlyArray<CatalogueItem>;
  readonly itineraries: ReadonlyArray<CatalogueItem>;
}

export interface DeparturesInput {
  readonly client: ApiClient;
  readonly query: DeparturesQuery;
}

export interface DeparturesContext extends DeparturesInput, DeparturesPage {
  /** The departure whose cancellation is asked, with its dialog's title, until it is done. */
  readonly canceling: { readonly id: number; readonly title: string } | null;
  readonly reason: string;
  /** A departure changed elsewhere while a cancellation was asked or sent: the month is fetched again after it. */
  readonly changedMeanwhile: boolean;
  readonly message: string | null;
  readonly error: string | null;
}

export type DeparturesEvent =
  | { readonly type: "month.previous" }
  | { readonly type: "month.next" }
  | { readonly type: "month.show"; readonly month: string }
  | { readonly type: "yacht.choose"; readonly yachtId: number | null }
  | { readonly type: "view.choose"; readonly view: DeparturesView }
  | { readonly type: "query.sync"; readonly query: DeparturesQuery }
  | { readonly type: "cruise.cancel"; readonly id: number; readonly title: string }
  | { readonly type: "departures.reload" }
  | { readonly type: "retry" };

const cruiseId = Schema.decodeSync(CruiseId);

/** A month's departures (of one yacht or all), with the yachts and itineraries to choose from. */
const fetchDepartures = fromPromise<DeparturesPage, DeparturesInput>(async ({ input }) => {
  const { client, query } = input;
  const { from, to } = monthDays(query.month);
  const window = { from, to, pageSize: MAX_CRUISES_PAGE_SIZE, ...(query.yachtId === null ? {} : { yachtId: query.yachtId }) };
  const [page, yachtItems, itineraryItems] = await Promise.all([
    client.request(listCruises, { query: window }),
    client.call(yachts.api.list),
    client.call(cruiseItineraries.api.list),
  ]);
  const following =
    page.data.length > 0
      ? []
      : await client.call(listCruises, {
          query: { from: addDays(to, 1), state: "scheduled", pageSize: 1, ...(query.yachtId === null ? {} : { yachtId: query.yachtId }) },
        });
  const first = following[0];
  return {
    cruises: page.data,
    total: page.meta?.total ?? page.data.length,
    next: first === undefined ? null : { startDate: first.startDate, month: first.startDate.slice(0, 7) },
    yachts: yachtItems,
    itineraries: itineraryItems,
  };
});

/**
 * The departures screen (DOMAIN.md section 4): a month of departures, of all yachts or one, as a
 * calendar (each in its yacht's colour) or a table, with their free berths; month by month, its
 * query in the address so that Back and a shared link show the same. A departure is canceled for
 * a reason asked in a dialog; the month reloads after a cancellation or a generation.
 */
type Change<Type extends DeparturesEvent["type"]> = { readonly event: Extract<DeparturesEvent, { readonly type: Type }> };

/**
 * Another month or yacht: taken while a month is fetched as well (a departure changed elsewhere,
 * a hold anywhere, has it fetched again at any moment): the month asked is fetched instead, and no
 * click on the steps is lost (decision 112).
 */
const monthChanges = {
  "month.previous": {
    target: "loading",
    reenter: true,
    actions: [{ type: "moveMonth", params: { offset: -1 } }, "publishQuery", "clearFeedback"],
    description: "The month before.",
  },
  "month.next": {
    target: "loading",
    reenter: true,
    actions: [{ type: "moveMonth", params: { offset: 1 } }, "publishQuery", "clearFeedback"],
    description: "The month after.",
  },
  "month.show": {
    target: "loading",
    reenter: true,
    actions: [{ type: "assignMonth", params: ({ event }: Change<"month.show">) => ({ month: event.month }) }, "publishQuery", "clearFeedback"],
    description: "The month of the next departure, offered by a month without any.",
  },
  "yacht.choose": {
    target: "loading",
    reenter: true,
    actions: [{ type: "assignYacht", params: ({ event }: Change<"yacht.choose">) => ({ yachtId: event.yachtId }) }, "publishQuery", "clearFeedback"],
    description: "Only one yacht's departures, or every yacht's again.",
  },
} as const;

export const departuresMachine = setup({
  types: machineTypes<DeparturesInput, DeparturesContext, DeparturesEvent, "loading" | "processing">(),
  actions: {
    ...feedbackActions<DeparturesContext, DeparturesEvent>(),
    notify,
    assignPage: assign((_, params: DeparturesPage) => params),
    assignCanceling: assign({
      canceling: (_, params: { id: number; title: string }) => params,
      reason: "",
    }),
    assignReason: assign({ reason: (_, params: { reason: string }) => params.reason }),
    moveMonth: assign({ query: ({ context }, params: { offset: number }) => ({ ...context.query, month: shiftMonth(context.query.month, params.offset) }) }),
    assignMonth: assign({ query: ({ context }, params: { month: string }) => ({ ...context.query, month: params.month }) }),
    assignYacht: assign({ query: ({ context }, params: { yachtId: number | null }) => ({ ...context.query, yachtId: params.yachtId }) }),
    assignView: assign({ query: ({ context }, params: { view: DeparturesView }) => ({ ...context.query, view: params.view }) }),
    assignQuery: assign({ query: (_, params: { query: DeparturesQuery }) => params.query }),
    clearCanceling: assign({ canceling: null, reason: "" }),
    noteChangeMeanwhile: assign({ changedMeanwhile: true }),
    forgetChangeMeanwhile: assign({ changedMeanwhile: false }),
    /** Writes the query to the address; the view provides it. */
    publishQuery: () => {},
  },
  guards: {
    isAnswered,
    wasChangedMeanwhile: ({ context }) => context.changedMeanwhile,
  },
  actors: {
    fetchDepartures,
    confirmCancel: fromPromise<CommandAnswer, CommandConfirmation>(async () => null),
    cancelDeparture: fromPromise<string, { readonly client: ApiClient; readonly id: number; readonly reason: string }>(({ input }) =>
      input.client.call(cancelCruise, { params: { id: cruiseId(input.id) }, body: { reason: input.reason } }),
    ),
  },
}).createMachine({
  id: "departures",
  description:
    "The departures of a month, all yachts' or one's, as a calendar in the yachts' colours or as a table with their free berths; canceled for a reason from the screen.",
  context: ({ input }) => ({
    ...input,
    cruises: [],
    total: 0,
    next: null,
    yachts: [],
    itineraries: [],
    canceling: null,
    reason: "",
    changedMeanwhile: false,
    message: null,
    error: null,
  }),
  initial: "loading",
  on: {
    "departures.reload": {
      actions: "noteChangeMeanwhile",
      description: "A departure changed elsewhere while a cancellation was asked or sent: the month is fetched again once it shows.",
    },
    "query.sync": {
      target: ".loading",
      actions: { type: "assignQuery", params: ({ event }) => ({ query: event.query }) },
      description: "The address changed under the screen (Back, a link): it shows what the address asks for.",
    },
    "view.choose": {
      actions: [{ type: "assignView", params: ({ event }) => ({ view: event.view }) }, "publishQuery"],
      description:
        "The same month as a calendar or as a table, whatever the month is doing (a month still loading shows in the view chosen); nothing is fetched.",
    },
  },
  states: {
    loading: {
      tags: "loading",
      description: "The month's departures, the yachts and the itineraries are being fetched.",
      invoke: {
        id: "fetchDepartures",
        src: "fetchDepartures",
        input: ({ context }) => ({ client: context.client, query: context.query }),
        onDone: { target: "ready", actions: { type: "assignPage", params: ({ event }) => event.output }, description: "The month shows." },
        onError: showError("failed", "The departures could not be fetched: the message shows with a retry."),
      },
      entry: "forgetChangeMeanwhile",
      on: {
        ...monthChanges,
        "departures.reload": {
          target: "loading",
          reenter: true,
          description: "A departure changed while the month was being fetched (perhaps before the change): it is fetched again.",
        },
      },
    },
    ready: {
      description: "The month shows; the user may move to another month, choose a yacht or a view, or cancel a departure.",
      always: {
        guard: "wasChangedMeanwhile",
        target: "loading",
        description: "A departure changed while a cancellation was asked: what shows may be older than the change, so the month is fetched again.",
      },
      on: {
        ...monthChanges,
        "departures.reload": { target: "loading", description: "A departure changed (generated, held, canceled): the month is fetched again." },
        "cruise.cancel": {
          target: "confirmingCancel",
          actions: ["clearFeedback", { type: "assignCanceling", params: ({ event }) => ({ id: event.id, title: event.title }) }],
          description: "Cancel was pressed on a departure.",
        },
      },
    },
    confirmingCancel: {
      description: "The dialog asks for the cancellation's reason; a blank one is not accepted.",
      invoke: {
        id: "confirmCancel",
        src: "confirmCancel",
        input: ({ context }) => ({ title: context.canceling?.title ?? "", command: "cancelCruise", asksReason: true }),
        ...reasonAnswer(
          { target: "canceling", description: "A reason was given: the departure is canceled." },
          { target: "ready", actions: "clearCanceling", description: "The dialog was closed: nothing is canceled." },
          "The dialog could not be shown: nothing is canceled.",
        ),
      },
    },
    canceling: {
      tags: "processing",
      description: "Waiting for the server to cancel the departure.",
      invoke: {
        id: "cancelDeparture",
        src: "cancelDeparture",
        input: ({ context }) => ({ client: context.client, id: context.canceling?.id ?? 0, reason: context.reason }),
        onDone: { target: "loading", actions: [...tellAnswer, "clearCanceling"], description: "Canceled: the month is fetched again." },
        onError: {
          target: "ready",
          actions: [assignFailure, "clearCanceling"],
          description: "The server refused (canceled already, no longer allowed): its message shows above the month.",
        },
      },
    },
    failed: retryable("loading", "clearFeedback", "The departures could not be fetched; the message shows with a retry button."),
  },
});
