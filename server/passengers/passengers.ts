/**
 * Passengers' reads and commands (DOMAIN.md sections 7 and 9): registered and changed through the
 * passenger machine, given spaces through the space machine (under the departure's lock, like
 * every change to a departure's spaces), their flight legs booked through the passenger machine.
 * This file loads the facts; it never answers a rule's message itself.
 */
import { Schema } from "effect";
import { StoredLine } from "../reservations/price.ts";
import { dollarsOf } from "../../src/api/cents.ts";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { type DetailValues, detailValues } from "../../src/api/details.ts";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import { firstProblem } from "../../src/api/fields.ts";
import { CruiseId, PassengerFlightId, PassengerId, ReservationId, SpaceId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import {
  ageOn,
  CHILD_AGE,
  DEFAULT_PASSENGERS_PAGE_SIZE,
  identificationKey,
  legProblem,
  type Passenger,
  type PassengerCruise,
  type PassengerDraft,
  type PassengerFlightDraft,
  type PassengerRecord,
  type PassengersQuery,
  type PassengersSort,
  passengerDetails,
  passengerDraftProblems,
} from "../../src/api/passengers.ts";
import { type PassengerFacts, type PassengerFields, fliesHome, noPassengerFacts } from "../../src/machines/domain/passenger.machine.ts";
import { flightLines, type PricingRate } from "../../src/machines/domain/pricing.ts";
import type { SpaceFacts } from "../../src/machines/domain/space.machine.ts";
import { catalogues } from "../../src/records/index.ts";
import { flights } from "../../src/records/referenceData.ts";
import type { Session } from "../accounts/sessions.ts";
import { listItems, unselectedReferences } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { execute, nextId, queryCount, queryExists, queryOne, queryRows, statementParams } from "../db/rows.ts";
import { pageAsked, readPage, wordPatterns } from "../db/paging.ts";
import { type CommandOptions, decide, decideCreated, expectVersion } from "../events/command.ts";
import { airTicketFares } from "../rates/quote.ts";
import { decideReservation, judgeSpace, lockReservation } from "../reservations/decide.ts";
import { type Caller, commandOptions, ownAgency } from "../reservations/facts.ts";
import { passengerRecord } from "./projection.ts";
import type { ReaderLanguage } from "../http/caller.ts";
import { nameSql } from "../catalogues/names.ts";

/** Who asks, and when: passengers' commands need no hold policy. */
export type PassengerCaller = Pick<Caller, "session" | "now">;

const PassengerRow = Schema.Struct({
  id: PassengerId,
  agency_id: Schema.NullOr(Schema.Int),
  agency_name: Schema.NullOr(Schema.String),
  first_name: Schema.String,
  last_name: Schema.String,
  identification_type_id: Schema.Int,
  identification_type_name: Schema.String,
  identification: Schema.String,
  birthday: Schema.String,
  country_id: Schema.Int,
  country_name: Schema.String,
  country_english_name: Schema.String,
  gender: Schema.Literals(["male", "female"]),
  details: Schema.Record(Schema.String, Schema.Unknown),
  version: Schema.Int,
});
type PassengerRow = typeof PassengerRow.Type;

/** The passengers' columns, their identification documents named in the reader's language (decision 080). */
const selectPassengers = (language: ReaderLanguage) => `select p.id, p.agency_id, a.name as agency_name, p.first_name, p.last_name, p.identification_type_id,
    coalesce(${nameSql("t", language)}, '') as identification_type_name, p.identification, to_char(p.birthday, 'YYYY-MM-DD') as birthday, p.country_id,
    coalesce(c.name, '') as country_name, coalesce(c.details->>'englishName', c.name, '') as country_english_name, p.gender, p.details, p.version
  from passengers p left join identification_types t on t.id = p.identification_type_id left join countries c on c.id = p.country_id
  left join agencies a on a.id = p.agency_id`;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const choice = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

const toPassenger = (row: PassengerRow): Passenger => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  identificationTypeId: row.identification_type_id,
  identificationTypeName: row.identification_type_name,
  identification: row.identification,
  birthday: row.birthday,
  countryId: row.country_id,
  countryName: row.country_name,
  countryEnglishName: row.country_english_name,
  gender: row.gender,
  maritalStatus: choice(row.details.maritalStatus),
  email: text(row.details.email),
  agencyId: row.agency_id,
  agencyName: row.agency_name,
  vegetarian: row.details.vegetarian === true,
  glutenFree: row.details.glutenFree === true,
  wetsuitSize: choice(row.details.wetsuitSize),
  medical: text(row.details.medical),
  requirements: text(row.details.requirements),
  transfers: text(row.details.transfers),
  payments: text(row.details.payments),
  notes: text(row.details.notes),
  version: row.version,
});

/** A passenger the caller may see (an agency user: its own agency's), or null. */
export const visiblePassenger = async (db: Queryable, id: number, session: Session, language: ReaderLanguage = "es"): Promise<Passenger | null> => {
  const row = await queryOne(db, PassengerRow, `${selectPassengers(language)} where p.id = $1`, [id]);
  const agency = ownAgency(session);
  return row === null || (agency !== null && row.agency_id !== agency) ? null : toPassenger(row);
};

const TripRow = Schema.Struct({
  space_id: SpaceId,
  status: Schema.Literals(["reserved", "waiting", "confirmed", "canceled"]),
  reservation_id: ReservationId,
  reservation_code: Schema.String,
  cruise_id: CruiseId,
  cruise_code: Schema.String,
  yacht_name: Schema.String,
  start_date: Schema.String,
  end_date: Schema.String,
  cabin_name: Schema.String,
  gender_name: Schema.String,
});

const LegRow = Schema.Struct({
  id: PassengerFlightId,
  cruise_id: Schema.Int,
  direction: Schema.Literals(["outbound", "return"]),
  flight_id: Schema.Int,
  flight_name: Schema.String,
  date: Schema.String,
  time: Schema.String,
  line: Schema.NullOr(StoredLine),
});

/** The departures a passenger sails, newest first, each with its flight legs; an agency user sees its own reservations' only. */
const tripsOf = async (db: Queryable, passengerId: number, session: Session, language: ReaderLanguage): Promise<PassengerCruise[]> => {
  const agency = ownAgency(session);
  const [trips, legs] = await Promise.all([
    queryRows(
      db,
      TripRow,
      `select s.id as space_id, s.status, r.id as reservation_id, r.code as reservation_code, c.id as cruise_id, c.code as cruise_code,
              y.name as yacht_name, to_char(c.start_date, 'YYYY-MM-DD') as start_date, to_char(c.end_date, 'YYYY-MM-DD') as end_date,
              cb.name as cabin_name, ${nameSql("g", language)} as gender_name
         from spaces s join reservations r on r.id = s.reservation_id join cruises c on c.id = s.cruise_id join yachts y on y.id = c.yacht_id
         join cabins cb on cb.id = s.cabin_id join genders g on g.id = s.gender_id
        where s.passenger_id = $1 and r.status <> 'deleted' and ($2::int is null or r.agency_id = $2)
        order by c.start_date desc, s.id desc`,
      [passengerId, agency],
    ),
    queryRows(
      db,
      LegRow,
      `select f.id, f.cruise_id, f.direction, f.flight_id, fl.name || ' · ' || coalesce(fl.details->>'origin', '') || ' → ' || coalesce(fl.details->>'destination', '') as flight_name,
              to_char(f.date, 'YYYY-MM-DD') as date, f.time, f.line
         from passenger_flights f join flights fl on fl.id = f.flight_id where f.passenger_id = $1 order by f.date, f.time, f.id`,
      [passengerId],
    ),
  ]);
  return trips.map((trip) => ({
    spaceId: trip.space_id,
    spaceState: trip.status,
    reservationId: trip.reservation_id,
    reservationCode: trip.reservation_code,
    cruiseId: trip.cruise_id,
    cruiseCode: trip.cruise_code,
    yachtName: trip.yacht_name,
    startDate: trip.start_date,
    endDate: trip.end_date,
    cabinName: trip.cabin_name,
    genderName: trip.gender_name,
    flights: legs
      .filter((leg) => leg.cruise_id === trip.cruise_id && trip.status !== "canceled")
      .map((leg) => ({
        id: leg.id,
        direction: leg.direction,
        flightId: leg.flight_id,
        flightName: leg.flight_name,
        date: leg.date,
        time: leg.time,
        total: dollarsOf(leg.line?.totalCents ?? 0),
      })),
  }));
};

export const findPassenger = async (db: Queryable, id: PassengerId, session: Session, language: ReaderLanguage): Promise<PassengerRecord | null> => {
  const passenger = await visiblePassenger(db, id, session, language);
  return passenger === null ? null : { ...passenger, cruises: await tripsOf(db, id, session, language) };
};

export interface PassengerPage {
  readonly passengers: Passenger[];
  readonly meta: ListMeta;
}

/** Each order's column (a passenger without agency last either way); ties go by name. */
const passengerSortColumns: Readonly<Record<PassengersSort, string>> = {
  name: "lower(p.last_name) %, lower(p.first_name) %",
  identification: "lower(p.identification) %",
  nationality: "lower(c.name) %",
  birthday: "p.birthday %",
  agency: "lower(a.name) % nulls last",
};

const passengerOrder = (query: PassengersQuery): string => {
  const byName = "lower(p.last_name), lower(p.first_name), p.id";
  if (query.sort === undefined) return byName;
  return `${passengerSortColumns[query.sort].replaceAll("%", query.order === "desc" ? "desc" : "asc")}, ${byName}`;
};

/** A page of the passengers the caller may see, by last and first name or the asked order, narrowed by the query. */
export const listPassengers = async (db: Queryable, query: PassengersQuery, session: Session, language: ReaderLanguage): Promise<PassengerPage> => {
  const conditions = ["true"];
  const statement = statementParams();
  const { param } = statement;
  const agency = ownAgency(session) ?? query.agencyId;
  if (agency !== undefined) conditions.push(`p.agency_id = ${param(agency)}`);
  for (const word of wordPatterns(query.q)) {
    const pattern = param(word);
    conditions.push(
      `(lower(p.first_name) like ${pattern} or lower(p.last_name) like ${pattern} or lower(p.identification) like ${pattern}
        or lower(coalesce(p.details->>'email', '')) like ${pattern})`,
    );
  }
  const read = { select: selectPassengers(language), from: "passengers p", where: `where ${conditions.join(" and ")}`, order: passengerOrder(query) };
  const { rows, meta } = await readPage(db, PassengerRow, read, statement, pageAsked(query, DEFAULT_PASSENGERS_PAGE_SIZE));
  return { passengers: rows.map(toPassenger), meta };
};

/** The details a passenger keeps beside its columns. */
const keptDetails = ["maritalStatus", "email", "vegetarian", "glutenFree", "wetsuitSize", "medical", "requirements", "transfers", "payments", "notes"];

/** Whether another passenger than `self` has the identification. */
export type IdentificationTaken = (tx: Queryable, typeId: number, identification: string, self: number | null) => Promise<boolean>;

/** Whether another passenger has the identification; judged under a lock of it, so that two registrations of one person are judged in turn. */
const isIdentificationTaken: IdentificationTaken = async (tx, typeId, identification, self) => {
  await execute(tx, "select pg_advisory_xact_lock(hashtext($1))", [`passenger identification ${typeId} ${identification}`]);
  return queryExists(tx, "select 1 from passengers where identification_type_id = $1 and identification = $2 and ($3::int is null or id <> $3)", [
    typeId,
    identification,
    self,
  ]);
};

/**
 * What a draft decides with and the fields the event stores. An agency user's passenger is its
 * agency's, whatever the draft says. `taken` tells whether another passenger has the
 * identification (the demo's first start knows its own passengers).
 */
export const judgeDraft = async (
  tx: Queryable,
  draft: PassengerDraft,
  current: Passenger | null,
  caller: PassengerCaller,
  taken: IdentificationTaken = isIdentificationTaken,
): Promise<{ readonly facts: PassengerFacts; readonly fields: PassengerFields }> => {
  const agency = ownAgency(caller.session);
  const values: DetailValues = detailValues(passengerDetails, { ...draft, ...(agency === null ? {} : { agencyId: agency }) });
  const currentValues = current === null ? null : detailValues(passengerDetails, { ...current });
  const problems = {
    ...(await unselectedReferences(tx, catalogues, passengerDetails, values, currentValues)),
    ...passengerDraftProblems(values, caller.now.toISOString().slice(0, 10)),
  };
  const fieldProblem = firstProblem(problems);
  const number = (name: string): number => (typeof values[name] === "number" ? (values[name] as number) : 0);
  const identification = identificationKey(text(values.identification));
  const fields: PassengerFields = {
    agencyId: typeof values.agencyId === "number" ? values.agencyId : null,
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    identificationTypeId: number("identificationTypeId"),
    identification,
    birthday: text(values.birthday),
    countryId: number("countryId"),
    gender: text(values.gender),
    details: Object.fromEntries(keptDetails.map((name) => [name, values[name] ?? null])),
  };
  const identificationTaken = fieldProblem === null && (await taken(tx, fields.identificationTypeId, identification, current?.id ?? null));
  return { facts: { ...noPassengerFacts, fieldProblem, identificationTaken }, fields };
};

const options = (caller: PassengerCaller): CommandOptions => commandOptions(caller);

export const createPassenger = async (tx: Queryable, draft: PassengerDraft, caller: PassengerCaller): Promise<Passenger> => {
  const { facts, fields } = await judgeDraft(tx, draft, null, caller);
  const id = await nextId(tx, passengerRecord.table);
  await decideCreated(tx, passengerRecord, id, { type: "passenger.register", ...fields }, options(caller), facts);
  const created = await visiblePassenger(tx, id, caller.session);
  if (created === null) throw new Error(`passenger ${id} was not projected`);
  return created;
};

/** The passenger of a command as its caller may see it; 404 otherwise. */
const existing = async (tx: Queryable, id: number, session: Session): Promise<Passenger> => {
  const passenger = await visiblePassenger(tx, id, session);
  if (passenger === null) throw new ApiError(404, messages.notFound);
  return passenger;
};

export const updatePassenger = async (tx: Queryable, id: PassengerId, draft: PassengerDraft, version: number, caller: PassengerCaller): Promise<void> => {
  const current = await existing(tx, id, caller.session);
  await expectVersion(tx, passengerRecord, String(id), version, current.version);
  const { facts, fields } = await judgeDraft(tx, draft, current, caller);
  await decide(tx, passengerRecord, String(id), { type: "passenger.edit", ...fields }, options(caller), facts);
};

/** A space as an assignment reads it: its reservation and state, its departure, its type's sex and whether it is a child's. */
const AssignedSpaceRow = Schema.Struct({
  id: Schema.Int,
  reservation_id: Schema.Int,
  cruise_id: Schema.Int,
  cabin_id: Schema.Int,
  cabin_name: Schema.String,
  gender_id: Schema.Int,
  status: Schema.String,
  passenger_id: Schema.NullOr(Schema.Int),
  sex: Schema.String,
  child: Schema.Boolean,
});
export type AssignedSpace = typeof AssignedSpaceRow.Type;

export const selectAssignedSpaces = `select s.id, s.reservation_id, s.cruise_id, s.cabin_id, cb.name as cabin_name, s.gender_id, s.status, s.passenger_id,
    coalesce(g.details->>'sex', '') as sex, coalesce((g.details->>'child')::boolean, false) as child
  from spaces s join genders g on g.id = s.gender_id join cabins cb on cb.id = s.cabin_id`;

export const spacesOf = (db: Queryable, reservationId: number): Promise<ReadonlyArray<AssignedSpace>> =>
  queryRows(db, AssignedSpaceRow, `${selectAssignedSpaces} where s.reservation_id = $1 order by s.id`, [reservationId]);

/**
 * The raw facts the space machine judges a passenger's assignment with (its guards work out the
 * gender, the age on the departure day and the one space per departure): the passenger's gender
 * and birthday, how many other live spaces of the departure they hold, the space's type, the day.
 */
export const assignmentFacts = async (
  db: Queryable,
  space: AssignedSpace,
  passenger: Pick<Passenger, "id" | "gender" | "birthday">,
  departureDay: string,
): Promise<SpaceFacts> =>
  assignmentFactsOf(
    space,
    passenger,
    await queryCount(db, "select count(*)::int as count from spaces where cruise_id = $1 and passenger_id = $2 and status <> 'canceled' and id <> $3", [
      space.cruise_id,
      passenger.id,
      space.id,
    ]),
    departureDay,
  );

/** The assignment's facts once the passenger's other live spaces of the departure are counted. */
export const assignmentFactsOf = (
  space: Pick<AssignedSpace, "sex" | "child">,
  passenger: Pick<Passenger, "gender" | "birthday">,
  otherSpacesOnDeparture: number,
  departureDay: string,
): SpaceFacts => ({
  fieldProblem: null,
  passenger: { gender: passenger.gender, birthday: passenger.birthday, otherSpacesOnDeparture },
  spaceType: { sex: space.sex, child: space.child },
  departureDay,
});

/**
 * Gives a live space its passenger (or none), under its departure's lock: the space machine
 * judges the passenger, the reservation records it. An agency user assigns its own passengers to
 * its own reservations (404 otherwise).
 */
export const assignPassenger = async (tx: Queryable, spaceId: SpaceId, passengerId: number | null, caller: PassengerCaller): Promise<void> => {
  const found = await queryOne(tx, AssignedSpaceRow, `${selectAssignedSpaces} where s.id = $1`, [spaceId]);
  if (found === null) throw new ApiError(404, messages.notFound);
  const { reservation, departure } = await lockReservation(tx, found.reservation_id, caller.session);
  await assignLocked(tx, reservation.id, found, passengerId === null ? null : await existing(tx, passengerId, caller.session), departure.start_date, caller);
};

/**
 * Registers a passenger and seats them in a live space in one step (decision 075): the
 * passenger is the reservation's agency's (a direct client's reservation: the operator's), and a
 * refusal of the registration or of the seat rolls back both, so no passenger is left unseated.
 */
export const seatNewPassenger = async (tx: Queryable, spaceId: SpaceId, draft: PassengerDraft, caller: PassengerCaller): Promise<Passenger> => {
  const found = await queryOne(tx, AssignedSpaceRow, `${selectAssignedSpaces} where s.id = $1`, [spaceId]);
  if (found === null) throw new ApiError(404, messages.notFound);
  const { reservation, departure } = await lockReservation(tx, found.reservation_id, caller.session);
  const passenger = await createPassenger(tx, { ...draft, agencyId: reservation.agencyId }, caller);
  await assignLocked(tx, reservation.id, found, passenger, departure.start_date, caller);
  return passenger;
};

/** Assigns a space whose departure the caller has locked. */
export const assignLocked = async (
  tx: Queryable,
  reservationId: number,
  space: AssignedSpace,
  passenger: Passenger | null,
  departureDay: string,
  caller: PassengerCaller,
): Promise<void> => {
  const facts = passenger === null ? { fieldProblem: null } : await assignmentFacts(tx, space, passenger, departureDay);
  judgeSpace(reservationId, space.status, { type: "space.assign", passengerId: passenger?.id ?? null }, facts);
  await decideReservation(tx, reservationId, { type: "space.assign", spaceId: space.id, passengerId: passenger?.id ?? null }, commandOptions(caller));
};

const DepartureDays = Schema.Struct({ start_date: Schema.String, end_date: Schema.String });

/** What booking a flight leg reads, loaded for the passenger and the departure. */
export interface FlightBookingFacts {
  readonly passenger: Pick<Passenger, "id" | "birthday">;
  /** The departure's first and last days; null for none. */
  readonly days: { readonly start_date: string; readonly end_date: string } | null;
  /** The passenger's reservation on the departure (a live space of it); null when they do not sail it. */
  readonly sailing: { readonly reservation_id: number } | null;
  /** The leg's flight, live; undefined for none. */
  readonly flight: CatalogueItem | undefined;
  /** The year's air ticket fares, when the leg is well formed. */
  readonly fares: (year: number) => Promise<ReadonlyArray<PricingRate>>;
  readonly legId: number;
}

/**
 * A flight leg's booking and the facts the passenger machine judges it with (on the departure, a
 * time, inside or on the wrong side of the cruise, a fare for the year). A child under 12 on the
 * departure day pays the child fare.
 */
export const flightBookingOf = async (draft: PassengerFlightDraft, loaded: FlightBookingFacts) => {
  const { days, sailing, flight, legId } = loaded;
  const fieldProblem = legProblem(draft) ?? (flight === undefined || days === null ? "invalid" : null);
  const date = draft.date ?? "";
  const time = draft.time !== undefined && draft.time !== null && draft.time !== "" ? draft.time : text(flight?.departureTime);
  const start = days?.start_date ?? "";
  const end = days?.end_date ?? "";
  const child = start !== "" && ageOn(loaded.passenger.birthday, start) < CHILD_AGE;
  const fares = fieldProblem === null ? await loaded.fares(Number(date.slice(0, 4))) : [];
  const lines = draft.flightId === null ? null : flightLines([{ flightId: draft.flightId, adults: child ? 0 : 1, children: child ? 1 : 0 }], { rates: fares });
  const facts: PassengerFacts = {
    ...noPassengerFacts,
    fieldProblem,
    notOnCruise: sailing === null,
    flightTimeMissing: time === "",
    legDuringCruise: date > start && date < end,
    legOnWrongSide: draft.direction === "outbound" ? date > end : date < start,
    returnLegNotHomeward: draft.direction === "return" && flight !== undefined && !fliesHome(flight.origin, flight.destination),
    flightRateMissing: lines === null,
  };
  const event = {
    type: "passenger.flight.book",
    legId,
    cruiseId: draft.cruiseId,
    reservationId: sailing?.reservation_id ?? 0,
    direction: draft.direction,
    flightId: draft.flightId ?? 0,
    date,
    time,
    line: lines?.[0] ?? null,
  } as const;
  return { event, facts };
};

/**
 * Books a passenger's flight leg for a departure they sail: the leg's facts are loaded and the
 * passenger machine decides (flightBookingOf).
 */
export const bookFlight = async (tx: Queryable, draft: PassengerFlightDraft, caller: PassengerCaller): Promise<void> => {
  const passenger = await existing(tx, draft.passengerId, caller.session);
  const agency = ownAgency(caller.session);
  const days = await queryOne(
    tx,
    DepartureDays,
    "select to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date from cruises where id = $1",
    [draft.cruiseId],
  );
  const sailing = await queryOne(
    tx,
    Schema.Struct({ reservation_id: Schema.Int }),
    `select s.reservation_id from spaces s join reservations r on r.id = s.reservation_id
      where s.cruise_id = $1 and s.passenger_id = $2 and s.status <> 'canceled' and ($3::int is null or r.agency_id = $3) limit 1`,
    [draft.cruiseId, passenger.id, agency],
  );
  const flight =
    draft.flightId === null ? undefined : (await listItems(tx, flights)).find((item) => item.id === draft.flightId && item.active);
  const legId = await nextId(tx, "passenger_flights");
  const { event, facts } = await flightBookingOf(draft, { passenger, days, sailing, flight, fares: (year) => airTicketFares(tx, year), legId });
  await decide(tx, passengerRecord, String(passenger.id), event, options(caller), facts);
};

const LegOwnerRow = Schema.Struct({ passenger_id: Schema.Int });

/** Removes a passenger's flight leg; 404 for a leg of a passenger the caller may not see. */
export const removeFlight = async (tx: Queryable, legId: PassengerFlightId, caller: PassengerCaller): Promise<void> => {
  const leg = await queryOne(tx, LegOwnerRow, "select passenger_id from passenger_flights where id = $1", [legId]);
  if (leg === null) throw new ApiError(404, messages.notFound);
  await existing(tx, leg.passenger_id, caller.session);
  await decide(tx, passengerRecord, String(leg.passenger_id), { type: "passenger.flight.remove", legId }, options(caller), noPassengerFacts);
};
