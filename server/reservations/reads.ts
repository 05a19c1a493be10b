/**
 * Reservations' reads (DOMAIN.md section 5): a reservation, a page of them, a departure's cabins
 * and berths. An agency user reads its own agency's only. The summary's statement is shared with
 * the commands that answer one.
 */
import { Schema } from "effect";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { CruiseId, ReservationId, SpaceId } from "../../src/api/ids.ts";
import { itemized } from "../../src/machines/domain/pricing.ts";
import {
  type CruiseCabin,
  DEFAULT_RESERVATIONS_PAGE_SIZE,
  type Reservation,
  type ReservationOnDeparture,
  type ReservationSummary,
  type ReservationsQuery,
  type ReservationsSort,
} from "../../src/api/reservations.ts";
import { departureMoment } from "../../src/machines/domain/calendar.ts";
import { latestTimeLimit } from "../../src/machines/domain/timeLimit.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows, statementParams } from "../db/rows.ts";
import { pageAsked, pageOfRows, readPage, wordPatterns } from "../db/paging.ts";
import type { PriceCents } from "../../src/machines/domain/money.ts";
import { byMoney } from "../money/accounts.ts";
import { savedCabinPositions, savedDeckPlans } from "../yachts/pages.ts";
import { agencyExtensionsOf, type Caller, type CabinRow, cabinsOf, type LiveRow, liveSpacesOf, ownAgency } from "./facts.ts";
import type { ReaderLanguage } from "../http/caller.ts";
import { nameSql } from "../catalogues/names.ts";
import { inLanguage } from "../../src/api/english.ts";
import { answeredLine, answeredPrice, StoredLine, StoredPrice, withTickets } from "./price.ts";

/**
 * What names a reservation on its departure (the contract's ReservationOnDeparture), as the
 * reservations list and the expiring report read it: its columns, the select that reads them from
 * a reservation `r` joined to its departure `c` and yacht `y`, and the contract's fields.
 */
export const OnDepartureRow = Schema.Struct({
  id: ReservationId,
  code: Schema.String,
  cruise_id: CruiseId,
  cruise_code: Schema.String,
  yacht_name: Schema.String,
  start_date: Schema.String,
});

export const selectOnDeparture =
  "r.id, r.code, r.cruise_id, c.code as cruise_code, y.name as yacht_name, to_char(c.start_date, 'YYYY-MM-DD') as start_date";

export const reservationsOnDepartures = "reservations r join cruises c on c.id = r.cruise_id join yachts y on y.id = c.yacht_id";

export const onDeparture = (row: typeof OnDepartureRow.Type): typeof ReservationOnDeparture.Type => ({
  id: row.id,
  code: row.code,
  cruiseId: row.cruise_id,
  cruiseCode: row.cruise_code,
  yachtName: row.yacht_name,
  startDate: row.start_date,
});

export const ReservationRow = Schema.Struct({
  ...OnDepartureRow.fields,
  agency_id: Schema.NullOr(Schema.Int),
  agency_name: Schema.NullOr(Schema.String),
  type: Schema.Literals(["general", "contract", "charter", "familyRoom", "ikarus"]),
  executive_id: Schema.NullOr(Schema.Int),
  executive_name: Schema.NullOr(Schema.String),
  status: Schema.Literals(["reserved", "waiting", "confirmed", "canceled"]),
  time_limit: Schema.NullOr(Schema.Date),
  extensions: Schema.Int,
  spaces: Schema.Int,
  price: StoredPrice,
  /** The passengers' air tickets (liveLegOf), their cents summed as integers in SQL. */
  tickets_cents: Schema.Int,
  created_at: Schema.Date,
  version: Schema.Int,
  notes: Schema.String,
  cancel_reason: Schema.NullOr(Schema.String),
  lines: Schema.Array(StoredLine),
});
type ReservationRow = typeof ReservationRow.Type;

/**
 * The flight legs a reservation pays: its passengers' legs on its departure, while the passenger
 * holds a live space of it (`reservation` names the reservation's id in the query).
 */
export const liveLegOf = (reservation: string): string =>
  `f.reservation_id = ${reservation} and exists (select 1 from spaces s where s.reservation_id = f.reservation_id
     and s.passenger_id = f.passenger_id and s.status <> 'canceled')`;

const FlightLineRow = Schema.Struct({ line: Schema.NullOr(StoredLine) });

/** A reservation's live spaces, and what its passengers' flights add to its price. */
const liveSpaces = "(select count(*)::int from spaces s where s.reservation_id = r.id and s.status <> 'canceled')";

export const selectReservations = `select ${selectOnDeparture}, r.agency_id, a.name as agency_name, r.type, r.executive_id,
    u.first_name || ' ' || u.last_name as executive_name, r.status, r.time_limit, r.extensions,
    ${liveSpaces} as spaces,
    r.price, t.tickets::int as tickets_cents,
    r.created_at, r.version, r.notes, r.cancel_reason, r.lines
  from ${reservationsOnDepartures}
  cross join lateral (select coalesce(sum((f.line->>'totalCents')::bigint), 0) as tickets from passenger_flights f where ${liveLegOf("r.id")}) t
  left join agencies a on a.id = r.agency_id left join users u on u.id = r.executive_id`;

/** A reservation's summary with its price in cents, its passengers' air tickets included: what money reads. */
export type PricedSummary = ReservationSummary & { readonly priceCents: PriceCents };

const priceCentsOf = (row: ReservationRow): PriceCents => withTickets(row.price, row.tickets_cents);

export const toSummary = (row: ReservationRow): ReservationSummary => ({
  ...onDeparture(row),
  agencyId: row.agency_id,
  agencyName: row.agency_name,
  type: row.type,
  executive: row.executive_id === null ? null : { id: row.executive_id, name: row.executive_name ?? "" },
  state: row.status,
  timeLimit: row.time_limit?.toISOString() ?? null,
  extensions: row.extensions,
  spaces: row.spaces,
  price: answeredPrice(priceCentsOf(row)),
  createdAt: row.created_at.toISOString(),
  version: row.version,
});

const pricedSummary = (row: ReservationRow): PricedSummary => ({ ...toSummary(row), priceCents: priceCentsOf(row) });

/**
 * The reservations (none deleted) a condition on `r` picks, as the lists read them, oldest first:
 * what money's statements and reports work their accounts out from, in one statement.
 */
export const reservationsWhere = async (db: Queryable, condition: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<PricedSummary>> =>
  (await queryRows(db, ReservationRow, `${selectReservations} where r.status <> 'deleted' and (${condition}) order by r.created_at, r.id`, params)).map(pricedSummary);

const SpaceRow = Schema.Struct({
  id: SpaceId,
  cabin_id: Schema.Int,
  cabin_name: Schema.String,
  gender_id: Schema.Int,
  gender_name: Schema.String,
  status: Schema.Literals(["reserved", "waiting", "confirmed", "canceled"]),
  passenger_id: Schema.NullOr(Schema.Int),
  passenger_name: Schema.NullOr(Schema.String),
  cancel_reason: Schema.NullOr(Schema.String),
});

/** A reservation as the commands read it: what the panel reads, without what depends on the reader and the clock. */
export type StoredReservation = Omit<Reservation, "latestTimeLimit" | "extensionsLeft">;

/** One reservation the caller may see (an agency user: its own agency's), or null. */
export const findReservation = async (db: Queryable, id: ReservationId, session: Session, language: ReaderLanguage = "es"): Promise<StoredReservation | null> => {
  const row = await queryOne(db, ReservationRow, `${selectReservations} where r.id = $1 and r.status <> 'deleted'`, [id]);
  const agency = ownAgency(session);
  if (row === null || (agency !== null && row.agency_id !== agency)) return null;
  const spaces = await queryRows(
    db,
    SpaceRow,
    `select s.id, s.cabin_id, c.name as cabin_name, s.gender_id, ${nameSql("g", language)} as gender_name, s.status, s.passenger_id,
            p.first_name || ' ' || p.last_name as passenger_name, s.cancel_reason
       from spaces s join cabins c on c.id = s.cabin_id join genders g on g.id = s.gender_id left join passengers p on p.id = s.passenger_id
      where s.reservation_id = $1 order by s.id`,
    [id],
  );
  const bookings = [...new Set(spaces.map((space) => space.cabin_id))].map((cabinId) => {
    const inCabin = spaces.filter((space) => space.cabin_id === cabinId);
    return {
      cabinId,
      cabinName: inCabin[0]?.cabin_name ?? "",
      spaces: inCabin.map((space) => ({
        id: space.id,
        cabinId: space.cabin_id,
        genderId: space.gender_id,
        genderName: space.gender_name,
        state: space.status,
        passengerId: space.passenger_id,
        passengerName: space.passenger_name,
        cancelReason: space.cancel_reason,
      })),
    };
  });
  const flights = await queryRows(db, FlightLineRow, `select f.line from passenger_flights f where ${liveLegOf("$1")} order by f.date, f.id`, [id]);
  const { lines, ...priceCents } = itemized([...row.lines, ...flights.flatMap(({ line }) => (line === null ? [] : [line]))]);
  return { ...toSummary(row), notes: row.notes, cancelReason: row.cancel_reason, bookings, lines: lines.map(answeredLine), priceCents };
};

/** Each order's column, as the summary shows it (a direct sale's agency and a time limit's absence last either way). */
const sortColumns: Readonly<Record<Exclude<ReservationsSort, "balance">, string>> = {
  departure: "c.start_date",
  code: "r.code",
  agency: "lower(a.name)",
  state: "r.status",
  timeLimit: "r.time_limit",
  berths: liveSpaces,
  total: "((r.price->>'totalCents')::bigint + t.tickets)",
};

const orderOf = (query: ReservationsQuery): string => {
  const newest = "r.created_at desc, r.id desc";
  if (query.sort === undefined || query.sort === "balance") return newest;
  return `${sortColumns[query.sort]} ${query.order === "desc" ? "desc" : "asc"} nulls last, ${newest}`;
};

export interface ReservationPage {
  readonly reservations: ReservationSummary[];
  readonly meta: ListMeta;
}

/** A page of the reservations the caller may see, newest first or in the asked order, narrowed by the query. */
export const listReservations = async (db: Queryable, query: ReservationsQuery, session: Session, now: Date): Promise<ReservationPage> => {
  const asked = pageAsked(query, DEFAULT_RESERVATIONS_PAGE_SIZE);
  const conditions = ["r.status <> 'deleted'"];
  const statement = statementParams();
  const { params, param } = statement;
  const agency = ownAgency(session) ?? query.agencyId;
  if (agency !== undefined) conditions.push(`r.agency_id = ${param(agency)}`);
  if (query.cruiseId !== undefined) conditions.push(`r.cruise_id = ${param(query.cruiseId)}`);
  if (query.state !== undefined) conditions.push(`r.status = ${param(query.state)}`);
  if (query.expiringWithin !== undefined) {
    conditions.push(`r.status = 'reserved' and r.time_limit <= ${param(new Date(now.getTime() + query.expiringWithin * 3_600_000))}`);
  }
  for (const word of wordPatterns(query.q)) {
    const pattern = param(word);
    conditions.push(`(lower(r.code) like ${pattern} or lower(coalesce(a.name, '')) like ${pattern} or lower(c.code) like ${pattern})`);
  }
  const where = `where ${conditions.join(" and ")}`;
  if (query.moneyState !== undefined || query.sort === "balance") {
    // money states read the clock: every reservation the rest of the query keeps is judged, then paged (decision 067)
    const all = (await queryRows(db, ReservationRow, `${selectReservations} ${where} order by ${orderOf(query)}`, params)).map(pricedSummary);
    const chosen = await byMoney(db, all, query, { session, now });
    const { rows, meta } = pageOfRows(chosen, asked);
    return { reservations: rows.map(({ priceCents: _priceCents, ...summary }) => summary), meta };
  }
  const from = "reservations r join cruises c on c.id = r.cruise_id left join agencies a on a.id = r.agency_id";
  const { rows, meta } = await readPage(db, ReservationRow, { select: selectReservations, from, where, order: orderOf(query) }, statement, asked);
  return { reservations: rows.map(toSummary), meta };
};

/**
 * A reservation as its reader sees it now: while held, the latest time limit the policy allows
 * (what the extend dialog proposes) and, for an agency user, the extensions it has left.
 */
export const readReservation = async (db: Queryable, id: ReservationId, caller: Caller, language: ReaderLanguage): Promise<Reservation | null> => {
  const found = await findReservation(db, id, caller.session, language);
  if (found === null) return null;
  const held = found.state === "reserved";
  const latest = held ? new Date(latestTimeLimit(caller.now.getTime(), departureMoment(found.startDate), caller.policy)).toISOString() : null;
  const extensionsLeft = caller.session.role === "agency" ? Math.max(0, caller.policy.maxExtensions - (await agencyExtensionsOf(db, id))) : null;
  return { ...found, latestTimeLimit: latest, extensionsLeft };
};

/**
 * A departure's cabins with, per berth, the live space on it or null when free; held, confirmed
 * first, in the order they were made. Another agency's spaces show without their code. Each cabin's
 * position on its deck's plan, and its deck's drawing, are read with them: a yacht page saved shows
 * on the next read.
 */
export const departureCabins = async (
  db: Queryable,
  cruiseId: CruiseId,
  session: Session,
  language: ReaderLanguage = "es",
): Promise<ReadonlyArray<CruiseCabin> | null> => {
  const departure = await queryOne(db, Schema.Struct({ yacht_id: Schema.Int }), "select yacht_id from cruises where id = $1", [cruiseId]);
  if (departure === null) return null;
  const [cabins, live] = await Promise.all([cabinsOf(db, departure.yacht_id), liveSpacesOf(db, cruiseId)]);
  return berthPlan(cabins, live, await planDrawing(db, departure.yacht_id, live), ownAgency(session), language);
};

/** What a berth plan draws besides the berths: where each cabin sits, each deck's drawing, and the agencies' names. */
export interface PlanDrawing {
  readonly positions: ReadonlyMap<number, { readonly x: number; readonly y: number }>;
  readonly deckPlans: ReadonlyMap<number, string>;
  readonly agencyNames: ReadonlyMap<number, string>;
}

const AgencyNameRow = Schema.Struct({ id: Schema.Int, name: Schema.String });

/** The yacht's deck_schema positions and deck_plan drawings, and the names of the agencies holding `live`. */
export const planDrawing = async (db: Queryable, yachtId: number, live: ReadonlyArray<LiveRow>): Promise<PlanDrawing> => {
  const agencyIds = [...new Set(live.flatMap((space) => (space.agency_id === null ? [] : [space.agency_id])))];
  const [positions, deckPlans, agencies] = await Promise.all([
    savedCabinPositions(db, yachtId),
    savedDeckPlans(db, yachtId),
    agencyIds.length === 0 ? [] : queryRows(db, AgencyNameRow, "select id, name from agencies where id = any($1::int[])", [agencyIds]),
  ]);
  return { positions, deckPlans, agencyNames: new Map(agencies.map(({ id, name }) => [id, name])) };
};

/**
 * The berth plan of a departure: its yacht's live cabins, each berth with the live space on it (the
 * departure's live spaces, oldest first: what the tables hold now, or what the event log held at an
 * instant, asOf.ts), another agency's with its state and type but without its code, id or agency
 * when `agency` reads it; its decks named in the reader's language.
 */
export const berthPlan = (
  cabins: ReadonlyArray<CabinRow>,
  live: ReadonlyArray<LiveRow>,
  drawing: PlanDrawing,
  agency: number | null,
  language: ReaderLanguage,
): ReadonlyArray<CruiseCabin> =>
  cabins.map((cabin) => {
    const holding = live.filter((space) => space.cabin_id === cabin.id && space.status !== "waiting");
    return {
      id: cabin.id,
      name: cabin.name,
      deckId: cabin.deck_id,
      deckName: cabin.deck_name === null ? null : inLanguage(language, cabin.deck_name, cabin.deck_english_name ?? "").text,
      category: cabin.category,
      familyRoom: cabin.family_room,
      capacity: cabin.capacity,
      berths: Array.from({ length: cabin.capacity }, (_, index) => {
        const space = holding[index];
        if (space === undefined) return null;
        const seen = agency === null || space.agency_id === agency;
        return {
          spaceId: SpaceId.make(space.id),
          state: space.status,
          reservationCode: seen ? space.code : null,
          reservationId: seen ? ReservationId.make(space.reservation_id) : null,
          agencyName: seen && space.agency_id !== null ? (drawing.agencyNames.get(space.agency_id) ?? null) : null,
          genderId: space.gender_id,
        };
      }),
      waiting: live.filter((space) => space.cabin_id === cabin.id && space.status === "waiting").length,
      position: drawing.positions.get(cabin.id) ?? null,
      deckPlan: cabin.deck_id === null ? null : (drawing.deckPlans.get(cabin.deck_id) ?? null),
    };
  });
