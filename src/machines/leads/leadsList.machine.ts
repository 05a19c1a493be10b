import { Schema } from "effect";
import type { ApiClient } from "../../api/client.ts";
import { UserId } from "../../api/ids.ts";
import { assignLead, LEAD_SORTS, type Lead, type LeadsQuery, listLeads } from "../../api/leads.ts";
import { listSalesUsers, type User } from "../../api/staffUsers.ts";
import type { ListQuery, ListQueryDefaults } from "../shared/listQuery.ts";
import { type BulkCommand, createPagedListMachine, type PagedFetchInput, type PagedRows } from "../shared/pagedList.machine.ts";

/** Rows per page of /panel/leads: long messages make taller rows than the other tables. */
export const LEADS_PAGE_SIZE = 20;

/** The filters of /panel/leads in its address: the agent (a user id or `unassigned`) and the days received. */
export const AGENT_FILTER = "agent";
export const FROM_FILTER = "from";
export const TO_FILTER = "to";

/** The page size an export reads with: the largest GET /leads answers. */
export const LEADS_EXPORT_PAGE_SIZE = 100;

/** The leads list's address: newest first, 20 a page, the columns the server sorts by, its three filters. */
export const leadsQueryDefaults: ListQueryDefaults = {
  pageSize: LEADS_PAGE_SIZE,
  sort: null,
  direction: "desc",
  sortKeys: LEAD_SORTS,
  filterNames: [AGENT_FILTER, FROM_FILTER, TO_FILTER],
};

/** The agent filter's and the bulk assignment's choices: the active sales users. */
export interface LeadsChoices {
  readonly agents: ReadonlyArray<User>;
}

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
  const q = query.q.trim();
  const agent = query.filters[AGENT_FILTER];
  const from = dayStart(query.filters[FROM_FILTER]);
  const before = dayStart(query.filters[TO_FILTER], 1);
  const sort = LEAD_SORTS.find((key) => key === query.sort);
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(q === "" ? {} : { q }),
    ...(agent === undefined || agent === "" ? {} : { agent }),
    ...(from === undefined ? {} : { receivedFrom: from }),
    ...(before === undefined ? {} : { receivedBefore: before }),
    ...(sort === undefined ? {} : { sort, direction: query.direction }),
  };
};

/**
 * One page of leads and, with the first page, the sales users; a failed read of the users leaves
 * the agent filter with "all" and "unassigned" only, and the page shows all the same.
 */
export const fetchLeadsPage = async ({ client, query, known }: PagedFetchInput<null, LeadsChoices>): Promise<PagedRows<Lead, LeadsChoices>> => {
  const [answer, agents] = await Promise.all([
    client.request(listLeads, { query: leadsQuery(query) }),
    known !== null ? Promise.resolve(known.agents) : client.call(listSalesUsers).catch((): ReadonlyArray<User> => []),
  ]);
  return {
    rows: answer.data,
    total: answer.meta?.total ?? answer.data.length,
    totalIsAtLeast: answer.meta?.totalIsAtLeast === true,
    extras: { agents },
  };
};

/** A lead as dialogs and reports name it. */
export const leadTitle = (lead: Pick<Lead, "firstName" | "lastName">): string => `${lead.firstName} ${lead.lastName}`;

const decodeUserId = Schema.decodeSync(UserId);

/**
 * The bulk assignment: each ticked lead given to the agent the bar names (the reply, a user id),
 * one call a lead, so the server judges each (the agent must be an active sales user).
 */
export const assignToAgent: BulkCommand<Lead> = {
  title: leadTitle,
  send: (client: ApiClient, lead: Lead, reply: string) =>
    client.call(assignLead, { params: { leadId: lead.id }, body: { userId: decodeUserId(Number(reply)) } }),
};

/**
 * /panel/leads on the one list engine (PRODUCT.md section 6): a page of leads, newest first or by
 * a column, searched and filtered (agent, days received) on the server, the query in the address;
 * the total may be "more than N" (the server counts up to a cap); ticked leads are given to one
 * agent, each lead's outcome shown; every matching lead, or the ticked ones, exported.
 */
export const leadsListMachine = createPagedListMachine<Lead, null, LeadsChoices>({
  id: "leadsList",
  description:
    "The leads table: server-side pages (a total that may be 'more than N'), sort, search, agent and date filters kept in the address; ticked leads assigned to an agent, each lead's outcome shown; every matching lead exported.",
  defaults: leadsQueryDefaults,
  fetch: fetchLeadsPage,
  bulk: { assign: assignToAgent },
  exportPageSize: LEADS_EXPORT_PAGE_SIZE,
});
