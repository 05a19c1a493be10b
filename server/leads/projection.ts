import { type LeadCreate, LeadEvent, leadMachine } from "../../src/machines/domain/lead.machine.ts";
import type { Queryable } from "../db/database.ts";
import { leadSearchText } from "./search.ts";
import type { RecordType } from "../events/command.ts";
import { toMachineEvent } from "../events/decode.ts";
import { nextStatus } from "../events/machine.ts";
import type { StoredEvent } from "../events/store.ts";
import type { Projection } from "../events/projection.ts";

export const leadRecord: RecordType<typeof leadMachine> = { stream: "lead", table: "leads", machine: leadMachine };

/** The columns of a new leads row, in the order of `leadColumns`. */
export const leadColumns =
  "id, first_name, last_name, email, country, phone, message, yacht_name, details, search, status, version, created_at, updated_at";

/**
 * The values of the row a 'lead.create' event makes. The bulk loader (scripts/seed-leads.ts)
 * writes rows with this same function, so a rebuild gives back exactly the rows it loaded.
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

/** Moves `change` leads to (or, negative, from) an agent's total; 0 is "nobody". */
export const addToTotal = (tx: Queryable, agent: number | null, change: number) =>
  tx.query(
    `insert into lead_totals (agent, leads) values ($1, $2)
     on conflict (agent) do update set leads = lead_totals.leads + excluded.leads`,
    [agent ?? 0, change],
  );

const apply = async (tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(LeadEvent, stored);
  const id = Number(stored.streamId);
  const [row] = await tx.query<{ status: string }>("select status from leads where id = $1", [id]);
  const status = nextStatus(leadMachine, row?.status ?? null, event);
  if (status === null) throw new Error(`lead ${id}: stored event ${stored.id} (${event.type}) does not apply`);
  switch (event.type) {
    case "lead.create": {
      const values = newLeadRow(id, event, status, stored.occurredAt);
      const placeholders = values.map((_, index) => `$${index + 1}`).join(", ");
      await tx.query(`insert into leads (${leadColumns}) values (${placeholders})`, values);
      await addToTotal(tx, null, 1);
      return;
    }
    case "lead.assign": {
      const [previous] = await tx.query<{ agent_id: number | null }>("select agent_id from leads where id = $1", [id]);
      await addToTotal(tx, previous?.agent_id ?? null, -1);
      await addToTotal(tx, event.agentId, 1);
      await tx.query("update leads set status = $1, version = $2, updated_at = $3, agent_id = $5 where id = $4", [
        status,
        stored.version,
        stored.occurredAt,
        id,
        event.agentId,
      ]);
      return;
    }
    case "lead.comment":
      await tx.query("update leads set status = $1, version = $2, updated_at = $3 where id = $4", [
        status,
        stored.version,
        stored.occurredAt,
        id,
      ]);
      await tx.query(
        "insert into lead_notes (lead_id, version, author_id, coments, created_at) values ($1, $2, $3, $4, $5)",
        [id, stored.version, event.authorId, event.coments, stored.occurredAt],
      );
      return;
  }
};

export const leadsProjection: Projection = {
  stream: leadRecord.stream,
  tables: ["leads", "lead_notes", "lead_totals"],
  sequences: [{ table: "leads", column: "id" }],
  apply,
};
