import { isDeepStrictEqual } from "node:util";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import type { AnyStateMachine } from "xstate";
import { ApiError } from "../../src/api/errors.ts";
import { type HistoryEntry, recordHistory } from "../../src/api/history.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { historyReadersWith } from "../../src/records/index.ts";
import { UserId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { queryRows } from "../db/rows.ts";
import type { RecordType } from "../events/command.ts";
import { nextStatus } from "../../src/machines/domain/verdict.ts";
import { bannerRecord, callActionRecord } from "../home/projection.ts";
import { itineraryRecord } from "../itineraries/projection.ts";
import { leadRecord } from "../leads/projection.ts";
import { userRecord } from "../accounts/usersProjection.ts";
import { registerEndpoint, type RouteContext, signedIn } from "../http/register.ts";

/** The machine of each of this contract's readable streams, to tell the status each event led to. */
const contractRecords: ReadonlyArray<RecordType<AnyStateMachine>> = [
  userRecord,
  itineraryRecord,
  leadRecord,
  bannerRecord,
  callActionRecord,
];

export interface HistoryContext extends RouteContext {
  /** The declared catalogues served: their streams' history is readable by their readers. */
  readonly catalogues: ReadonlyArray<CatalogueDeclaration>;
}

/** Hashes and tokens are in the events so a rebuild can restore them; no reader ever sees them. */
const isSecret = (field: string): boolean => /hash|token|password/i.test(field);

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

/** An event's fields, a catalogue item's declared details among them (decision 027). */
const fieldsOf = (data: Readonly<Record<string, unknown>> | null): Readonly<Record<string, unknown>> => {
  if (data === null) return {};
  const { details, ...fields } = data;
  return isObject(details) ? { ...fields, ...details } : data;
};

/** Folds a record's events into entries: each lists the fields whose value it changed. */
export const historyOf = (machine: AnyStateMachine, rows: ReadonlyArray<HistoryRow>): HistoryEntry[] => {
  const fields = new Map<string, unknown>();
  let status: string | null = null;
  return rows.map((row) => {
    const data = fieldsOf(row.data);
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
  const machines = new Map(
    [...contractRecords, ...context.catalogues].map((record): [string, AnyStateMachine] => [record.stream, record.machine]),
  );
  registerEndpoint(app, context, recordHistory, async (call) => {
    const session = signedIn(call);
    const { stream, id } = call.params;
    const machine = machines.get(stream);
    const streamReaders = readers[stream];
    if (machine === undefined || streamReaders === undefined) throw new ApiError(404, messages.notFound);
    if (!streamReaders.includes(session.role)) throw new ApiError(403, messages.forbidden);
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
