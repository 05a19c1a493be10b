import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../api/client.ts";
import { type Lead, type LeadsQuery, listLeads } from "../api/leads.ts";
import { listSalesUsers, type User } from "../api/users.ts";
import { clientInput, type ClientInput, errorActions, showError } from "./shared.ts";

/** Rows per page of /panel/leads: long messages make taller rows than the other tables. */
export const LEADS_PAGE_SIZE = 20;

/** Whose leads the list shows: everyone's, nobody's yet ('sin asignar'), or one sales user's. */
export type AgentFilter =
  | { readonly kind: "all" }
  | { readonly kind: "unassigned" }
  | { readonly kind: "user"; readonly userId: number };

/** One page as the server answered it; `page` and `total` come from the answer's meta. */
export interface LeadsPage {
  readonly leads: ReadonlyArray<Lead>;
  readonly page: number;
  readonly total: number;
}

export interface LeadsListInput extends ClientInput {
  readonly pageSize?: number;
}

export interface LeadsListContext extends ClientInput {
  readonly pageSize: number;
  readonly leads: ReadonlyArray<Lead>;
  readonly page: number;
  readonly total: number;
  /** What the search box holds now. */
  readonly draft: string;
  /** The search the shown page was asked with. */
  readonly q: string;
  readonly agent: AgentFilter;
  /** The active sales users, for the agent filter. */
  readonly agents: ReadonlyArray<User>;
  readonly error: string | null;
}

export type LeadsListEvent =
  | { readonly type: "page.next" }
  | { readonly type: "page.previous" }
  | { readonly type: "page.go"; readonly page: number }
  | { readonly type: "search.change"; readonly text: string }
  | { readonly type: "search.submit" }
  | { readonly type: "agent.change"; readonly agent: AgentFilter }
  | { readonly type: "list.reload" };

/** How many pages the total makes; an empty list still shows page 1 of 1. */
export const pageCount = (context: Pick<LeadsListContext, "total" | "pageSize">): number =>
  Math.max(1, Math.ceil(context.total / context.pageSize));

/** GET /leads parameters for a page, a search and an agent filter. */
export const leadsQuery = (page: number, pageSize: number, q: string, agent: AgentFilter): LeadsQuery => ({
  page,
  pageSize,
  ...(q === "" ? {} : { q }),
  ...(agent.kind === "all" ? {} : { agent: agent.kind === "unassigned" ? "unassigned" : String(agent.userId) }),
});

/**
 * /panel/leads: one page of leads at a time, paged, searched and filtered on the server
 * (PRODUCT.md section 6). The search runs `searchDelay` after the last keystroke, or at once on
 * Enter; a new search or filter starts again at page 1. Anything that starts a new fetch stops
 * the one under way, so a slow old answer never replaces a newer one.
 */
export const leadsListMachine = setup({
  types: {
    input: {} as LeadsListInput,
    context: {} as LeadsListContext,
    events: {} as LeadsListEvent,
    tags: {} as "fetching",
  },
  actions: {
    assignPage: assign({
      leads: (_, params: { answer: LeadsPage }) => params.answer.leads,
      page: (_, params: { answer: LeadsPage }) => params.answer.page,
      total: (_, params: { answer: LeadsPage }) => params.answer.total,
    }),
    goToPage: assign({ page: (_, params: { page: number }) => params.page }),
    assignDraft: assign({ draft: (_, params: { text: string }) => params.text }),
    applySearch: assign({ q: ({ context }) => context.draft.trim(), page: 1 }),
    assignAgent: assign({ agent: (_, params: { agent: AgentFilter }) => params.agent }),
    assignAgents: assign({ agents: (_, params: { agents: ReadonlyArray<User> }) => params.agents }),
    ...errorActions<LeadsListContext, LeadsListEvent>(),
  },
  guards: {
    hasNextPage: ({ context }) => context.page < pageCount(context),
    hasPreviousPage: ({ context }) => context.page > 1,
    isPageInRange: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context),
  },
  actors: {
    fetchLeads: fromPromise<LeadsPage, { client: ApiClient; query: LeadsQuery }>(async ({ input }) => {
      const answer = await input.client.request(listLeads, { query: input.query });
      return {
        leads: answer.data,
        page: answer.meta?.page ?? input.query.page ?? 1,
        total: answer.meta?.total ?? answer.data.length,
      };
    }),
    fetchAgents: fromPromise<ReadonlyArray<User>, ClientInput>(({ input }) =>
      input.client.call(listSalesUsers),
    ),
  },
  delays: {
    searchDelay: 300,
  },
}).createMachine({
  id: "leadsList",
  description: "The leads table: server-side pages, a debounced search and an agent filter.",
  context: ({ input }) => ({
    client: input.client,
    pageSize: input.pageSize ?? LEADS_PAGE_SIZE,
    leads: [],
    page: 1,
    total: 0,
    draft: "",
    q: "",
    agent: { kind: "all" },
    agents: [],
    error: null,
  }),
  invoke: {
    id: "fetchAgents",
    src: "fetchAgents",
    input: clientInput,
    onDone: {
      actions: { type: "assignAgents", params: ({ event }) => ({ agents: event.output }) },
      description: "The sales users arrived: the agent filter lists them.",
    },
    onError: {
      description: "The sales users could not be loaded: the filter offers only all and unassigned.",
    },
  },
  on: {
    "search.change": {
      target: ".debouncing",
      actions: { type: "assignDraft", params: ({ event }) => ({ text: event.text }) },
      description: "A keystroke in the search box: the search waits for the typing to pause.",
    },
    "search.submit": {
      target: ".loading",
      actions: "applySearch",
      description: "Enter in the search box: search now, from page 1.",
    },
    "agent.change": {
      target: ".loading",
      actions: [{ type: "assignAgent", params: ({ event }) => ({ agent: event.agent }) }, "applySearch"],
      description: "Another agent filter: fetch from page 1 (with what the search box holds).",
    },
    "list.reload": {
      target: ".loading",
      description: "Fetch the same page again, e.g. after a lead was assigned.",
    },
  },
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching one page of leads; the spinner shows.",
      entry: "clearError",
      invoke: {
        id: "fetchLeads",
        src: "fetchLeads",
        input: ({ context }) => ({
          client: context.client,
          query: leadsQuery(context.page, context.pageSize, context.q, context.agent),
        }),
        onDone: {
          target: "ready",
          actions: { type: "assignPage", params: ({ event }) => ({ answer: event.output }) },
          description: "The page arrived and shows in the table with the pager.",
        },
        onError: showError("failed", "The server refused: its message shows in the red banner."),
      },
    },
    debouncing: {
      description: "The user is typing; each keystroke starts the wait again.",
      after: {
        searchDelay: {
          target: "loading",
          actions: "applySearch",
          description: "The typing paused: search from page 1.",
        },
      },
    },
    ready: {
      description: "The table shows a page of leads and the pager.",
      on: {
        "page.next": {
          guard: "hasNextPage",
          target: "loading",
          actions: { type: "goToPage", params: ({ context }) => ({ page: context.page + 1 }) },
          description: "'Siguiente': the next page, when there is one.",
        },
        "page.previous": {
          guard: "hasPreviousPage",
          target: "loading",
          actions: { type: "goToPage", params: ({ context }) => ({ page: context.page - 1 }) },
          description: "'Anterior': the previous page, when there is one.",
        },
        "page.go": {
          guard: { type: "isPageInRange", params: ({ event }) => ({ page: event.page }) },
          target: "loading",
          actions: { type: "goToPage", params: ({ event }) => ({ page: event.page }) },
          description: "A page number that exists: that page.",
        },
      },
    },
    failed: {
      description: "The page could not be loaded; the banner shows and a reload, search or filter tries again.",
    },
  },
});
