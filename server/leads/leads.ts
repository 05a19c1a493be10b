/**
 * The leads endpoints' reads and commands (PRODUCT.md sections 5 and 6). Every command runs inside
 * the caller's transaction, loads the facts the lead's machine decides with, and goes through that
 * machine (events/command.ts), which refuses; this file never answers a rule's message itself.
 */
import { Option, Schema } from "effect";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import { firstProblem, normaliseEmail } from "../../src/api/fields.ts";
import {
  commentProblems,
  DEFAULT_LEADS_PAGE_SIZE,
  Lead,
  LeadDetails,
  leadWireNames,
  type LeadSort,
  type LeadsQuery,
  type NewLead,
  newLeadProblems,
  noteWireNames,
} from "../../src/api/leads.ts";
import { LeadId, UserId, UserIdFromPath } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { noLeadFacts } from "../../src/machines/domain/lead.machine.ts";
import { findUserById } from "../accounts/users.ts";
import type { Queryable } from "../db/database.ts";
import { queryCount, queryOne, queryRows, statementParams } from "../db/rows.ts";
import { type CommandOptions, decide, decideNew } from "../events/command.ts";
import { orNotFound } from "../http/found.ts";
import { leadRecord } from "./projection.ts";
import { containsPattern } from "../db/paging.ts";
import { searchWords } from "./search.ts";

/** A moment as the contract writes it (`Date.toISOString`: UTC, to the millisecond, `Z`). */
const isoInstant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A record's columns as a JSON object, its keys the columns' names: compact, which `json_build_object` is not. */
const jsonObject = (columns: string) => `(select to_json(o) from (select ${columns}) o)`;

/**
 * A lead as the contract sends it (`Lead` of src/api/leads.ts, with its wire names: `lead_user`,
 * and the notes' and a note's as the contract spells them), written by the database as one JSON
 * text: a page's leads are sent as they come, with no decoding, no object and no encoding of their
 * own in the server, which took more of its time on a page than the database did (decision 156).
 * The agent is joined only while active: a deactivated or deleted agent's leads read 'sin asignar'
 * (PRODUCT.md section 5) and come back to them if their access is given back. The notes, oldest
 * first, come in the lead's text (a deleted author keeps their name: their row stays), so a page
 * is one statement: on PostgreSQL each statement is a round trip (decision 048). The details keep
 * the contract's fields alone, whatever the stored object holds.
 */
const leadJson = `${jsonObject(`l.id, ${isoInstant("l.created_at")} as "createdAt", l.first_name as "firstName", l.last_name as "lastName",
    l.message, l.email, l.country, l.phone,
    case when a.id is null then null else ${jsonObject(`a.id, a.first_name as "firstName", a.last_name as "lastName"`)} end as lead_user,
    l.yacht_name as "yachtName",
    case when l.details is null then null
         else ${jsonObject(
           Object.keys(LeadDetails.fields).map((field) => `l.details->'${field}' as "${field}"`).join(", "),
         )} end as details,
    coalesce((select ('[' || string_agg(to_json(note)::text, ',' order by n.version) || ']')::json
                from lead_notes n join users u on u.id = n.author_id,
                     lateral (select n.comments as ${noteWireNames.comments}, ${isoInstant("n.created_at")} as "createdAt",
                                     ${jsonObject(`u.first_name as "firstName", u.last_name as "lastName"`)} as ${noteWireNames.author}) note
               where n.lead_id = l.id), '[]'::json) as ${leadWireNames.notes}`)}::text`;

const leadsWithAgent = "leads l left join users a on a.id = l.agent_id and a.status = 'active'";

/** A lead's current agent, read under the row's lock. */
const AgentRow = Schema.Struct({ agent_id: Schema.NullOr(UserId) });

/** A lead as the database writes it for the wire. */
const LeadJsonRow = Schema.Struct({ lead: Schema.String });

const decodeLead = Schema.decodeUnknownSync(Lead);

/** A lead's text as the database writes it (`leadJson`), read as the contract reads it. */
export const leadOfText = (text: string): Lead => decodeLead(JSON.parse(text));

export const getLead = async (db: Queryable, id: LeadId): Promise<Lead | null> => {
  const row = await queryOne(db, LeadJsonRow, `select ${leadJson} as lead from ${leadsWithAgent} where l.id = $1`, [id]);
  return row === null ? null : leadOfText(row.lead);
};

/** `agent` of GET /leads: a user id, or `unassigned`. */
type AgentFilter = { readonly kind: "all" } | { readonly kind: "unassigned" } | { readonly kind: "user"; readonly id: UserId };

const decodeUserId = Schema.decodeUnknownOption(UserIdFromPath);
const decodeLeadId = Schema.decodeSync(LeadId);

const agentFilter = (agent: string | undefined): AgentFilter => {
  if (agent === undefined || agent.trim() === "") return { kind: "all" };
  if (agent === "unassigned") return { kind: "unassigned" };
  const id = decodeUserId(agent);
  if (Option.isNone(id) || !/^\d{1,10}$/.test(agent)) throw new ApiError(400, messages.invalidInput);
  return { kind: "user", id: id.value };
};

export interface LeadPage {
  /** Each lead as the contract sends it, a JSON text (`Lead`). */
  readonly leads: ReadonlyArray<string>;
  readonly meta: ListMeta;
}

/** The SQL of a list's filters, with their parameters numbered from $1. */
interface Filter {
  readonly where: string;
  /** The same conditions as one expression (`true` without any). */
  readonly condition: string;
  readonly params: ReadonlyArray<unknown>;
  /** Search words or days received narrow the list (the per-agent totals do not count it). */
  readonly searching: boolean;
  /** Search words narrow it (an exact count would read their matches). */
  readonly hasWords: boolean;
  readonly agent: AgentFilter;
}

/**
 * The filters use only the leads table: an agent's leads by the index on agent_id, "unassigned"
 * as no agent or an agent who is no longer active; every word of `q` must be in the folded
 * search text.
 */
const leadFilter = (query: LeadsQuery): Filter => {
  const conditions: string[] = [];
  const { params, param } = statementParams();
  const agent = agentFilter(query.agent);
  if (agent.kind === "unassigned") {
    conditions.push(
      "(l.agent_id is null or not exists (select 1 from users x where x.id = l.agent_id and x.status = 'active'))",
    );
  } else if (agent.kind === "user") {
    conditions.push(
      `l.agent_id = ${param(agent.id)} and exists (select 1 from users x where x.id = l.agent_id and x.status = 'active')`,
    );
  }
  const found = searchWords(query.q);
  for (const word of found) conditions.push(`l.search like ${param(containsPattern(word))}`);
  if (query.receivedFrom !== undefined) conditions.push(`l.created_at >= ${param(query.receivedFrom)}::timestamptz`);
  if (query.receivedBefore !== undefined) conditions.push(`l.created_at < ${param(query.receivedBefore)}::timestamptz`);
  return {
    where: conditions.length === 0 ? "" : `where ${conditions.join(" and ")}`,
    condition: conditions.length === 0 ? "true" : conditions.join(" and "),
    params,
    searching: found.length > 0 || query.receivedFrom !== undefined || query.receivedBefore !== undefined,
    hasWords: found.length > 0,
    agent,
  };
};

/**
 * What each sort orders by; names and addresses as a reader orders them, an accented or capital
 * letter beside the plain one ("Álvaro" before "ana"): the ICU root collation, named explicitly so
 * PGlite (whose default is C) and PostgreSQL agree. An agent who is no longer active shows as
 * unassigned, so sorts with the unassigned (last, ascending).
 */
const readerOrder = (expression: string): string => `(${expression}) collate "und-x-icu"`;

const sortExpressions: Record<LeadSort, string> = {
  date: "l.created_at",
  name: readerOrder("l.first_name || ' ' || l.last_name"),
  email: readerOrder("l.email"),
  country: readerOrder("l.country"),
  phone: "l.phone",
  agent: `(select ${readerOrder("x.first_name || ' ' || x.last_name")} from users x where x.id = l.agent_id and x.status = 'active')`,
};

/** The order asked for: a sort and its direction, or the older `order` (newest first by default). */
const leadOrder = (query: LeadsQuery): { readonly key: string; readonly direction: "asc" | "desc" } => {
  if (query.sort === undefined) return { key: sortExpressions.date, direction: query.order === "oldest" ? "asc" : "desc" };
  return { key: sortExpressions[query.sort], direction: query.direction ?? (query.sort === "date" ? "desc" : "asc") };
};

/**
 * The number of leads an agent filter selects, from the totals the projection keeps per agent
 * (agent 0 is nobody, so "unassigned" sums every agent who is not an active user).
 */
const totalOf = (db: Queryable, agent: AgentFilter): Promise<number> => {
  const sum = "select coalesce(sum(leads), 0)::int as count from lead_totals";
  const active = "select id from users where status = 'active'";
  if (agent.kind === "all") return queryCount(db, sum);
  if (agent.kind === "unassigned") return queryCount(db, `${sum} where agent not in (${active})`);
  return queryCount(db, `${sum} where agent = $1 and agent in (${active})`, [agent.id]);
};

/** How many of the newest (or oldest) leads a search tests first, to tell a common search from a rare one. */
const PROBE = 1000;

const ProbeRow = Schema.Struct({ matches: Schema.Int, probed: Schema.Int });

const OrdinalBounds = Schema.Struct({ first: Schema.NullOr(Schema.Int), last: Schema.NullOr(Schema.Int), unnumbered: Schema.Boolean });

const NumberedRow = Schema.Struct({ ...LeadJsonRow.fields, total: Schema.Int });

/**
 * A page of every lead, or of those received within days, by their ordinals (decision 048): the
 * places of the first and last lead of the days are two steps in the date index, their difference
 * is the total and the page is the places it covers, whatever its depth. Null while leads wait for
 * their ordinal (between the transactions of a bulk load): the caller reads the page another way.
 */
const numberedPage = async (
  db: Queryable,
  query: LeadsQuery,
  direction: "asc" | "desc",
  offset: number,
  pageSize: number,
): Promise<{ readonly rows: ReadonlyArray<typeof LeadJsonRow.Type>; readonly total: number } | null> => {
  const { params, param } = statementParams();
  const first =
    query.receivedFrom === undefined
      ? "1"
      : `(select l.ordinal from leads l where l.created_at >= ${param(query.receivedFrom)}::timestamptz order by l.created_at, l.id limit 1)`;
  const last =
    query.receivedBefore === undefined
      ? "(select max(l.ordinal) from leads l)"
      : `(select l.ordinal from leads l where l.created_at < ${param(query.receivedBefore)}::timestamptz order by l.created_at desc, l.id desc limit 1)`;
  const boundsSql = `select ${first} as first, ${last} as last, exists (select 1 from leads where ordinal is null) as unnumbered`;
  const boundsParams = [...params];
  const [lowest, highest] =
    direction === "desc"
      ? [`greatest(b.first, b.last - ${param(offset + pageSize - 1)})`, `b.last - ${param(offset)}`]
      : [`b.first + ${param(offset)}`, `least(b.last, b.first + ${param(offset + pageSize - 1)})`];
  // the bounds and the page in one statement (within both bounds: greatest and least pass over a
  // missing one); a page that finds no lead asks for the bounds alone
  const rows = await queryRows(
    db,
    NumberedRow,
    `with b as (${boundsSql})
     select ${leadJson} as lead, b.last - b.first + 1 as total
       from b, ${leadsWithAgent}
      where not b.unnumbered and l.ordinal between b.first and b.last and l.ordinal between ${lowest} and ${highest}
      order by l.ordinal ${direction}`,
    params,
  );
  if (rows.length > 0) return { rows, total: rows[0]?.total ?? 0 };
  const bounds = await queryOne(db, OrdinalBounds, boundsSql, boundsParams);
  if (bounds === null || bounds.unnumbered) return null;
  return { rows: [], total: bounds.first === null || bounds.last === null ? 0 : Math.max(0, bounds.last - bounds.first + 1) };
};

/** The leads of one page as a query read them. */
const pageOf = (rows: ReadonlyArray<typeof LeadJsonRow.Type>): ReadonlyArray<string> => rows.map((row) => row.lead);

/**
 * One page of leads, with meta.total (decisions 047 and 048). Each way of reading a page does work
 * bounded by the page, not by the number of leads:
 * - Every lead, or the days received: the page is the ordinals it covers (numberedPage).
 * - One agent's or the unassigned, without a search, the page walks the (agent_id, created_at, id)
 *   index from the nearer end (a page past the middle is read backwards from the last), and the
 *   total comes from the per-agent totals; with days received, the date index finds the page and
 *   counts the days' leads.
 * - A search first tests the PROBE newest leads: a search that matches at least
 *   a page of them is common, and its page walks the date index testing each lead (a page needs a
 *   few thousand at most); counting all its matches would read most of the table, so the total
 *   answered is what is known to match, `totalIsAtLeast` ("more than N"). A rarer search reads its
 *   matches through the trigram index, sorts and counts them exactly.
 * - Another sort (name, email...) reads the selected leads, counts and sorts them.
 */
export const listLeads = async (db: Queryable, query: LeadsQuery): Promise<LeadPage> => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_LEADS_PAGE_SIZE;
  const filter = leadFilter(query);
  const { key, direction } = leadOrder(query);
  const offset = (page - 1) * pageSize;
  const window = `limit $${filter.params.length + 1} offset $${filter.params.length + 2}`;
  const meta = (total: number, totalIsAtLeast = false): ListMeta => ({ total, page, pageSize, ...(totalIsAtLeast ? { totalIsAtLeast } : {}) });
  // A page steps over its offset reading only what the filter needs (for a far page of one
  // agent's leads, the agent's index alone), then reads the page's leads with their notes.
  const stepTo = (from: number, count: number, order: "asc" | "desc" = direction) =>
    queryRows(
      db,
      LeadJsonRow,
      `with page as (select id, created_at from leads l ${filter.where} order by l.created_at ${order}, l.id ${order} ${window})
       select ${leadJson} as lead from ${leadsWithAgent} join page p on p.id = l.id order by p.created_at ${order}, p.id ${order}`,
      [...filter.params, count, from],
    );

  if (key !== sortExpressions.date) return readMatches(db, filter, key, direction, window, pageSize, offset, meta);

  if (filter.agent.kind === "all" && !filter.hasWords) {
    const numbered = await numberedPage(db, query, direction, offset, pageSize);
    if (numbered !== null) return { leads: pageOf(numbered.rows), meta: meta(numbered.total) };
  }

  if (!filter.searching) {
    if (page === 1) {
      const rows = await stepTo(0, pageSize);
      return { leads: pageOf(rows), meta: meta(totalFromPage(rows.length, page, pageSize) ?? (await totalOf(db, filter.agent))) };
    }
    const total = await totalOf(db, filter.agent);
    const fromEnd = total - offset - pageSize;
    if (offset < total / 2 || fromEnd <= -pageSize) return { leads: pageOf(await stepTo(offset, pageSize)), meta: meta(total) };
    // past the middle the page is nearer the other end: read backwards from there
    const backwards = await stepTo(Math.max(0, fromEnd), pageSize + Math.min(0, fromEnd), direction === "desc" ? "asc" : "desc");
    return { leads: pageOf([...backwards].reverse()), meta: meta(total) };
  }

  if (!filter.hasWords) {
    // days received: the date index finds and counts them
    const rows = await stepTo(offset, pageSize);
    const total = await queryCount(db, `select count(*)::int as count from leads l ${filter.where}`, filter.params);
    return { leads: pageOf(rows), meta: meta(total) };
  }
  const probe = await queryOne(
    db,
    ProbeRow,
    `select (count(*) filter (where ${filter.condition}))::int as matches, count(*)::int as probed
       from (select l.search, l.agent_id, l.created_at from leads l order by l.created_at ${direction}, l.id ${direction} limit ${PROBE}) l`,
    filter.params,
  );
  const matches = probe?.matches ?? 0;
  if ((probe?.probed ?? 0) < PROBE) {
    // the probe read every lead: its count is the total
    return { leads: pageOf(await stepTo(offset, pageSize)), meta: meta(matches) };
  }
  if (matches < pageSize) return readMatches(db, filter, key, direction, window, pageSize, offset, meta);
  const rows = await stepTo(offset, pageSize);
  if (rows.length > 0 && rows.length < pageSize) return { leads: pageOf(rows), meta: meta(offset + rows.length) };
  // a full page: at least the leads up to it match; past the end, what the probe found
  return { leads: pageOf(rows), meta: meta(Math.max(matches, rows.length === 0 ? 0 : offset + rows.length), true) };
};

/** A page past the last match: one row, the count alone (its lead's columns are null). */
const PastTheEndRow = Schema.Struct({ lead: Schema.Null, total: Schema.Int });

const MatchedRow = Schema.Union([NumberedRow, PastTheEndRow]);

/**
 * A page of the selected leads read together through their filter's best index, counted and
 * sorted, in one statement: the count joins the page's leads, or stands alone on a page past the
 * last match. Reading the page's ids, then their leads, then counting again on a page past the end
 * was up to three statements and two reads of the matches for a rare word (decision 085).
 */
const readMatches = async (
  db: Queryable,
  filter: Filter,
  key: string,
  direction: "asc" | "desc",
  window: string,
  pageSize: number,
  offset: number,
  meta: (total: number) => ListMeta,
): Promise<LeadPage> => {
  const rows = await queryRows(
    db,
    MatchedRow,
    `with matches as materialized (select l.id, ${key} as sort_key from leads l ${filter.where}),
          page as (select m.id, m.sort_key from matches m order by m.sort_key ${direction}, m.id ${direction} ${window})
     select case when l.id is null then null else ${leadJson} end as lead, t.total
       from (select count(*)::int as total from matches) t
       left join (page p join (${leadsWithAgent}) on l.id = p.id) on true
      order by p.sort_key ${direction}, p.id ${direction}`,
    [...filter.params, pageSize, offset],
  );
  const leads = rows.flatMap((row) => (row.lead === null ? [] : [row.lead]));
  return { leads, meta: meta(rows[0]?.total ?? 0) };
};

/** The total a page tells by itself: a partial page ends the list, an empty first page means none. */
const totalFromPage = (rows: number, page: number, pageSize: number): number | null => {
  if (rows > 0 && rows < pageSize) return (page - 1) * pageSize + rows;
  if (rows === 0 && page === 1) return 0;
  return null;
};

/** A lead row locked until the transaction ends, with its current agent; 404 when there is none. */
const lockLead = async (tx: Queryable, id: LeadId): Promise<{ readonly agentId: UserId | null }> => {
  const row = await queryOne(tx, AgentRow, "select agent_id from leads where id = $1 for update", [id]);
  return { agentId: orNotFound(row).agent_id };
};

/** An optional text as stored: trimmed, and null when blank. */
const optionalText = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? "";
  return text === "" ? null : text;
};

/** A quote's details as stored: texts trimmed, blank ones null (limits and signs are the contract's). */
const storedDetails = (details: LeadDetails | null | undefined): LeadDetails | null =>
  details === null || details === undefined
    ? null
    : {
        in: optionalText(details.in),
        out: optionalText(details.out),
        itinerary: optionalText(details.itinerary),
        spaces: details.spaces,
        cabins: details.cabins,
        conditions: optionalText(details.conditions),
        isLastMinute: details.isLastMinute,
        mainLowerLm: details.mainLowerLm,
        mainLowerGross: details.mainLowerGross,
        upperLm: details.upperLm,
        upperGross: details.upperGross,
      };

/** The public form as a lead is created from it (the honeypot is the route's). */
export type NewLeadForm = Omit<NewLead, "website">;

/**
 * Records a new lead and answers its id; the lead's machine refuses a form with a blank required
 * field or a malformed email. Texts are stored trimmed, the email normalised.
 */
export const createLead = async (tx: Queryable, lead: NewLeadForm, options: CommandOptions): Promise<LeadId> => {
  const facts = { ...noLeadFacts, fieldProblem: firstProblem(newLeadProblems(lead)) };
  const event = {
    type: "lead.create",
    firstName: lead.firstName.trim(),
    lastName: lead.lastName.trim(),
    email: normaliseEmail(lead.email),
    country: lead.country.trim(),
    phone: lead.phone.trim(),
    message: lead.message.trim(),
    yachtName: optionalText(lead.yachtName),
    details: storedDetails(lead.details),
  } as const;
  return decodeLeadId(await decideNew(tx, leadRecord, event, options, facts));
};

/** Adds a follow-up note by `authorId` (checked by the route to be the caller); a blank note is refused. */
export const commentLead = async (
  tx: Queryable,
  leadId: LeadId,
  authorId: UserId,
  comments: string,
  options: CommandOptions,
): Promise<void> => {
  await lockLead(tx, leadId);
  const facts = { ...noLeadFacts, fieldProblem: firstProblem(commentProblems({ comments })) };
  await decide(tx, leadRecord, String(leadId), { type: "lead.comment", authorId, comments: comments.trim() }, options, facts);
};

/**
 * Assigns a lead to an agent; the lead's machine refuses one who is not an active sales user (400
 * notSalesUser) or has not chosen a password yet (400 agentWithoutPassword). Assigning it to the agent it already has writes nothing: the answer is the same,
 * and the history shows no empty change.
 */
export const assignLead = async (tx: Queryable, leadId: LeadId, agentId: UserId, options: CommandOptions): Promise<void> => {
  const lead = await lockLead(tx, leadId);
  const agent = await findUserById(tx, agentId);
  const agentIsActiveSales = agent !== null && agent.status === "active" && agent.role === "sales";
  if (agentIsActiveSales && lead.agentId === agentId) return;
  const agentName = agent === null ? "" : `${agent.firstName} ${agent.lastName}`;
  await decide(tx, leadRecord, String(leadId), { type: "lead.assign", agentId, agentName }, options, {
    ...noLeadFacts,
    agentIsActiveSales,
    // Only a temporary password, never changed: the agent has not signed in yet (issue 13).
    isAgentWithoutPassword: agent !== null && agent.passwordHash === null,
  });
};
