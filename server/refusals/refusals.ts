/**
 * Refused commands (issue 40, decision 071): kept, listed for staff, read one by one. A refusal
 * is no record's state change: it is written by its own statement once the refused command's
 * has rolled back, and a rebuild leaves it alone.
 */
import { Option, Schema } from "effect";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { RoleName } from "../../src/api/endpoint.ts";
import { CruiseId, MAX_ID, UserId } from "../../src/api/ids.ts";
import { DEFAULT_REFUSALS_PAGE_SIZE, type GuardRefusals, type Refusal, RefusalId, type RefusalSummary, type RefusalsQuery } from "../../src/api/refusals.ts";
import { SpaceState } from "../../src/api/reservations.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Database, Queryable } from "../db/database.ts";
import { IdRow, queryOne, queryRows, statementParams } from "../db/rows.ts";
import { pageAsked, readPage } from "../db/paging.ts";
import type { RefusedCommand } from "../events/refused.ts";
import { isSecret } from "../events/store.ts";

/** A value with every field named like a secret (a hash, a token, a password) left out, at any depth. */
const withoutSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !isSecret(key)).map(([key, item]) => [key, withoutSecrets(item)]));
};

/** A number a serial column holds, or null. */
const serial = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null);

const CruiseRow = Schema.Struct({ cruise_id: Schema.Int });

/** The departure a refused command was about: the one it names, a departure's own or a reservation's; null when none. */
const departureOf = async (db: Queryable, refused: RefusedCommand): Promise<number | null> => {
  const { event, stream, streamId } = refused.command;
  const named = serial(event.cruiseId);
  if (named !== null) return named;
  const id = streamId === null ? null : serial(Number(streamId));
  if (id === null) return null;
  if (stream === "cruise") return id;
  if (stream !== "reservation") return null;
  return (await queryOne(db, CruiseRow, "select cruise_id from reservations where id = $1", [id]))?.cruise_id ?? null;
};

/**
 * Keeps a refused command of a signed-in caller, by one statement of its own (the command's
 * transaction has rolled back, so the refusal changes nothing else; on PostgreSQL one round trip,
 * decision 129), and answers the refusal's id.
 */
export const keepRefusal = async (db: Database, refused: RefusedCommand, session: Session, at: Date): Promise<number> => {
  const { command, refusal } = refused;
  const { type, ...data } = command.event;
  const row = await queryOne(
    db,
    IdRow,
    `insert into refusals (at, user_id, role, agency_id, machine, stream, stream_id, state, command, data, guard, message, status, rule, facts, cruise_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
    [
      at,
      session.userId,
      session.role,
      session.agencyId,
      command.machine,
      command.stream,
      command.streamId,
      command.state,
      type,
      JSON.stringify(withoutSecrets(data)),
      refusal.guard ?? "",
      refusal.message,
      refusal.status,
      refused.rule,
      command.facts === null || command.facts === undefined ? null : JSON.stringify(command.facts),
      await departureOf(db, refused),
    ],
  );
  if (row === null) throw new Error("insert into refusals returned no row");
  return row.id;
};

const SummaryRow = Schema.Struct({
  id: RefusalId,
  at: Schema.Date,
  user_id: UserId,
  user_name: Schema.String,
  role: RoleName,
  agency_id: Schema.NullOr(Schema.Int),
  agency_name: Schema.NullOr(Schema.String),
  stream: Schema.String,
  stream_id: Schema.NullOr(Schema.String),
  command: Schema.String,
  machine: Schema.String,
  guard: Schema.String,
  message: Schema.String,
  rule: Schema.String,
  cruise_id: Schema.NullOr(CruiseId),
});
type SummaryRow = typeof SummaryRow.Type;

const summaryColumns = `f.id, f.at, f.user_id, coalesce(u.first_name || ' ' || u.last_name, '') as user_name, f.role, f.agency_id,
    a.name as agency_name, f.stream, f.stream_id, f.command, f.machine, f.guard, f.message, f.rule, f.cruise_id`;

const fromRefusals = "from refusals f left join users u on u.id = f.user_id left join agencies a on a.id = f.agency_id";

const toSummary = (row: SummaryRow): RefusalSummary => ({
  id: row.id,
  at: row.at.toISOString(),
  caller: { userId: row.user_id, name: row.user_name, role: row.role, agencyId: row.agency_id, agencyName: row.agency_name },
  stream: row.stream,
  streamId: row.stream_id,
  command: row.command,
  machine: row.machine,
  guard: row.guard,
  message: row.message,
  rule: row.rule,
  cruiseId: row.cruise_id,
});

/** The agency whose refusals `session` reads alone (an agency user's), or null: staff read every one. */
const readersAgency = (session: Session): number | null => (session.role === "agency" ? (session.agencyId ?? -1) : null);

/** A page of refusals `session` may read, newest first: of a departure, a machine's guard, since an instant. */
export const listRefusals = async (
  db: Queryable,
  query: RefusalsQuery,
  session: Session,
): Promise<{ readonly refusals: ReadonlyArray<RefusalSummary>; readonly meta: ListMeta }> => {
  const statement = statementParams();
  const { param } = statement;
  const conditions: string[] = [];
  const agency = readersAgency(session);
  if (agency !== null) conditions.push(`f.agency_id = ${param(agency)}`);
  if (query.cruiseId !== undefined) conditions.push(`f.cruise_id = ${param(query.cruiseId)}`);
  if (query.machine !== undefined) conditions.push(`f.machine = ${param(query.machine)}`);
  if (query.guard !== undefined) conditions.push(`f.guard = ${param(query.guard)}`);
  if (query.from !== undefined) conditions.push(`f.at >= ${param(new Date(query.from))}`);
  const read = {
    select: `select ${summaryColumns} ${fromRefusals}`,
    from: "refusals f",
    where: conditions.length === 0 ? "" : `where ${conditions.join(" and ")}`,
    order: "f.at desc, f.id desc",
  };
  const { rows, meta } = await readPage(db, SummaryRow, read, statement, pageAsked(query, DEFAULT_REFUSALS_PAGE_SIZE));
  return { refusals: rows.map(toSummary), meta };
};

const GuardRow = Schema.Struct({ guard: Schema.String, count: Schema.Int, last_at: Schema.Date });

/** How many refusals each guard of `machine` made that `session` may read, the guards that refused most first. */
export const countRefusals = async (db: Queryable, machine: string, session: Session): Promise<ReadonlyArray<GuardRefusals>> => {
  const agency = readersAgency(session);
  const rows = await queryRows(
    db,
    GuardRow,
    `select guard, count(*)::int as count, max(at) as last_at from refusals
      where machine = $1 and ($2::int is null or agency_id = $2) group by guard order by count desc, guard`,
    [machine, agency],
  );
  return rows.map((row) => ({ guard: row.guard, count: row.count, lastAt: row.last_at.toISOString() }));
};

const DetailRow = Schema.Struct({
  ...SummaryRow.fields,
  state: Schema.NullOr(Schema.String),
  data: Schema.Json,
  facts: Schema.NullOr(Schema.Json),
});

/** What the reservation's rules read of the berths: the cabins asked for and the departure's live spaces. */
const BerthFacts = Schema.Struct({
  request: Schema.NullOr(Schema.Struct({ cabins: Schema.Array(Schema.Struct({ cabinId: Schema.Int })) })),
  live: Schema.Array(Schema.Struct({ reservationId: Schema.NullOr(Schema.Int), cabinId: Schema.Int, genderId: Schema.Int, state: SpaceState })),
});
type BerthFacts = typeof BerthFacts.Type;
const berthFactsOf = Schema.decodeUnknownOption(BerthFacts);

const NameRow = Schema.Struct({ id: Schema.Int, name: Schema.String });
const CodeRow = Schema.Struct({ id: Schema.Int, code: Schema.String, agency_id: Schema.NullOr(Schema.Int) });

/**
 * The cabins a refused command asked for, in names, and what each held: the live spaces the
 * machine read there, each with its space type and reservation (another agency's, for an agency
 * reader, without its code).
 */
const askedCabins = async (db: Queryable, facts: BerthFacts, codes: ReadonlyMap<number, string | null>): Promise<Refusal["cabins"]> => {
  const asked = [...new Set((facts.request?.cabins ?? []).map(({ cabinId }) => cabinId))];
  if (asked.length === 0) return [];
  const [cabins, genders] = await Promise.all([
    queryRows(db, NameRow, "select id, name from cabins where id = any($1::int[])", [asked]),
    queryRows(db, NameRow, "select id, name from genders where id = any($1::int[])", [[...new Set(facts.live.map(({ genderId }) => genderId))]]),
  ]);
  const nameOf = (rows: ReadonlyArray<typeof NameRow.Type>, id: number) => rows.find((row) => row.id === id)?.name ?? String(id);
  return asked.flatMap((cabinId) =>
    cabinId >= 1 && cabinId <= MAX_ID
      ? [
          {
            cabinId,
            cabinName: nameOf(cabins, cabinId),
            held: facts.live
              .filter((space) => space.cabinId === cabinId)
              .map((space) => ({
                state: space.state,
                genderName: nameOf(genders, space.genderId),
                reservationCode: space.reservationId === null ? null : (codes.get(space.reservationId) ?? null),
              })),
          },
        ]
      : [],
  );
};

/**
 * One refusal as `session` may read it, or null: staff read every one, an agency user its own
 * agency's, with other agencies' reservations in the facts named by no id (a reservation's id is
 * its code's number).
 */
export const readRefusal = async (db: Queryable, id: RefusalId, session: Session): Promise<Refusal | null> => {
  const row = await queryOne(db, DetailRow, `select ${summaryColumns}, f.state, f.data, f.facts ${fromRefusals} where f.id = $1`, [id]);
  const agency = readersAgency(session);
  if (row === null || (agency !== null && row.agency_id !== agency)) return null;
  const berths = Option.getOrNull(berthFactsOf(row.facts));
  const reservationIds = [...new Set((berths?.live ?? []).flatMap(({ reservationId }) => (reservationId === null ? [] : [reservationId])))];
  const reservations = reservationIds.length === 0 ? [] : await queryRows(db, CodeRow, "select id, code, agency_id from reservations where id = any($1::int[])", [reservationIds]);
  const visible = (reservationId: number): boolean => agency === null || reservations.some((reservation) => reservation.id === reservationId && reservation.agency_id === agency);
  const codes = new Map(reservations.map((reservation) => [reservation.id, visible(reservation.id) ? reservation.code : null]));
  const facts =
  berths === null || agency === null || typeof row.facts !== "object" || row.facts === null || Array.isArray(row.facts)
    ? row.facts
    : { ...row.facts, live: berths.live.map((space) => ({ ...space, reservationId: space.reservationId !== null && visible(space.reservationId) ? space.reservationId : null })) };
  return {
  ...toSummary(row),
  state: row.state,
  data: row.data,
  facts,
  cabins: berths === null ? [] : await askedCabins(db, berths, codes),
  };
};
