import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import type { ListQuery } from "./listQuery.ts";
import { feedbackActions, showError } from "./actions.ts";

/**
 * A list that grows and pages on the server (DOMAIN.md section 1: reservations, passengers): its
 * query lives in the address (`publishQuery`, decision 023); the page is fetched again when the
 * query changes, when the address changes under it, or when a live change says its rows changed.
 * Each list is this machine with its own fetch: its rows, its scope (a departure's reservations
 * only) and the choices its filters offer (`extras`, fetched once).
 */
export interface PagedListInput<Scope> {
  readonly client: ApiClient;
  readonly query: ListQuery;
  readonly scope: Scope;
}

export interface PagedRows<Row, Extras> {
  readonly rows: ReadonlyArray<Row>;
  readonly total: number;
  readonly extras: Extras;
}

export interface PagedListContext<Row, Scope, Extras> extends PagedListInput<Scope> {
  readonly rows: ReadonlyArray<Row>;
  readonly total: number;
  /** The filters' choices, once fetched. */
  readonly extras: Extras | null;
  readonly message: string | null;
  readonly error: string | null;
}

export type PagedListEvent =
  | { readonly type: "page.go"; readonly page: number }
  | { readonly type: "pageSize.change"; readonly pageSize: number }
  | { readonly type: "filters.apply"; readonly q: string; readonly filters: Readonly<Record<string, string>> }
  | { readonly type: "query.sync"; readonly query: ListQuery }
  | { readonly type: "retry" }
  | { readonly type: "list.changed" };

/** What a list's fetch is given: the query, the scope, and the filters' choices when already known. */
export type PagedFetchInput<Scope, Extras> = PagedListInput<Scope> & { readonly known: Extras | null };

export const createPagedListMachine = <Row, Scope, Extras>(definition: {
  readonly id: string;
  readonly description: string;
  readonly fetch: (input: PagedFetchInput<Scope, Extras>) => Promise<PagedRows<Row, Extras>>;
}) =>
  setup({
    types: {
      input: {} as PagedListInput<Scope>,
      context: {} as PagedListContext<Row, Scope, Extras>,
      events: {} as PagedListEvent,
      tags: {} as "loading",
    },
    actions: {
      ...feedbackActions<PagedListContext<Row, Scope, Extras>, PagedListEvent>(),
      assignPage: assign((_, params: PagedRows<Row, Extras>) => params),
      assignQuery: assign({ query: (_, params: { query: ListQuery }) => params.query }),
      /** Writes the query to the address; the view provides it. */
      publishQuery: (_, _params: { readonly query: ListQuery; readonly mode: "push" | "replace" }) => {},
    },
    guards: {
      isPageInRange: ({ context }, params: { page: number }) =>
        Number.isInteger(params.page) && params.page >= 1 && params.page <= Math.max(1, Math.ceil(context.total / context.query.pageSize)),
    },
    actors: {
      fetchPage: fromPromise<PagedRows<Row, Extras>, PagedFetchInput<Scope, Extras>>(({ input }) => definition.fetch(input)),
    },
  }).createMachine({
    id: definition.id,
    description: definition.description,
    context: ({ input }) => ({ ...input, rows: [], total: 0, extras: null, message: null, error: null }),
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
        description: "The page is being fetched (and the filters' choices, the first time).",
        invoke: {
          id: "fetchPage",
          src: "fetchPage",
          input: ({ context }) => ({ client: context.client, query: context.query, scope: context.scope, known: context.extras }),
          onDone: { target: "ready", actions: { type: "assignPage", params: ({ event }) => event.output }, description: "The page shows." },
          onError: showError("failed", "The page could not be fetched: the message shows with a retry."),
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
          "list.changed": { target: "loading", description: "A row changed elsewhere: the same page is fetched again." },
        },
      },
      failed: {
        description: "The page could not be fetched; the message shows with a retry button.",
        on: { retry: { target: "loading", actions: "clearFeedback", description: "Retry was pressed." } },
      },
    },
  });
