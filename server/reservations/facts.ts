/**
 * The facts a reservation command loads before its machine decides (DOMAIN.md sections 5 and 9):
 * who asks, the departure (locked: its spaces change one command at a time), its yacht's cabins
 * and berths, its live spaces, the space types, the time limit policy's defaults. The commands
 * themselves are one file each in ./commands.
 */
import { Schema } from "effect";
import type { FieldProblem } from "../../src/api/fields.ts";
import { missingSpaces, type ReservationDraft } from "../../src/api/reservations.ts";
import type { BerthCabin, LiveSpace } from "../../src/machines/domain/berths.ts";
import { departureMoment } from "../../src/machines/domain/calendar.ts";
import type { PricingFacts } from "../../src/machines/domain/pricing.ts";
import type { OwnSpace } from "../../src/machines/domain/reservation.machine.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { type HoldPolicy, latestTimeLimit } from "../../src/machines/domain/timeLimit.ts";
import type { Session } from "../accounts/sessions.ts";
import { type ItemThen, itemsSource } from "../catalogues/asOf.ts";
import { rememberCatalogueRead } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { queryCount, queryOne, queryRows, queryRowsTogether } from "../db/rows.ts";
import type { CommandOptions } from "../events/command.ts";
import { cabinCapacitySql, liveCabinSql } from "./cabins.ts";
import type { StoredReservation } from "./reads.ts";

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

const lockDepartureSql = `select c.id, c.code, c.yacht_id, to_char(c.start_date, 'YYYY-MM-DD') as start_date, c.status,
         coalesce((i.details->>'days')::int, 0) as days
    from cruises c join cruise_itineraries i on i.id = c.cruise_itinerary_id where c.id = $1 for update of c`;

/** Locks a departure's row until the transaction ends: its spaces change one command at a time. */
export const lockDeparture = (tx: Queryable, cruiseId: number): Promise<DepartureRow | null> => queryOne(tx, DepartureRow, lockDepartureSql, [cruiseId]);

const CabinRow = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  deck_id: Schema.NullOr(Schema.Int),
  deck_name: Schema.NullOr(Schema.String),
  /** Its deck's English name, blank when not written (decision 080). */
  deck_english_name: Schema.NullOr(Schema.String),
  category: Schema.String,
  family_room: Schema.Boolean,
  capacity: Schema.Int,
});
/** A yacht's live cabin as the berth plan reads it. */
export type CabinRow = typeof CabinRow.Type;

/** A yacht's live cabins with their berths' capacity, by deck and number (remembered until a catalogue changes). */
/** The fleet's items at a past instant (catalogues/asOf.ts), read in place of today's tables. */
export interface FleetThen {
  readonly cabins: ReadonlyArray<ItemThen>;
  readonly decks: ReadonlyArray<ItemThen>;
}

/** A yacht's live cabins in deck order: today's, remembered until a catalogue changes, or those of `then`. */
export const cabinsOf = (db: Queryable, yachtId: number, then?: FleetThen): Promise<ReadonlyArray<CabinRow>> => {
  const read = (cabins: string, decks: string, params: ReadonlyArray<unknown>) =>
    queryRows(
      db,
      CabinRow,
      `select c.id, c.name, (c.details->>'deck')::int as deck_id, d.name as deck_name, d.details->>'englishName' as deck_english_name, coalesce(c.details->>'category', '') as category,
              coalesce((c.details->>'familyRoom')::boolean, false) as family_room,
              ${cabinCapacitySql} as capacity
         from ${cabins} left join ${decks} on d.id = (c.details->>'deck')::int
        where (c.details->>'yacht')::int = $1 and ${liveCabinSql}
        order by coalesce((d.details->>'order')::int, 99), length(c.name), c.name, c.id`,
      [yachtId, ...params],
    );
  return then === undefined
    ? rememberCatalogueRead(db, `departure cabins ${yachtId}`, () => read("cabins c", "decks d", []))
    : read(itemsSource(2, "c"), itemsSource(3, "d"), [JSON.stringify(then.cabins), JSON.stringify(then.decks)]);
};

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
/** A live space of a departure as the berth plan reads it. */
export type LiveRow = typeof LiveRow.Type;

const liveSpacesSql = `select s.id, s.reservation_id, s.cabin_id, s.gender_id, s.status, s.charter, r.code, r.agency_id
    from spaces s join reservations r on r.id = s.reservation_id
   where s.cruise_id = $1 and s.status in ('reserved', 'confirmed', 'waiting') order by s.id`;

/** A departure's live spaces, oldest first. */
export const liveSpacesOf = (db: Queryable, cruiseId: number): Promise<ReadonlyArray<LiveRow>> => queryRows(db, LiveRow, liveSpacesSql, [cruiseId]);

/**
 * Locks a departure (lockDeparture) and reads its live spaces once the lock is held, in one round
 * trip on PostgreSQL, with the transaction's begin when they are its first statements (decision
 * 130): null when there is no such departure.
 */
export const lockedDepartureWithSpaces = async (
  tx: Queryable,
  cruiseId: number,
): Promise<{ readonly departure: DepartureRow; readonly live: ReadonlyArray<LiveRow> } | null> => {
  const [departures, live] = await queryRowsTogether(tx, [
    { schema: DepartureRow, sql: lockDepartureSql, params: [cruiseId] },
    { schema: LiveRow, sql: liveSpacesSql, params: [cruiseId] },
  ] as const);
  const [departure] = departures;
  return departure === undefined ? null : { departure, live };
};

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
export const departureFacts = (departure: DepartureRow) => ({ startDate: departure.start_date, scheduled: departure.status === "scheduled" });

/** The kinds of rate of an agency's own (contract, Ikarus) among the rates loaded for a departure. */
export const agencyRateKinds = (facts: PricingFacts | null, agencyId: number | null) =>
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

/** A charter asked without cabins takes every berth of every cabin, as adults of the first adult type. */
export const withCharterCabins = (draft: ReservationDraft, cabins: ReadonlyArray<CabinRow>, types: SpaceTypes): ReservationDraft => {
  const adult = types.adults[0];
  if (draft.type !== "charter" || draft.cabins.length > 0 || adult === undefined) return draft;
  return { ...draft, cabins: cabins.map((cabin) => ({ cabinId: cabin.id, spaces: Array.from({ length: cabin.capacity }, () => ({ genderId: adult })) })) };
};

/** The time limit a hold gets when none is asked: the latest the policy allows. */
export const defaultTimeLimit = (departure: DepartureRow, caller: Pick<Caller, "now" | "policy">): Date =>
  new Date(latestTimeLimit(caller.now.getTime(), departureMoment(departure.start_date), caller.policy));

/** The reservation's time limit as an instant, null while it has none. */
export const timeLimitOf = (reservation: Pick<StoredReservation, "timeLimit">): number | null => (reservation.timeLimit === null ? null : Date.parse(reservation.timeLimit));

/** How often agency users have extended a reservation's time limit: staff extensions are not counted (DOMAIN.md section 5). */
export const agencyExtensionsOf = (db: Queryable, id: number): Promise<number> =>
  queryCount(
    db,
    `select count(*)::int as count from events e join users u on u.id = e.actor_id
      where e.stream = 'reservation' and e.stream_id = $1 and e.type = 'reservation.extend' and u.role_id = $2`,
    [String(id), roleIds.agency],
  );
