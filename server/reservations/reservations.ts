/**
 * Reservations' reads and commands (DOMAIN.md sections 5 and 9). A command that changes a
 * departure's spaces locks the departure's row first (`for update`), loads the facts the
 * reservation machine decides with (its berths, the rates, the time limit policy) and goes through
 * the machine; the waiting list is promoted in the same transaction as a cancellation or an
 * expiry. This file never answers a rule's message itself.
 */
import { Schema } from "effect";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import type { FieldProblem } from "../../src/api/fields.ts";
import { CruiseId, ReservationId, SpaceId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import type { MoneyPolicyView } from "../../src/api/money.ts";
import { QuoteLine } from "../../src/api/quote.ts";
import {
  type CruiseCabin,
  DEFAULT_RESERVATIONS_PAGE_SIZE,
  missingSpaces,
  type Reservation,
  type ReservationChange,
  type ReservationDraft,
  type ReservationSummary,
  type ReservationsQuery,
  reasonProblem,
} from "../../src/api/reservations.ts";
import { type BerthCabin, type BerthRequest, bookingChanges, type LiveSpace } from "../../src/machines/domain/berths.ts";
import { departureMoment, ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { type ConfirmFacts, type CountedPayment, paidCents } from "../../src/machines/domain/money.ts";
import { linesWithSpaces, type PricingFacts, priceDraft } from "../../src/machines/domain/pricing.ts";
import { noReservationFacts, type OwnSpace, type ReservationEvent, type ReservationFacts, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { type SpaceEvent, type SpaceFacts, spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { type HoldPolicy, latestTimeLimit } from "../../src/machines/domain/timeLimit.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import type { Session } from "../accounts/sessions.ts";
import { rememberCatalogueRead } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { nextId, nextIds, queryCount, queryOne, queryRows, statementParams } from "../db/rows.ts";
import { type CommandOptions, decide, expectVersion } from "../events/command.ts";
import { agencyCreditCents, countedPayments, dueCentsOf, paymentsOf, policyTerms, readMoneyPolicy } from "../money/facts.ts";
import { pricingFacts } from "../rates/quote.ts";
import { savedCabinPositions } from "../yachts/pages.ts";
import { cabinCapacitySql, liveCabinSql } from "./cabins.ts";
import { reservationRecord } from "./projection.ts";

/** Who asks: the caller's session, the clock and the hold policy. */
export interface Caller {
  readonly session: Session;
  readonly now: Date;
  readonly policy: HoldPolicy;
}

export const commandOptions = (caller: Pick<Caller, "session" | "now">): CommandOptions => ({ actorId: caller.session.userId, occurredAt: caller.now });

/** An agency user's own agency; null for staff, who see every reservation. */
export const ownAgency = (session: Session): number | null => (session.role === "agency" ? (session.agencyId ?? -1) : null);

export const DepartureRow = Schema.Struct({
  id: Schema.Int,
  code: Schema.String,
  yacht_id: Schema.Int,
  start_date: Schema.String,
  status: Schema.String,
  days: Schema.Int,
});
export type DepartureRow = typeof DepartureRow.Type;

/** Locks a departure's row until the transaction ends: its spaces change one command at a time. */
const lockDeparture = (tx: Queryable, cruiseId: number): Promise<DepartureRow | null> =>
  queryOne(
    tx,
    DepartureRow,
    `select c.id, c.code, c.yacht_id, to_char(c.start_date, 'YYYY-MM-DD') as start_date, c.status,
            coalesce((i.details->>'days')::int, 0) as days
       from cruises c join cruise_itineraries i on i.id = c.cruise_itinerary_id where c.id = $1 for update of c`,
    [cruiseId],
  );

const CabinRow = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  deck_id: Schema.NullOr(Schema.Int),
  deck_name: Schema.NullOr(Schema.String),
  category: Schema.String,
  family_room: Schema.Boolean,
  capacity: Schema.Int,
});
export type CabinRow = typeof CabinRow.Type;

/** A yacht's live cabins with their berths' capacity, by deck and number (remembered until a catalogue changes). */
export const cabinsOf = (db: Queryable, yachtId: number): Promise<ReadonlyArray<CabinRow>> =>
  rememberCatalogueRead(
    db,
    `departure cabins ${yachtId}`,
    () =>
      queryRows(
        db,
        CabinRow,
        `select c.id, c.name, (c.details->>'deck')::int as deck_id, d.name as deck_name, coalesce(c.details->>'category', '') as category,
                coalesce((c.details->>'familyRoom')::boolean, false) as family_room,
                ${cabinCapacitySql} as capacity
           from cabins c left join decks d on d.id = (c.details->>'deck')::int
          where (c.details->>'yacht')::int = $1 and ${liveCabinSql}
          order by coalesce((d.details->>'order')::int, 99), length(c.name), c.name, c.id`,
        [yachtId],
      ),
  );

const LiveRow = Schema.Struct({
  id: Schema.Int,
  reservation_id: Schema.Int,
  cabin_id: Schema.Int,
  gender_id: Schema.Int,
  status: Schema.Literals(["reserved", "confirmed", "waiting"]),
  charter: Schema.Boolean,
  code: Schema.String,
  agency_id: Schema.NullOr(Schema.Int),
});
type LiveRow = typeof LiveRow.Type;

/** A departure's live spaces, oldest first. */
const liveSpacesOf = (db: Queryable, cruiseId: number): Promise<ReadonlyArray<LiveRow>> =>
  queryRows(
    db,
    LiveRow,
    `select s.id, s.reservation_id, s.cabin_id, s.gender_id, s.status, s.charter, r.code, r.agency_id
       from spaces s join reservations r on r.id = s.reservation_id
      where s.cruise_id = $1 and s.status in ('reserved', 'confirmed', 'waiting') order by s.id`,
    [cruiseId],
  );

export const toLive = (row: Pick<LiveRow, "reservation_id" | "cabin_id" | "gender_id" | "status" | "charter">): LiveSpace => ({
  reservationId: row.reservation_id,
  cabinId: row.cabin_id,
  genderId: row.gender_id,
  state: row.status,
  charter: row.charter,
});

export const toBerthCabin = (cabin: CabinRow): BerthCabin => ({ id: cabin.id, capacity: cabin.capacity, familyRoom: cabin.family_room });

const GenderRow = Schema.Struct({ id: Schema.Int, child: Schema.Boolean });

/** The live space types, which of them are a child's, and the adults' in id order. */
export interface SpaceTypes {
  readonly live: ReadonlySet<number>;
  readonly children: ReadonlySet<number>;
  readonly adults: ReadonlyArray<number>;
}

/** The live space types, and which of them are a child's. */
export const spaceTypes = async (db: Queryable): Promise<SpaceTypes> => {
  const rows = await rememberCatalogueRead(db, "live space types", () =>
    queryRows(db, GenderRow, "select id, coalesce((details->>'child')::boolean, false) as child from genders where status <> 'deleted' and active order by id"),
  );
  return {
    live: new Set(rows.map(({ id }) => id)),
    children: new Set(rows.filter(({ child }) => child).map(({ id }) => id)),
    adults: rows.filter(({ child }) => !child).map(({ id }) => id),
  };
};

const isLiveAgency = async (db: Queryable, agencyId: number): Promise<boolean> =>
  rememberCatalogueRead(
    db,
    `live agency ${agencyId}`,
    async () => (await queryCount(db, "select count(*)::int as count from agencies where id = $1 and status <> 'deleted' and active", [agencyId])) > 0,
  );

/** The departure as the reservation machine reads it: its first day and whether it is still scheduled. */
const departureFacts = (departure: DepartureRow) => ({ startDate: departure.start_date, scheduled: departure.status === "scheduled" });

/** The kinds of rate of an agency's own (contract, Ikarus) among the rates loaded for a departure. */
const agencyRateKinds = (facts: PricingFacts | null, agencyId: number | null) =>
  agencyId === null || facts === null ? [] : facts.rates.filter((rate) => rate.agency === agencyId).map((rate) => rate.kind);

/** A reservation's bookings as ownSpaces reads them: by cabin, each space's id, type, state and passenger. */
export interface Bookings {
  readonly bookings: ReadonlyArray<{
    readonly cabinId: number;
    readonly spaces: ReadonlyArray<Pick<StoredReservation["bookings"][number]["spaces"][number], "id" | "genderId" | "state" | "passengerId">>;
  }>;
}

/** A reservation's own live spaces. */
export const ownSpaces = (reservation: Bookings): ReadonlyArray<OwnSpace> =>
  reservation.bookings.flatMap(({ cabinId, spaces }) =>
    spaces.filter((space) => space.state !== "canceled").map((space) => ({ id: space.id, cabinId, genderId: space.genderId, passengerId: space.passengerId })),
  );

/** Whether a draft's cabins and spaces name live items of the departure's yacht, each cabin once. */
export const draftProblem = async (db: Queryable, draft: ReservationDraft, cabins: ReadonlyArray<CabinRow>, types: SpaceTypes): Promise<FieldProblem | null> => {
  if (missingSpaces(draft.cabins, draft.type === "charter")) return "required";
  const chosen = draft.cabins.map(({ cabinId }) => cabinId);
  const known = new Set(cabins.map(({ id }) => id));
  const wellFormed =
    new Set(chosen).size === chosen.length &&
    chosen.every((id) => known.has(id)) &&
    draft.cabins.every(({ spaces }) => spaces.every(({ genderId }) => types.live.has(genderId))) &&
    (draft.agencyId === null || (await isLiveAgency(db, draft.agencyId)));
  return wellFormed ? null : "invalid";
};

const ReservationRow = Schema.Struct({
  id: ReservationId,
  code: Schema.String,
  cruise_id: CruiseId,
  cruise_code: Schema.String,
  yacht_name: Schema.String,
  start_date: Schema.String,
  agency_id: Schema.NullOr(Schema.Int),
  agency_name: Schema.NullOr(Schema.String),
  type: Schema.Literals(["general", "contract", "charter", "familyRoom", "ikarus"]),
  executive_id: Schema.NullOr(Schema.Int),
  executive_name: Schema.NullOr(Schema.String),
  status: Schema.Literals(["reserved", "waiting", "confirmed", "canceled"]),
  time_limit: Schema.NullOr(Schema.Date),
  extensions: Schema.Int,
  spaces: Schema.Int,
  price: Schema.Struct({ total: Schema.Finite, commission: Schema.Finite, net: Schema.Finite }),
  flights_total: Schema.Finite,
  created_at: Schema.Date,
  version: Schema.Int,
  notes: Schema.String,
  cancel_reason: Schema.NullOr(Schema.String),
  lines: Schema.Array(QuoteLine),
});
type ReservationRow = typeof ReservationRow.Type;

/**
 * The flight legs a reservation pays: its passengers' legs on its departure, while the passenger
 * holds a live space of it (`reservation` names the reservation's id in the query).
 */
export const liveLegOf = (reservation: string): string =>
  `f.reservation_id = ${reservation} and exists (select 1 from spaces s where s.reservation_id = f.reservation_id
     and s.passenger_id = f.passenger_id and s.status <> 'canceled')`;

const FlightLineRow = Schema.Struct({ line: Schema.NullOr(QuoteLine) });

const selectReservations = `select r.id, r.code, r.cruise_id, c.code as cruise_code, y.name as yacht_name,
    to_char(c.start_date, 'YYYY-MM-DD') as start_date, r.agency_id, a.name as agency_name, r.type, r.executive_id,
    u.first_name || ' ' || u.last_name as executive_name, r.status, r.time_limit, r.extensions,
    (select count(*)::int from spaces s where s.reservation_id = r.id and s.status <> 'canceled') as spaces,
    r.price, (select coalesce(sum((f.line->>'total')::numeric), 0)::float8 from passenger_flights f where ${liveLegOf("r.id")}) as flights_total,
    r.created_at, r.version, r.notes, r.cancel_reason, r.lines
  from reservations r join cruises c on c.id = r.cruise_id join yachts y on y.id = c.yacht_id
  left join agencies a on a.id = r.agency_id left join users u on u.id = r.executive_id`;

/** An amount rounded to the cent, as sums of dollars in floating point need. */
const cents = (amount: number): number => Math.round(amount * 100) / 100;

/** A reservation's price as its readers see it: the passengers' air tickets earn no commission, the operator nets them whole. */
export const priceWithFlights = (price: ReservationRow["price"], flightsTotal: number): ReservationSummary["price"] => ({
  total: cents(price.total + flightsTotal),
  commission: price.commission,
  net: cents(price.net + flightsTotal),
});

const toSummary = (row: ReservationRow): ReservationSummary => ({
  id: row.id,
  code: row.code,
  cruiseId: row.cruise_id,
  cruiseCode: row.cruise_code,
  yachtName: row.yacht_name,
  startDate: row.start_date,
  agencyId: row.agency_id,
  agencyName: row.agency_name,
  type: row.type,
  executive: row.executive_id === null ? null : { id: row.executive_id, name: row.executive_name ?? "" },
  state: row.status,
  timeLimit: row.time_limit?.toISOString() ?? null,
  extensions: row.extensions,
  spaces: row.spaces,
  price: priceWithFlights(row.price, row.flights_total),
  createdAt: row.created_at.toISOString(),
  version: row.version,
});

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

/** One reservation the caller may see (an agency user: its own agency's), or null. */
/** A reservation as the commands read it: what the panel reads, without what depends on the reader and the clock. */
export type StoredReservation = Omit<Reservation, "latestTimeLimit" | "extensionsLeft">;

export const findReservation = async (db: Queryable, id: ReservationId, session: Session): Promise<StoredReservation | null> => {
  const row = await queryOne(db, ReservationRow, `${selectReservations} where r.id = $1 and r.status <> 'deleted'`, [id]);
  const agency = ownAgency(session);
  if (row === null || (agency !== null && row.agency_id !== agency)) return null;
  const spaces = await queryRows(
    db,
    SpaceRow,
    `select s.id, s.cabin_id, c.name as cabin_name, s.gender_id, g.name as gender_name, s.status, s.passenger_id,
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
  const lines = [...row.lines, ...flights.flatMap(({ line }) => (line === null ? [] : [line]))];
  return { ...toSummary(row), notes: row.notes, cancelReason: row.cancel_reason, bookings, lines };
};

export interface ReservationPage {
  readonly reservations: ReservationSummary[];
  readonly meta: ListMeta;
}

/** A page of the reservations the caller may see, newest first, narrowed by the query. */
export const listReservations = async (db: Queryable, query: ReservationsQuery, session: Session, now: Date): Promise<ReservationPage> => {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_RESERVATIONS_PAGE_SIZE;
  const conditions = ["r.status <> 'deleted'"];
  const { params, param } = statementParams();
  const agency = ownAgency(session) ?? query.agencyId;
  if (agency !== undefined) conditions.push(`r.agency_id = ${param(agency)}`);
  if (query.cruiseId !== undefined) conditions.push(`r.cruise_id = ${param(query.cruiseId)}`);
  if (query.state !== undefined) conditions.push(`r.status = ${param(query.state)}`);
  if (query.expiringWithin !== undefined) {
    conditions.push(`r.status = 'reserved' and r.time_limit <= ${param(new Date(now.getTime() + query.expiringWithin * 3_600_000))}`);
  }
  const words = (query.q ?? "").trim().toLowerCase().split(/\s+/).filter((word) => word !== "");
  for (const word of words) {
    const pattern = param(`%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    conditions.push(`(lower(r.code) like ${pattern} or lower(coalesce(a.name, '')) like ${pattern} or lower(c.code) like ${pattern})`);
  }
  const where = `where ${conditions.join(" and ")}`;
  const filtered = params.length;
  const rows = await queryRows(
    db,
    ReservationRow,
    `${selectReservations} ${where} order by r.created_at desc, r.id desc limit ${param(pageSize)} offset ${param((page - 1) * pageSize)}`,
    params,
  );
  const total = await queryCount(
    db,
    `select count(*)::int as count from reservations r join cruises c on c.id = r.cruise_id left join agencies a on a.id = r.agency_id ${where}`,
    params.slice(0, filtered),
  );
  return { reservations: rows.map(toSummary), meta: { total, page, pageSize } };
};

/**
 * A reservation as its reader sees it now: while held, the latest time limit the policy allows
 * (what the extend dialog proposes) and, for an agency user, the extensions it has left.
 */
export const readReservation = async (db: Queryable, id: ReservationId, caller: Caller): Promise<Reservation | null> => {
  const found = await findReservation(db, id, caller.session);
  if (found === null) return null;
  const held = found.state === "reserved";
  const latest = held ? new Date(latestTimeLimit(caller.now.getTime(), departureMoment(found.startDate), caller.policy)).toISOString() : null;
  const extensionsLeft = caller.session.role === "agency" ? Math.max(0, caller.policy.maxExtensions - (await agencyExtensionsOf(db, id))) : null;
  return { ...found, latestTimeLimit: latest, extensionsLeft };
};

/** The time limit a hold gets when none is asked: the latest the policy allows. */
const defaultTimeLimit = (departure: DepartureRow, caller: Pick<Caller, "now" | "policy">): Date =>
  new Date(latestTimeLimit(caller.now.getTime(), departureMoment(departure.start_date), caller.policy));

/** The spaces a draft's cabins ask for, each with the id it will be stored under (one statement for them all). */
const numberedSpaces = async (
  tx: Queryable,
  cabins: ReadonlyArray<{ readonly cabinId: number; readonly spaces: ReadonlyArray<{ readonly genderId: number }> }>,
): Promise<Array<{ readonly id: number; readonly cabinId: number; readonly genderId: number }>> => {
  const asked = cabins.flatMap(({ cabinId, spaces }) => spaces.map(({ genderId }) => ({ cabinId, genderId })));
  const ids = await nextIds(tx, "spaces", asked.length);
  return asked.flatMap((space, index) => {
    const id = ids[index];
    return id === undefined ? [] : [{ id, ...space }];
  });
};

/** Decides one reservation event, refusing with the machine's message; the facts default to none wrong. */
export const decideReservation = (
  tx: Queryable,
  id: number,
  event: ReservationEvent,
  options: CommandOptions,
  facts: Partial<ReservationFacts> = {},
) => decide(tx, reservationRecord, String(id), event, options, { ...noReservationFacts, ...facts });

/** A charter asked without cabins takes every berth of every cabin, as adults of the first adult type. */
export const withCharterCabins = (draft: ReservationDraft, cabins: ReadonlyArray<CabinRow>, types: SpaceTypes): ReservationDraft => {
  const adult = types.adults[0];
  if (draft.type !== "charter" || draft.cabins.length > 0 || adult === undefined) return draft;
  return { ...draft, cabins: cabins.map((cabin) => ({ cabinId: cabin.id, spaces: Array.from({ length: cabin.capacity }, () => ({ genderId: adult })) })) };
};

/** What a new reservation is decided with, loaded under its departure's lock. */
export interface OpeningFacts {
  /** The draft, a charter's cabins filled in (withCharterCabins). */
  readonly draft: ReservationDraft;
  readonly departure: DepartureRow;
  readonly cabins: ReadonlyArray<CabinRow>;
  readonly types: SpaceTypes;
  readonly fieldProblem: FieldProblem | null;
  /** The departure's live spaces, oldest first. */
  readonly live: ReadonlyArray<LiveSpace>;
  /** The pricing facts (pricingFacts), none when the draft has a field problem. */
  readonly loaded: { readonly problem: FieldProblem } | { readonly facts: PricingFacts } | null;
  /** The reservation's id and its spaces', numbered in the draft's order. */
  readonly id: number;
  readonly spaces: ReadonlyArray<{ readonly id: number; readonly cabinId: number; readonly genderId: number }>;
}

/**
 * A new reservation's event and the facts its machine judges it with: its hold, priced, or, asked
 * to wait, its place on the waiting list when the machine finds the departure or a cabin full (the
 * hold is judged first; a waiting space claims no berth, so the wait is judged on the yacht's
 * berths alone).
 */
export const openingOf = (loaded: OpeningFacts, caller: Pick<Caller, "session" | "now" | "policy">) => {
  const { draft, departure, cabins, types, fieldProblem, live, id, spaces } = loaded;
  const charter = draft.type === "charter";
  const facts = loaded.loaded !== null && "facts" in loaded.loaded ? loaded.loaded.facts : null;
  const pricing =
    facts === null ? null : priceDraft({ ...draft, agencyId: draft.agencyId ?? 0, yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, charter }, facts);
  const asked = draft.timeLimit === undefined || draft.timeLimit === null ? defaultTimeLimit(departure, caller) : new Date(draft.timeLimit);
  const quote = pricing?.kind === "priced" ? pricing.quote : null;
  const opening = {
    code: `RES-${String(id).padStart(6, "0")}`,
    cruiseId: departure.id,
    agencyId: draft.agencyId,
    reservationType: draft.type,
    executiveId: caller.session.userId,
    timeLimit: asked.toISOString(),
    notes: (draft.notes ?? "").trim(),
    price: { total: quote?.total ?? 0, commission: quote?.commission ?? 0, net: quote?.net ?? 0 },
    lines: linesWithSpaces(quote?.lines ?? [], spaces),
    spaces: [...spaces],
  };
  const judged = {
    fieldProblem,
    clock: caller.now.getTime(),
    policy: caller.policy,
    departure: departureFacts(departure),
    cabins: cabins.map(toBerthCabin),
    live,
    childTypes: [...types.children],
    request: { reservationId: null, charter, cabins: draft.cabins } satisfies BerthRequest,
    agencyRateKinds: agencyRateKinds(facts, draft.agencyId),
    pricing: fieldProblem === null ? (pricing?.kind ?? "rateMissing") : "priced",
  } satisfies Partial<ReservationFacts>;
  const hold = { type: "reservation.hold", ...opening } as const;
  const verdict = draft.waitlist === true ? judge(reservationMachine, null, hold, { ...noReservationFacts, ...judged }) : null;
  const full = verdict?.kind === "refused" && (verdict.refusal.guard === "isCruiseFull" || verdict.refusal.guard === "isCabinUnavailable");
  return full
    ? { event: { ...hold, type: "reservation.waitlist", timeLimit: null } as const, facts: { ...judged, live: [] } }
    : { event: hold, facts: judged };
};

/**
 * Holds berths on a departure, or puts them on its waiting list when the caller asked to wait and
 * the departure or a cabin is full. An agency user sells for its own agency only (403 otherwise).
 */
export const createReservation = async (tx: Queryable, wanted: ReservationDraft, caller: Caller): Promise<ReservationSummary> => {
  const agency = ownAgency(caller.session);
  if (agency !== null && wanted.agencyId !== agency) throw new ApiError(403, messages.forbidden);
  const departure = await lockDeparture(tx, wanted.cruiseId);
  if (departure === null) throw new ApiError(400, messages.invalidInput);
  const cabins = await cabinsOf(tx, departure.yacht_id);
  const types = await spaceTypes(tx);
  const draft = withCharterCabins(wanted, cabins, types);
  const fieldProblem = await draftProblem(tx, draft, cabins, types);
  const live = (await liveSpacesOf(tx, departure.id)).map(toLive);
  const loaded =
    fieldProblem === null
      ? await pricingFacts(tx, {
          yachtId: departure.yacht_id,
          days: departure.days,
          startDate: departure.start_date,
          agencyId: draft.agencyId,
          charter: draft.type === "charter",
          cabins: draft.cabins,
        })
      : null;
  const id = await nextId(tx, reservationRecord.table);
  const spaces = await numberedSpaces(tx, draft.cabins);
  const { event, facts } = openingOf({ draft, departure, cabins, types, fieldProblem, live, loaded, id, spaces }, caller);
  await decideReservation(tx, id, event, commandOptions(caller), facts);
  // the answer is the summary: one statement, not the bookings and lines a page reads
  const created = await queryOne(tx, ReservationRow, `${selectReservations} where r.id = $1`, [id]);
  if (created === null) throw new Error(`reservation ${id} was not projected`);
  return toSummary(created);
};

/** The reservation of a command as its caller may see it (an agency user: its own agency's), locked with its departure; 404 otherwise. */
export const lockReservation = async (tx: Queryable, id: number, session: Session) => {
  const found = await findReservation(tx, ReservationId.make(id), session);
  if (found === null) throw new ApiError(404, messages.notFound);
  const departure = await lockDeparture(tx, found.cruiseId);
  if (departure === null) throw new Error(`reservation ${id} has no departure`);
  return { reservation: found, departure };
};

/** The reservation's time limit as an instant, null while it has none. */
const timeLimitOf = (reservation: Pick<StoredReservation, "timeLimit">): number | null => (reservation.timeLimit === null ? null : Date.parse(reservation.timeLimit));

/**
 * The balances of an agency's other live (held or confirmed) reservations, in cents, as the
 * account works them out (due less paid): its open balance, what its credit already covers.
 */
const otherBalancesCents = async (tx: Queryable, agencyId: number, id: number): Promise<ReadonlyArray<number>> => {
  const rows = (await queryRows(tx, ReservationRow, `${selectReservations} where r.agency_id = $1 and r.status in ('reserved', 'confirmed') and r.id <> $2`, [agencyId, id])).map(
    toSummary,
  );
  const payments = await paymentsOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => dueCentsOf(row) - paidCents(payments.get(row.id) ?? []));
};

/** What confirming a reservation reads of its money, loaded under its lock (decision 065). */
export interface ConfirmationFacts {
  readonly policy: MoneyPolicyView;
  readonly payments: ReadonlyArray<CountedPayment>;
  /** The agency's credit limit in cents; null for a direct client. */
  readonly creditCents: number | null;
  /** The balances of the agency's other live reservations, in cents (none for a direct client). */
  readonly otherBalancesCents: ReadonlyArray<number>;
}

/**
 * A confirmation as the machine judges it (decision 065): the event, storing the terms in force
 * today and a reason when one is given, and the raw facts (its due and payments, the policy, the
 * agency's credit and other balances, who asks).
 */
export const confirmationOf = (
  reservation: Pick<StoredReservation, "agencyId" | "price" | "type" | "startDate" | "timeLimit">,
  loaded: ConfirmationFacts,
  caller: Pick<Caller, "session" | "now">,
  reason: string | undefined,
) => {
  const clock = caller.now.getTime();
  const given = reason?.trim() ?? "";
  const money: ConfirmFacts = {
    dueCents: dueCentsOf(reservation),
    payments: loaded.payments,
    policy: loaded.policy,
    type: reservation.type,
    startDate: reservation.startDate,
    creditCents: loaded.creditCents,
    otherBalancesCents: loaded.otherBalancesCents,
    role: caller.session.role,
  };
  const event = {
    type: "reservation.confirm",
    terms: { ...policyTerms(loaded.policy), confirmedOn: ecuadorDay(clock) },
    ...(given === "" ? {} : { reason: given }),
  } as const;
  const facts = { clock, currentTimeLimit: timeLimitOf(reservation), fieldProblem: given === "" ? null : reasonProblem(given), money } satisfies Partial<ReservationFacts>;
  return { event, facts };
};

/** A confirmation's event and facts, its money loaded under the reservation's lock. */
const confirmation = async (tx: Queryable, id: ReservationId, caller: Caller, reason: string | undefined) => {
  const { reservation } = await lockReservation(tx, id, caller.session);
  const agencyId = reservation.agencyId;
  const loaded: ConfirmationFacts = {
    policy: await readMoneyPolicy(tx),
    payments: await countedPayments(tx, id),
    creditCents: agencyId === null ? null : await agencyCreditCents(tx, agencyId),
    otherBalancesCents: agencyId === null ? [] : await otherBalancesCents(tx, agencyId, id),
  };
  return { reservation, ...confirmationOf(reservation, loaded, caller, reason) };
};

/** Sells a held reservation once paid for: its deposit, its agency's credit or an admin's reason. */
export const confirmReservation = async (tx: Queryable, id: ReservationId, caller: Caller, reason?: string): Promise<void> => {
  const { event, facts } = await confirmation(tx, id, caller, reason);
  await decideReservation(tx, id, event, commandOptions(caller), facts);
};

/** Whether the machine would confirm a held reservation now, as it stands (the demo's sales on credit ask before). */
export const isConfirmable = async (tx: Queryable, id: ReservationId, caller: Caller): Promise<boolean> => {
  const { reservation, event, facts } = await confirmation(tx, id, caller, undefined);
  return judge(reservationMachine, reservation.state, event, { ...noReservationFacts, ...facts }).kind === "accepted";
};

/** How often agency users have extended a reservation's time limit: staff extensions are not counted (DOMAIN.md section 5). */
export const agencyExtensionsOf = (db: Queryable, id: number): Promise<number> =>
  queryCount(
    db,
    `select count(*)::int as count from events e join users u on u.id = e.actor_id
      where e.stream = 'reservation' and e.stream_id = $1 and e.type = 'reservation.extend' and u.role_id = $2`,
    [String(id), roleIds.agency],
  );

export const extendTimeLimit = async (tx: Queryable, id: ReservationId, timeLimit: string, caller: Caller): Promise<void> => {
  const { reservation, departure } = await lockReservation(tx, id, caller.session);
  const asked = Date.parse(timeLimit);
  await decideReservation(tx, id, { type: "reservation.extend", timeLimit: Number.isNaN(asked) ? timeLimit : new Date(asked).toISOString() }, commandOptions(caller), {
    clock: caller.now.getTime(),
    policy: caller.policy,
    departure: departureFacts(departure),
    currentTimeLimit: timeLimitOf(reservation),
    caller: caller.session.role === "agency" ? "agency" : "staff",
    agencyExtensions: await agencyExtensionsOf(tx, id),
  });
};

export const cancelReservation = async (tx: Queryable, id: ReservationId, reason: string, caller: Caller): Promise<void> => {
  const { departure } = await lockReservation(tx, id, caller.session);
  await decideReservation(tx, id, { type: "reservation.cancel", reason: reason.trim() }, commandOptions(caller), { fieldProblem: reasonProblem(reason) });
  await promoteWaiting(tx, departure, caller);
};

/**
 * Changes a live reservation's notes and bookings (DOMAIN.md section 5: update), under its
 * departure's lock: the spaces added are judged by the hold's berth rules (a waiting reservation's
 * wait with it) and priced, their lines added to the reservation's.
 */
export const updateReservation = async (tx: Queryable, id: ReservationId, change: ReservationChange, version: number, caller: Caller): Promise<void> => {
  const { reservation, departure } = await lockReservation(tx, id, caller.session);
  await expectVersion(tx, reservationRecord, String(id), version, reservation.version);
  const cabins = await cabinsOf(tx, departure.yacht_id);
  const draft: ReservationDraft = { cruiseId: departure.id, agencyId: null, type: reservation.type, cabins: change.cabins };
  const types = await spaceTypes(tx);
  const fieldProblem = await draftProblem(tx, draft, cabins, types);
  const spaces = ownSpaces(reservation);
  const { added } = bookingChanges(spaces, change.cabins);
  const wanted = new Set(change.cabins.map(({ cabinId }) => cabinId));
  const removedCabins = reservation.bookings.map(({ cabinId }) => cabinId).filter((cabinId) => !wanted.has(cabinId));
  const { children } = types;
  const live = (await liveSpacesOf(tx, departure.id)).map(toLive);
  const charter = reservation.type === "charter";
  // a waiting reservation's added spaces wait with it: no berth is asked of the departure
  const request: BerthRequest | null = added.length === 0 || reservation.state === "waiting" ? null : { reservationId: reservation.id, charter: false, cabins: added };
  const loaded =
    fieldProblem === null && added.length > 0
      ? await pricingFacts(tx, { yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, agencyId: reservation.agencyId, charter, cabins: added })
      : null;
  const pricing =
    loaded !== null && "facts" in loaded
      ? priceDraft({ agencyId: reservation.agencyId ?? 0, yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date, charter, cabins: added }, loaded.facts)
      : null;
  const quote = pricing?.kind === "priced" ? pricing.quote : null;
  const addedSpaces = await numberedSpaces(tx, added);
  const current = await queryOne(tx, Schema.Struct({ price: ReservationRow.fields.price, lines: ReservationRow.fields.lines }), "select price, lines from reservations where id = $1", [id]);
  const price = current?.price ?? { total: 0, commission: 0, net: 0 };
  const event = {
    type: "reservation.update",
    notes: change.notes.trim(),
    added: addedSpaces,
    removedCabins,
    price: {
      total: cents(price.total + (quote?.total ?? 0)),
      commission: cents(price.commission + (quote?.commission ?? 0)),
      net: cents(price.net + (quote?.net ?? 0)),
    },
    lines: [...(current?.lines ?? []), ...linesWithSpaces(quote?.lines ?? [], addedSpaces)],
  } as const;
  await decideReservation(tx, id, event, commandOptions(caller), {
    fieldProblem,
    clock: caller.now.getTime(),
    departure: departureFacts(departure),
    cabins: cabins.map(toBerthCabin),
    live,
    childTypes: [...children],
    request,
    spaces,
    wanted: change.cabins,
    pricing: added.length === 0 ? "priced" : fieldProblem === null ? (pricing?.kind ?? "rateMissing") : "priced",
  });
};

export const deleteReservation = async (tx: Queryable, id: ReservationId, caller: Caller): Promise<void> => {
  const { reservation } = await lockReservation(tx, id, caller.session);
  await decideReservation(tx, id, { type: "reservation.delete" }, commandOptions(caller), { spaces: ownSpaces(reservation) });
};

/**
 * Judges one space's event with the space machine, in the space's state, refusing with its
 * message (an event its state does not take: 409); its reservation's event is decided after.
 */
export const judgeSpace = (state: string, event: SpaceEvent, facts: SpaceFacts): void => {
  const verdict = judge(spaceMachine, state, event, facts);
  if (verdict.kind === "refused") throw new ApiError(verdict.refusal.status, verdict.refusal.message);
  if (verdict.kind === "notAllowed") throw new ApiError(409, messages.notAllowedNow);
};

const OneSpaceRow = Schema.Struct({ reservation_id: Schema.Int, status: Schema.String });

/**
 * Cancels one space for a reason: the space machine judges the space (a canceled one is not
 * canceled again), the reservation machine the reservation, which ends with its last live space.
 */
export const cancelSpace = async (tx: Queryable, spaceId: SpaceId, reason: string, caller: Caller): Promise<void> => {
  const space = await queryOne(tx, OneSpaceRow, "select reservation_id, status from spaces where id = $1", [spaceId]);
  if (space === null) throw new ApiError(404, messages.notFound);
  const { reservation, departure } = await lockReservation(tx, space.reservation_id, caller.session);
  const fieldProblem = reasonProblem(reason);
  judgeSpace(space.status, { type: "space.cancel", reason }, { fieldProblem });
  const last = reservation.spaces <= 1;
  const { children } = await spaceTypes(tx);
  await decideReservation(tx, reservation.id, { type: "space.cancel", spaceId, reason: reason.trim(), last }, commandOptions(caller), {
    fieldProblem,
    spaces: ownSpaces(reservation),
    childTypes: [...children],
  });
  await promoteWaiting(tx, departure, caller);
};

/** Cancels every live reservation of a departure for its cancellation's reason; the caller holds the departure's lock. */
export const cancelLiveReservations = async (tx: Queryable, cruiseId: number, reason: string, options: CommandOptions): Promise<void> => {
  const live = await queryRows(
    tx,
    Schema.Struct({ id: Schema.Int }),
    "select id from reservations where cruise_id = $1 and status in ('reserved', 'waiting', 'confirmed') order by id",
    [cruiseId],
  );
  for (const { id } of live) await decideReservation(tx, id, { type: "reservation.cancel", reason }, options);
};

const WaitingRow = Schema.Struct({ reservation_id: Schema.Int, cabin_id: Schema.Int, gender_id: Schema.Int, charter: Schema.Boolean });

/** A waiting space of a departure, as promoting reads it. */
export type WaitingSpace = typeof WaitingRow.Type;

/**
 * A waiting reservation's promotion with the departure's live spaces as they stand (its own
 * waiting spaces asked again, with a fresh time limit), or null while its berths do not fit.
 */
export const promotionOf = (
  reservationId: number,
  own: ReadonlyArray<WaitingSpace>,
  departure: DepartureRow,
  berths: { readonly cabins: ReadonlyArray<BerthCabin>; readonly children: ReadonlySet<number>; readonly live: ReadonlyArray<LiveSpace> },
  caller: Pick<Caller, "now" | "policy">,
) => {
  const request: BerthRequest = {
    reservationId,
    charter: own.some((space) => space.charter),
    cabins: [...new Set(own.map((space) => space.cabin_id))].map((cabinId) => ({
      cabinId,
      spaces: own.filter((space) => space.cabin_id === cabinId).map((space) => ({ genderId: space.gender_id })),
    })),
  };
  const event = { type: "reservation.promote", timeLimit: defaultTimeLimit(departure, caller).toISOString() } as const;
  const facts = {
    ...noReservationFacts,
    clock: caller.now.getTime(),
    departure: departureFacts(departure),
    cabins: berths.cabins,
    live: berths.live,
    childTypes: [...berths.children],
    request,
  };
  return judge(reservationMachine, "waiting", event, facts).kind === "accepted" ? { event, facts } : null;
};

/**
 * Promotes the departure's waiting list, first come first served: each waiting reservation whose
 * spaces now fit holds them, with a fresh time limit. Runs in the transaction that freed berths.
 */
export const promoteWaiting = async (tx: Queryable, departure: DepartureRow, caller: Pick<Caller, "now" | "policy">): Promise<number> => {
  const waiting = await queryRows(
    tx,
    WaitingRow,
    `select s.reservation_id, s.cabin_id, s.gender_id, s.charter from spaces s join reservations r on r.id = s.reservation_id
      where s.cruise_id = $1 and s.status = 'waiting' order by r.created_at, r.id, s.id`,
    [departure.id],
  );
  const cabins = (await cabinsOf(tx, departure.yacht_id)).map(toBerthCabin);
  const { children } = await spaceTypes(tx);
  let promoted = 0;
  for (const reservationId of [...new Set(waiting.map((space) => space.reservation_id))]) {
    const own = waiting.filter((space) => space.reservation_id === reservationId);
    const live = (await liveSpacesOf(tx, departure.id)).map(toLive);
    // berths that do not fit it yet: it keeps waiting, and the next in line is tried
    const promotion = promotionOf(reservationId, own, departure, { cabins, children, live }, caller);
    if (promotion === null) continue;
    await decideReservation(tx, reservationId, promotion.event, { actorId: null, occurredAt: caller.now }, promotion.facts);
    promoted += 1;
  }
  return promoted;
};

const DueRow = Schema.Struct({ id: Schema.Int, cruise_id: Schema.Int });

/**
 * Cancels the holds whose time limit has passed and promotes their departures' waiting lists,
 * each in its own transaction. Several servers may run this at once: a due reservation is taken
 * under its departure's lock and then its own with `skip locked`, and its machine accepts the
 * expiry only while it is held, so each expires exactly once. Answers how many expired.
 */
export const expireDue = async (
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  caller: Pick<Caller, "now" | "policy">,
): Promise<number> => {
  const due = await queryRows(
    db,
    DueRow,
    "select id, cruise_id from reservations where status = 'reserved' and time_limit <= $1 order by time_limit, id limit 100",
    [caller.now],
  );
  let expired = 0;
  for (const { id, cruise_id } of due) {
    expired += await db.transaction(async (tx) => {
      const departure = await lockDeparture(tx, cruise_id);
      const still = await queryOne(
        tx,
        DueRow,
        "select id, cruise_id from reservations where id = $1 and status = 'reserved' and time_limit <= $2 for update skip locked",
        [id, caller.now],
      );
      if (departure === null || still === null) return 0;
      const timeLimit = await queryOne(tx, Schema.Struct({ time_limit: Schema.NullOr(Schema.Date) }), "select time_limit from reservations where id = $1", [id]);
      await decideReservation(tx, id, { type: "reservation.expire" }, { actorId: null, occurredAt: caller.now }, {
        clock: caller.now.getTime(),
        currentTimeLimit: timeLimit?.time_limit?.getTime() ?? null,
      });
      await promoteWaiting(tx, departure, caller);
      return 1;
    });
  }
  return expired;
};

const ReminderRow = Schema.Struct({ id: Schema.Int, cruise_id: Schema.Int, code: Schema.String, email: Schema.NullOr(Schema.String), time_limit: Schema.Date });

/** A reminder to mail: the executive's address, the reservation's code and its time limit. */
export interface Reminder {
  readonly to: string;
  readonly code: string;
  readonly timeLimit: Date;
}

/**
 * Marks the holds whose time limit is within a day as reminded, once each, and answers the
 * reminders to mail once their transactions have committed (a mail sent inside one could not be
 * taken back if it rolled back). Each hold is marked in its own short transaction, as expiry does:
 * a hundred reminders in one would hold the embedded database (one statement at a time) for
 * everyone's requests meanwhile; `skip locked` leaves a hold another server is marking to it.
 */
export const remindDue = async (
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  now: Date,
): Promise<ReadonlyArray<Reminder>> => {
  const within = new Date(now.getTime() + 24 * 3_600_000);
  const due = await queryRows(
    db,
    DueRow,
    "select id, cruise_id from reservations where status = 'reserved' and not reminded and time_limit > $1 and time_limit <= $2 order by time_limit, id limit 100",
    [now, within],
  );
  const reminders: Reminder[] = [];
  for (const { id } of due) {
    const reminder = await db.transaction(async (tx) => {
      const row = await queryOne(
        tx,
        ReminderRow,
        `select r.id, r.cruise_id, r.code, u.email, r.time_limit from reservations r left join users u on u.id = r.executive_id
          where r.id = $1 and r.status = 'reserved' and not r.reminded and r.time_limit > $2 and r.time_limit <= $3
          for update of r skip locked`,
        [id, now, within],
      );
      if (row === null) return null;
      await decideReservation(tx, row.id, { type: "reservation.remind" }, { actorId: null, occurredAt: now });
      return row.email === null ? null : { to: row.email, code: row.code, timeLimit: row.time_limit };
    });
    if (reminder !== null) reminders.push(reminder);
  }
  return reminders;
};

/**
 * A departure's cabins with, per berth, the live space on it or null when free; held, confirmed
 * first, in the order they were made. Another agency's spaces show without their code. Each cabin's
 * position on its deck's plan is read with them: a yacht page saved shows on the next read.
 */
export const departureCabins = async (db: Queryable, cruiseId: CruiseId, session: Session): Promise<ReadonlyArray<CruiseCabin> | null> => {
  const departure = await queryOne(db, Schema.Struct({ yacht_id: Schema.Int }), "select yacht_id from cruises where id = $1", [cruiseId]);
  if (departure === null) return null;
  const [cabins, live, positions] = await Promise.all([cabinsOf(db, departure.yacht_id), liveSpacesOf(db, cruiseId), savedCabinPositions(db, departure.yacht_id)]);
  const agency = ownAgency(session);
  return cabins.map((cabin) => {
    const holding = live.filter((space) => space.cabin_id === cabin.id && space.status !== "waiting");
    return {
      id: cabin.id,
      name: cabin.name,
      deckId: cabin.deck_id,
      deckName: cabin.deck_name,
      category: cabin.category,
      familyRoom: cabin.family_room,
      capacity: cabin.capacity,
      berths: Array.from({ length: cabin.capacity }, (_, index) => {
        const space = holding[index];
        if (space === undefined) return null;
        return {
          spaceId: SpaceId.make(space.id),
          state: space.status,
          reservationCode: agency === null || space.agency_id === agency ? space.code : null,
          genderId: space.gender_id,
        };
      }),
      waiting: live.filter((space) => space.cabin_id === cabin.id && space.status === "waiting").length,
      position: positions.get(cabin.id) ?? null,
    };
  });
};
