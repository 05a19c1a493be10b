import { isDeepStrictEqual } from "node:util";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import { type HistoryEntry, recordHistory } from "../../src/api/history.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { historyReadersWith } from "../../src/records/index.ts";
import { MAX_ID, UserId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { queryRows } from "../db/rows.ts";
import type { AnyStateMachine } from "xstate";
import type { Queryable } from "../db/database.ts";
import { findProjection } from "../events/projection.ts";
import { isSecret } from "../events/store.ts";
import { upcastEventData } from "../events/upcast.ts";
import { nextStatus } from "../../src/machines/domain/verdict.ts";
import type { Session } from "../accounts/sessions.ts";
import { registerEndpoint, type RouteContext, signedIn } from "../http/register.ts";

/**
 * The agency that owns a record of a stream an agency user may read (its own reservations and
 * passengers): the record's table, where its agency is a column.
 */
const agencyOwned: Readonly<Record<string, string>> = { reservation: "reservations", passenger: "passengers", payment: "payments" };

const OwnerRow = Schema.Struct({ agency_id: Schema.NullOr(Schema.Int) });

/** Whether the caller may read this record's history: staff any, an agency user its own agency's only. */
const mayRead = async (db: Queryable, session: Session, stream: string, id: string): Promise<boolean> => {
  if (session.role !== "agency") return true;
  const table = agencyOwned[stream];
  // an id no serial column holds names no record of it
  if (table === undefined || !/^[0-9]+$/.test(id) || Number(id) > MAX_ID) return false;
  const [owner] = await queryRows(db, OwnerRow, `select agency_id from ${table} where id = $1`, [Number(id)]);
  return owner !== undefined && owner.agency_id !== null && owner.agency_id === session.agencyId;
};

export interface HistoryContext extends RouteContext {
  /** The declared catalogues served: their streams' history is readable by their readers. */
  readonly catalogues: ReadonlyArray<CatalogueDeclaration>;
}


const HistoryRow = Schema.Struct({
  version: Schema.Int,
  type: Schema.String,
  data: Schema.NullOr(Schema.Record(Schema.String, Schema.Unknown)),
  occurred_at: Schema.Date,
  actor_id: Schema.NullOr(UserId),
  actor_first_name: Schema.NullOr(Schema.String),
  actor_last_name: Schema.NullOr(Schema.String),
});
type HistoryRow = typeof HistoryRow.Type;

const toJson = (value: unknown): HistoryEntry["changes"][number]["after"] =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An event's fields under today's names (decision 074), a catalogue item's declared details among
 * them (decision 027).
 */
const fieldsOf = (type: string, stored: Readonly<Record<string, unknown>> | null): Readonly<Record<string, unknown>> => {
  if (stored === null) return {};
  const data = upcastEventData(type, stored);
  const { details, ...fields } = data;
  return isObject(details) ? { ...fields, ...details } : data;
};

/** Folds a record's events into entries: each lists the fields whose value it changed. */
export const historyOf = (machine: AnyStateMachine, rows: ReadonlyArray<HistoryRow>): HistoryEntry[] => {
  const fields = new Map<string, unknown>();
  let status: string | null = null;
  return rows.map((row) => {
    const data = fieldsOf(row.type, row.data);
    const changes = Object.entries(data)
      // A field never set and a field set to null read the same: neither is a change.
      .filter(([field, value]) => !isSecret(field) && !isDeepStrictEqual(fields.get(field) ?? null, value ?? null))
      .map(([field, value]) => ({ field, before: toJson(fields.get(field) ?? null), after: toJson(value) }));
    for (const [field, value] of Object.entries(data)) fields.set(field, value);
    const before = status;
    status = nextStatus(machine, status, { ...data, type: row.type }) ?? status ?? "";
    return {
      version: row.version,
      type: row.type,
      occurredAt: row.occurred_at.toISOString(),
      actor:
        row.actor_id === null
          ? null
          : { id: row.actor_id, firstName: row.actor_first_name ?? "", lastName: row.actor_last_name ?? "" },
      status: { before, after: status },
      changes,
    };
  });
};

export const registerHistoryRoutes = (app: FastifyInstance, context: HistoryContext): void => {
  const readers = historyReadersWith(context.catalogues);
  registerEndpoint(app, context, recordHistory, async (call) => {
    const session = signedIn(call);
    const { stream, id } = call.params;
    const machine = findProjection(stream)?.machine;
    const streamReaders = readers[stream];
    if (machine === undefined || streamReaders === undefined) throw new ApiError(404, messages.notFound);
    if (!streamReaders.includes(session.role)) throw new ApiError(403, messages.forbidden);
    // another agency's record reads as one that does not exist
    if (!(await mayRead(context.db, session, stream, id))) throw new ApiError(404, messages.notFound);
    const rows = await queryRows(
      context.db,
      HistoryRow,
      `select e.version, e.type, e.data, e.occurred_at, e.actor_id,
              u.first_name as actor_first_name, u.last_name as actor_last_name
         from events e left join users u on u.id = e.actor_id
        where e.stream = $1 and e.stream_id = $2
        order by e.version`,
      [stream, String(id)],
    );
    if (rows.length === 0) throw new ApiError(404, messages.notFound);
    return historyOf(machine, rows);
  });
};
