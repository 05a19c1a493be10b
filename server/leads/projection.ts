import { Schema } from "effect";
import { type LeadCreate, LeadEvent, leadMachine } from "../../src/machines/domain/lead.machine.ts";
import type { Queryable } from "../db/database.ts";
import { execute, queryOne } from "../db/rows.ts";
import { leadSearchText } from "./search.ts";
import type { RecordType } from "../events/command.ts";
import { type Create, insertRows, type Projection, recordProjection } from "../events/projection.ts";

export const leadRecord: RecordType<typeof leadMachine> = { stream: "lead", table: "leads", machine: leadMachine };

/** The columns of a new leads row, in the order of `leadColumns`. */
export const leadColumns =
  "id, first_name, last_name, email, country, phone, message, yacht_name, details, search, status, version, created_at, updated_at";

/**
 * The values of the row a 'lead.create' event makes. The live command and insertLeads (a rebuild's
 * runs of creates, the bulk loader) write rows with this same function, so they give back exactly
 * the same rows.
 */
export const newLeadRow = (id: number, event: LeadCreate, status: string, occurredAt: Date): ReadonlyArray<unknown> => [
  id,
  event.firstName,
  event.lastName,
  event.email,
  event.country,
  event.phone,
  event.message,
  event.yachtName,
  event.details,
  leadSearchText(event),
  status,
  1,
  occurredAt,
  occurredAt,
];

/** The statement moving `change` leads to an agent's total, both given as SQL (parameters or literals). */
const totalMoved = (agent: string, change: string): string =>
  `insert into lead_totals (agent, leads) values (${agent}, ${change})
   on conflict (agent) do update set leads = lead_totals.leads + excluded.leads`;

/** Moves `change` leads to (or, negative, from) an agent's total; 0 is "nobody". */
export const addToTotal = (tx: Queryable, agent: number | null, change: number): Promise<void> =>
  execute(tx, totalMoved("$1", "$2"), [agent ?? 0, change]);

const AgentRow = Schema.Struct({ agent_id: Schema.NullOr(Schema.Int) });

const LastLead = Schema.Struct({ at_ms: Schema.Number, id: Schema.Int, ordinal: Schema.NullOr(Schema.Int) });

/**
 * The ordinal after which leads received from `first` on may be numbered as they are written:
 * the last lead's, when it has one and was received before `first` (0 when there is none yet);
 * null when they must wait for numberLeads.
 */
const nextOrdinalBase = async (tx: Queryable, first: { readonly at: Date; readonly id: number } | undefined): Promise<number | null> => {
  if (first === undefined) return null;
  const last = await queryOne(
    tx,
    LastLead,
    "select (extract(epoch from created_at) * 1000)::float8 as at_ms, id, ordinal from leads order by created_at desc, id desc limit 1",
  );
  if (last === null) return 0;
  const after = first.at.getTime() > last.at_ms || (first.at.getTime() === last.at_ms && first.id > last.id);
  return after && last.ordinal !== null ? last.ordinal : null;
};

/**
 * Gives the leads without an ordinal theirs, and renumbers those after the earliest of them: a
 * lead received now has none after it, one received earlier (a bulk load's, or a transaction that
 * commits after a later one) moves the later ones up. The ordinals stay 1..n in (created_at, id)
 * order (decision 048). Two creates are never numbered at once: each has first moved the
 * unassigned total (addToTotal), whose row stays locked until its transaction ends. The function
 * (migration 033) reads the earliest unnumbered lead and numbers from its place.
 */
const NUMBER_LEADS = "select number_leads()";

/** Numbers the leads now, as a bulk load or a rebuild does before it sets their indexes back. */
export const numberLeads = (tx: Queryable): Promise<void> => tx.exec(NUMBER_LEADS);

/** One more unassigned lead, as a statement without parameters (Queryable.beforeCommit). */
const ONE_MORE_UNASSIGNED = totalMoved("0", "1");

/**
 * Writes the rows of many 'lead.create' events at once, as `apply` would one by one: a rebuild's
 * runs of creates and the bulk loader (server/demo/generatedLeads.ts). Leads received after every
 * lead already written (a replay in the order received, a load in time order) are written with
 * their ordinals; any others are left unnumbered for numberLeads, as renumbering most of the table
 * for each run received long ago would cost.
 */
export const insertLeads = async (tx: Queryable, creates: ReadonlyArray<Create<LeadCreate>>): Promise<void> => {
  const rows = creates
    .map(({ event, row }) => ({ id: Number(row.id), at: row.at, values: newLeadRow(Number(row.id), event, row.status, row.at) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
  const base = await nextOrdinalBase(tx, rows[0]);
  const numbered = rows.map((row, index) => [...row.values, base === null ? null : base + index + 1]);
  await insertRows(tx, leadRecord.table, `${leadColumns}, ordinal`, numbered);
  return addToTotal(tx, null, creates.length);
};

export const leadsProjection: Projection = recordProjection({
  record: leadRecord,
  events: LeadEvent,
  alsoFills: ["lead_notes", "lead_totals"],
  on: {
    "lead.create": async ({ tx, event, row }) => {
      const values = newLeadRow(Number(row.id), event, row.status, row.at);
      const placeholders = values.map((_, index) => `$${index + 1}`).join(", ");
      await execute(tx, `insert into leads (${leadColumns}) values (${placeholders})`, values);
      // the total's row is the creates' turn: taken and let go in the commit's own message (decision 128)
      await tx.beforeCommit(ONE_MORE_UNASSIGNED, ["lead_totals"]);
      return tx.beforeCommit(NUMBER_LEADS, ["leads"]);
    },
    "lead.assign": async ({ tx, event, row, update }) => {
      const previous = await queryOne(tx, AgentRow, "select agent_id from leads where id = $1", [row.id]);
      await addToTotal(tx, previous?.agent_id ?? null, -1);
      await addToTotal(tx, event.agentId, 1);
      return update({ agent_id: event.agentId });
    },
    "lead.comment": async ({ tx, event, row, update }) => {
      await update();
      return execute(
        tx,
        "insert into lead_notes (lead_id, version, author_id, comments, created_at) values ($1, $2, $3, $4, $5)",
        [row.id, row.version, event.authorId, event.comments, row.at],
      );
    },
  },
  // A rebuild of 100,000 leads: one insert and one total per run instead of two statements a lead.
  creates: { type: "lead.create", apply: insertLeads },
  settle: numberLeads,
  // the search (decision 047), an agent's leads, the pages by place; a write reads leads by id, by
  // date (numberLeads, insertLeads) and the unnumbered ones
  listIndexes: ["leads_search_trigrams", "leads_by_agent", "leads_by_ordinal"],
});
