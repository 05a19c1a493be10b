import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { assignLead, LEAD_SORTS, type Lead, type LeadsQuery, listLeads } from "../../api/leads.ts";
import { UserId } from "../../api/ids.ts";
import { listSalesUsers, type User } from "../../api/users.ts";
import { Schema } from "effect";
import { errorMessage } from "../shared/fields.ts";
import {
  initialQuery,
  type ListQuery,
  type ListQueryDefaults,
  pagesOf,
  toggledSort,
  withFilter,
  withPageSize,
  withSearch,
  withTicked,
} from "../shared/listQuery.ts";
import type { BulkRefusal, BulkReport, ExportFormat, ExportRequest, QueryPublication } from "../shared/recordList.machine.ts";
import { type ClientInput, clientInput, errorActions, showError } from "../shared/actions.ts";

/** Rows per page of /panel/leads: long messages make taller rows than the other tables. */
export const LEADS_PAGE_SIZE = 20;

/** The filters of /panel/leads in its address: the agent (a user id or `unassigned`) and the days received. */
export const AGENT_FILTER = "agent";
export const FROM_FILTER = "from";
export const TO_FILTER = "to";

/**
 * The most leads one export collects (a hundred pages of a hundred): beyond it the export is not
 * offered and the user narrows the search or the dates first.
 */
export const LEADS_EXPORT_MAX = 10_000;

/** The page size an export reads with, the largest GET /leads answers. */
const EXPORT_PAGE_SIZE = 100;

/** The leads list's address: newest first, 20 a page, the columns the server sorts by, its three filters. */
export const leadsQueryDefaults: ListQueryDefaults = {
  pageSize: LEADS_PAGE_SIZE,
  sort: null,
  direction: "desc",
  sortKeys: LEAD_SORTS,
  filterNames: [AGENT_FILTER, FROM_FILTER, TO_FILTER],
};

/** One page as the server answered it; `page` and `total` come from the answer's meta. */
export interface LeadsPage {
  readonly leads: ReadonlyArray<Lead>;
  readonly page: number;
  readonly total: number;
  /** `total` is what is known to match and more may (a common search among many leads). */
  readonly totalIsAtLeast: boolean;
}

export interface LeadsListInput extends ClientInput {
  /** What the address asks for; the defaults when it says nothing. */
  readonly query?: ListQuery;
}

export interface LeadsListContext extends ClientInput {
  readonly query: ListQuery;
  readonly leads: ReadonlyArray<Lead>;
  readonly total: number;
  /** The total is a lower bound ("more than N"): the next page may exist beyond the pages it makes. */
  readonly totalIsAtLeast: boolean;
  /** What the search box holds now; the query's `q` is what the shown page was asked with. */
  readonly draft: string;
  /** The active sales users, for the agent filter and the bulk assignment. */
  readonly agents: ReadonlyArray<User>;
  /** The ticked leads of the page, for the bulk assignment. */
  readonly selected: ReadonlyArray<number>;
  /** The agent the ticked leads are being given to. */
  readonly assignee: number | null;
  readonly report: BulkReport | null;
  /** Every lead the query selects, while an export collects them. */
  readonly exportRows: ReadonlyArray<Lead>;
  readonly exportFormat: ExportFormat;
  readonly error: string | null;
}

export type LeadsListEvent =
  | { readonly type: "leads.changed" }
  | { readonly type: "page.next" }
  | { readonly type: "page.previous" }
  | { readonly type: "page.go"; readonly page: number }
  | { readonly type: "pageSize.change"; readonly pageSize: number }
  | { readonly type: "sort.toggle"; readonly column: string }
  | { readonly type: "search.change"; readonly text: string }
  | { readonly type: "search.submit" }
  | { readonly type: "filter.change"; readonly name: string; readonly value: string }
  | { readonly type: "query.sync"; readonly query: ListQuery }
  | { readonly type: "list.reload" }
  | { readonly type: "row.select"; readonly id: number; readonly selected: boolean }
  | { readonly type: "page.select"; readonly selected: boolean }
  | { readonly type: "bulk.assign"; readonly userId: number }
  | { readonly type: "list.export"; readonly format: ExportFormat };

/** How many pages the total makes; an empty list still shows page 1 of 1. */
export const pageCount = (context: Pick<LeadsListContext, "total" | "query">): number =>
  pagesOf(context.total, context.query.pageSize);

const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The moment a day of the user's calendar starts (`offset` days later), as the server compares
 * it: a day chosen in Guayaquil runs from 05:00 UTC to 05:00 UTC the next day. A malformed day is
 * no bound.
 */
export const dayStart = (day: string | undefined, offset = 0): string | undefined => {
  const parts = day === undefined ? null : calendarDay.exec(day);
  if (parts === null) return undefined;
  const moment = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + offset);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
};

/** GET /leads parameters for a list query: the page, search, agent, days received and order. */
export const leadsQuery = (query: ListQuery): LeadsQuery => {
  const agent = query.filters[AGENT_FILTER];
  const from = dayStart(query.filters[FROM_FILTER]);
  const before = dayStart(query.filters[TO_FILTER], 1);
  const sort = LEAD_SORTS.find((key) => key === query.sort);
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.q === "" ? {} : { q: query.q }),
    ...(agent === undefined || agent === "" ? {} : { agent }),
    ...(from === undefined ? {} : { receivedFrom: from }),
    ...(before === undefined ? {} : { receivedBefore: before }),
    ...(sort === undefined ? {} : { sort, direction: query.direction }),
  };
};

/** Every lead a query selects, page after page of a hundred, in the query's order. */
export const collectLeads = async (client: ApiClient, query: ListQuery): Promise<ReadonlyArray<Lead>> => {
  const collected: Lead[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client.request(listLeads, { query: leadsQuery({ ...query, page, pageSize: EXPORT_PAGE_SIZE }) });
    collected.push(...answer.data);
    const total = answer.meta?.total ?? collected.length;
    if (answer.data.length < EXPORT_PAGE_SIZE || (answer.meta?.totalIsAtLeast !== true && collected.length >= total)) return collected;
  }
};

const decodeUserId = Schema.decodeSync(UserId);

/** A lead as dialogs and reports name it. */
export const leadTitle = (lead: Pick<Lead, "firstName" | "lastName">): string => `${lead.firstName} ${lead.lastName}`;

/**
 * Gives each ticked lead to one agent, one assignment call per lead, so the server judges each
 * (the agent must be an active sales user) as if it were made alone.
 */
export const assignLeads = async (input: {
  readonly client: ApiClient;
  readonly leads: ReadonlyArray<Lead>;
  readonly userId: number;
}): Promise<BulkReport> => {
  let succeeded = 0;
  const refused: BulkRefusal[] = [];
  for (const lead of input.leads) {
    try {
      await input.client.call(assignLead, { params: { leadId: lead.id }, body: { userId: decodeUserId(input.userId) } });
      succeeded += 1;
    } catch (error) {
      refused.push({ id: lead.id, title: leadTitle(lead), message: errorMessage(error) });
    }
  }
  return { action: "assign", succeeded, refused };
};

/** The actions of a query change: the new query kept, the ticks cleared, the address told. */
const changeQuery = <T extends LeadsListEvent["type"]>(
  change: (query: ListQuery, event: Extract<LeadsListEvent, { readonly type: T }>, context: LeadsListContext) => ListQuery,
  mode: QueryPublication,
) =>
  [
    {
      type: "assignQuery",
      params: ({ context, event }: { readonly context: LeadsListContext; readonly event: Extract<LeadsListEvent, { readonly type: T }> }) => ({
        query: change(context.query, event, context),
      }),
    },
    "clearSelection",
    { type: "publishQuery", params: ({ context }: { readonly context: LeadsListContext }) => ({ query: context.query, mode }) },
  ] as const;

/**
 * /panel/leads: one page of leads at a time, paged, sorted, searched and filtered (agent, days
 * received) on the server (PRODUCT.md section 6), the query kept in the address (decision 023:
 * the view writes it on `publishQuery` and sends `query.sync` on Back). The search runs
 * `searchDelay` after the last keystroke, or at once on Enter; a new search, sort or filter starts
 * again at page 1. Anything that starts a new fetch stops the one under way, so a slow old answer
 * never replaces a newer one. Ticked leads can be given to one agent at once; an export collects
 * every matching lead, page by page, and the view saves them.
 */
export const leadsListMachine = setup({
  types: {
    input: {} as LeadsListInput,
    context: {} as LeadsListContext,
    events: {} as LeadsListEvent,
    tags: {} as "fetching" | "processing",
  },
  actions: {
    assignPage: assign({
      leads: (_, params: { answer: LeadsPage }) => params.answer.leads,
      query: ({ context }, params: { answer: LeadsPage }) => ({ ...context.query, page: params.answer.page }),
      total: (_, params: { answer: LeadsPage }) => params.answer.total,
      totalIsAtLeast: (_, params: { answer: LeadsPage }) => params.answer.totalIsAtLeast,
    }),
    assignQuery: assign({ query: (_, params: { query: ListQuery }) => params.query }),
    syncQuery: assign({
      query: (_, params: { query: ListQuery }) => params.query,
      draft: (_, params: { query: ListQuery }) => params.query.q,
      selected: [],
    }),
    /** The view writes the query to the address (a history entry per change, so Back works). */
    publishQuery: (_, _params: { query: ListQuery; mode: QueryPublication }) => {},
    assignDraft: assign({ draft: (_, params: { text: string }) => params.text }),
    assignAgents: assign({ agents: (_, params: { agents: ReadonlyArray<User> }) => params.agents }),
    assignSelection: assign({ selected: (_, params: { selected: ReadonlyArray<number> }) => params.selected }),
    clearSelection: assign({ selected: [] }),
    assignAssignee: assign({ assignee: (_, params: { userId: number }) => params.userId, report: null }),
    assignReport: assign({ report: (_, params: { report: BulkReport }) => params.report, selected: [], assignee: null }),
    forgetAssignee: assign({ assignee: null }),
    assignExportFormat: assign({ exportFormat: (_, params: { format: ExportFormat }) => params.format }),
    assignExportRows: assign({ exportRows: (_, params: { rows: ReadonlyArray<Lead> }) => params.rows }),
    forgetExportRows: assign({ exportRows: [] }),
    ...errorActions<LeadsListContext, LeadsListEvent>(),
  },
  guards: {
    /** Within the pages the total makes; past them while the total is only a lower bound and the page is full. */
    hasNextPage: ({ context }) =>
      context.query.page < pageCount(context) || (context.totalIsAtLeast && context.leads.length === context.query.pageSize),
    hasPreviousPage: ({ context }) => context.query.page > 1,
    isPageInRange: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context),
    /** Some leads are ticked and an agent is chosen (whether the agent may take leads is the server's rule). */
    isAssignable: ({ context }, params: { userId: number }) => context.selected.length > 0 && params.userId > 0,
    /** An export collects at most LEADS_EXPORT_MAX leads: a total only known as "more than N" may be far more. */
    isExportWithinLimit: ({ context }) => !context.totalIsAtLeast && context.total <= LEADS_EXPORT_MAX,
  },
  actors: {
    fetchLeads: fromPromise<LeadsPage, { client: ApiClient; query: LeadsQuery }>(async ({ input }) => {
      const answer = await input.client.request(listLeads, { query: input.query });
      return {
        leads: answer.data,
        page: answer.meta?.page ?? input.query.page ?? 1,
        total: answer.meta?.total ?? answer.data.length,
        totalIsAtLeast: answer.meta?.totalIsAtLeast === true,
      };
    }),
    fetchAgents: fromPromise<ReadonlyArray<User>, ClientInput>(({ input }) => input.client.call(listSalesUsers)),
    assignSelected: fromPromise<BulkReport, { client: ApiClient; leads: ReadonlyArray<Lead>; userId: number }>(({ input }) =>
      assignLeads(input),
    ),
    collectExport: fromPromise<ReadonlyArray<Lead>, { client: ApiClient; query: ListQuery }>(({ input }) =>
      collectLeads(input.client, input.query),
    ),
    saveExport: fromPromise<void, ExportRequest<Lead>>(async () => {}),
  },
  delays: {
    searchDelay: 300,
  },
}).createMachine({
  id: "leadsList",
  description:
    "The leads table: server-side pages, sort, a debounced search, agent and date filters, all kept in the address; ticked leads assigned at once; every matching lead exported.",
  context: ({ input }) => {
    const query = input.query ?? initialQuery(leadsQueryDefaults);
    return {
      client: input.client,
      query,
      leads: [],
      total: 0,
      totalIsAtLeast: false,
      draft: query.q,
      agents: [],
      selected: [],
      assignee: null,
      report: null,
      exportRows: [],
      exportFormat: "csv",
      error: null,
    };
  },
  invoke: {
    id: "fetchAgents",
    src: "fetchAgents",
    input: clientInput,
    onDone: {
      actions: { type: "assignAgents", params: ({ event }) => ({ agents: event.output }) },
      description: "The sales users arrived: the agent filter and the bulk assignment list them.",
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
      actions: changeQuery<"search.submit">((query, _, context) => withSearch(query, context.draft.trim()), "replace"),
      description: "Enter in the search box: search now, from page 1.",
    },
    "filter.change": {
      target: ".loading",
      actions: changeQuery<"filter.change">(
        (query, event, context) => withFilter(withSearch(query, context.draft.trim()), event.name, event.value),
        "push",
      ),
      description: "Another agent or date filter: fetch from page 1 (with what the search box holds).",
    },
    "query.sync": {
      target: ".loading",
      actions: { type: "syncQuery", params: ({ event }) => ({ query: event.query }) },
      description: "The address changed under the list (Back, Forward, a link): fetch what it asks for.",
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
        input: ({ context }) => ({ client: context.client, query: leadsQuery(context.query) }),
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
          actions: changeQuery<LeadsListEvent["type"]>((query, _, context) => withSearch(query, context.draft.trim()), "replace"),
          description: "The typing paused: search from page 1 (the address's entry is replaced, not added).",
        },
      },
    },
    ready: {
      description: "The table shows a page of leads and the pager.",
      on: {
        "leads.changed": { target: "loading", description: "A lead arrived or changed elsewhere: the same page is fetched again." },
        "page.next": {
          guard: "hasNextPage",
          target: "loading",
          actions: changeQuery<"page.next">((query) => ({ ...query, page: query.page + 1 }), "push"),
          description: "'Siguiente': the next page, when there is one.",
        },
        "page.previous": {
          guard: "hasPreviousPage",
          target: "loading",
          actions: changeQuery<"page.previous">((query) => ({ ...query, page: query.page - 1 }), "push"),
          description: "'Anterior': the previous page, when there is one.",
        },
        "page.go": {
          guard: { type: "isPageInRange", params: ({ event }) => ({ page: event.page }) },
          target: "loading",
          actions: changeQuery<"page.go">((query, event) => ({ ...query, page: event.page }), "push"),
          description: "A page number that exists: that page.",
        },
        "pageSize.change": {
          target: "loading",
          actions: changeQuery<"pageSize.change">((query, event) => withPageSize(query, event.pageSize), "push"),
          description: "Another page size: the first page with that many leads.",
        },
        "sort.toggle": {
          target: "loading",
          actions: changeQuery<"sort.toggle">((query, event) => toggledSort(query, event.column), "push"),
          description: "A column header: sort by it, or turn its direction; from the first page.",
        },
        "row.select": {
          actions: {
            type: "assignSelection",
            params: ({ context, event }) => ({ selected: withTicked(context.selected, event.id, event.selected) }),
          },
          description: "A lead's tick box: the lead joins or leaves the selection.",
        },
        "page.select": {
          actions: {
            type: "assignSelection",
            params: ({ context, event }) => ({ selected: event.selected ? context.leads.map((lead) => lead.id) : [] }),
          },
          description: "The header's tick box: every lead of the page is ticked, or none.",
        },
        "bulk.assign": {
          guard: { type: "isAssignable", params: ({ event }) => ({ userId: event.userId }) },
          target: "assigning",
          actions: { type: "assignAssignee", params: ({ event }) => ({ userId: event.userId }) },
          description: "Give the ticked leads to an active sales user.",
        },
        "list.export": {
          guard: "isExportWithinLimit",
          target: "collectingExport",
          actions: { type: "assignExportFormat", params: ({ event }) => ({ format: event.format }) },
          description: "Export every lead the search and filters select (not just the page), when they are not too many.",
        },
      },
    },
    assigning: {
      tags: "processing",
      description: "The ticked leads are given to the agent, one request each, each judged by the server.",
      entry: "clearError",
      invoke: {
        id: "assignSelected",
        src: "assignSelected",
        input: ({ context }) => ({
          client: context.client,
          leads: context.leads.filter((lead) => context.selected.includes(lead.id)),
          userId: context.assignee ?? 0,
        }),
        onDone: {
          target: "loading",
          actions: { type: "assignReport", params: ({ event }) => ({ report: event.output }) },
          description: "Every lead was tried: the report says how many were assigned and which were refused and why; the page reloads.",
        },
        onError: {
          target: "ready",
          actions: ["forgetAssignee", { type: "assignError", params: ({ event }) => ({ error: event.error }) }],
          description: "The assignment stopped: its message shows.",
        },
      },
    },
    collectingExport: {
      tags: "processing",
      description: "Reading every matching lead, a hundred at a time.",
      entry: "clearError",
      invoke: {
        id: "collectExport",
        src: "collectExport",
        input: ({ context }) => ({ client: context.client, query: context.query }),
        onDone: {
          target: "exporting",
          actions: { type: "assignExportRows", params: ({ event }) => ({ rows: event.output }) },
          description: "Every matching lead arrived: the file is written.",
        },
        onError: showError("ready", "The server refused: its message shows."),
      },
    },
    exporting: {
      tags: "processing",
      description: "The file of every matching lead is being written and saved.",
      invoke: {
        id: "saveExport",
        src: "saveExport",
        input: ({ context }) => ({ rows: context.exportRows, format: context.exportFormat }),
        onDone: { target: "ready", actions: "forgetExportRows", description: "The file was saved." },
        onError: {
          target: "ready",
          actions: ["forgetExportRows", { type: "assignError", params: ({ event }) => ({ error: event.error }) }],
          description: "The file could not be written: the message shows.",
        },
      },
    },
    failed: {
      description: "The page could not be loaded; the banner shows and a reload, search or filter tries again.",
    },
  },
});
