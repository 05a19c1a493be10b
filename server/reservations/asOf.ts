/**
 * Departures as of any moment (issue 40, item 1; decision 071): the availability grid and a
 * departure's berth plan as they stood at an instant, worked out from the event log, not from
 * today's tables. Each departure's own streams are replayed up to the instant: its cruise stream
 * and the streams of its reservations (a reservation's departure never changes, so today's
 * reservations table says which streams are its), every event in the order it was stored. What is
 * the departure's own (its yacht's cabins and decks, the names of yachts and itineraries) is the
 * fleet's catalogue as its events had left it then (catalogues/asOf.ts); the berth types' capacity
 * and the deck drawings are read as they are now.
 */
import { Schema } from "effect";
import type { AvailabilityQuery, DepartureAvailability } from "../../src/api/availability.ts";
import type { CruiseCabin } from "../../src/api/reservations.ts";
import { CruiseEvent, cruiseMachine } from "../../src/machines/domain/cruise.machine.ts";
import { ReservationEvent, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { type SpaceEvent, spaceMachine } from "../../src/machines/domain/space.machine.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { toMachineEvent } from "../events/decode.ts";
import { eventsWhere, replayStatuses } from "../events/replay.ts";
import { itemsAsOf, itemsSource } from "../catalogues/asOf.ts";
import { cabins, cruiseItineraries, decks, yachts } from "../../src/records/fleet.ts";
import type { StoredEvent } from "../events/store.ts";
import { type DepartureRow, departureBerths, type TakenRow, yachtsCabins } from "./availability.ts";
import { cabinsOf, type LiveRow, ownAgency } from "./facts.ts";
import { berthPlan, planDrawing } from "./reads.ts";
import type { ReaderLanguage } from "../http/caller.ts";
import { nameSql } from "../catalogues/names.ts";

/** A departure as its cruise stream left it. */
export interface ReplayedDeparture {
  readonly id: number;
  readonly status: string;
  readonly code: string;
  readonly yachtId: number;
  readonly itineraryId: number;
  readonly startDate: string;
  readonly endDate: string;
}

/** The departures the cruise events leave, by id (their events in stored order). */
export const replayDepartures = (events: ReadonlyArray<StoredEvent>): ReadonlyMap<number, ReplayedDeparture> => {
  const departures = new Map<number, ReplayedDeparture>();
  const statusAfter = replayStatuses(cruiseMachine);
  for (const stored of events) {
    const id = Number(stored.streamId);
    const before = departures.get(id);
    const event = toMachineEvent(CruiseEvent, stored);
    const status = statusAfter(before?.status ?? null, event) ?? before?.status ?? "absent";
    if (event.type === "cruise.cancel") {
      if (before !== undefined) departures.set(id, { ...before, status });
      continue;
    }
    departures.set(id, {
      id,
      status,
      code: event.code,
      yachtId: event.yachtId,
      itineraryId: event.cruiseItineraryId,
      startDate: event.startDate,
      endDate: event.endDate,
    });
  }
  return departures;
};

/** A space as the reservation events leave it, with its reservation's code and agency. */
export interface ReplayedSpace extends LiveRow {
  readonly cruise_id: number;
}

type SpaceStatus = "reserved" | "confirmed" | "waiting" | "canceled";

/** A space while the events are replayed: canceled ones too, which a later update may remove. */
type Replaying = Omit<ReplayedSpace, "status"> & { readonly status: SpaceStatus };

const isLive = (status: string): status is LiveRow["status"] => status === "reserved" || status === "confirmed" || status === "waiting";

/** Replays a departure's reservation events one at a time; `live` answers the spaces live after those applied so far. */
export interface SpaceReplay {
  readonly apply: (stored: StoredEvent) => void;
  readonly live: () => ReadonlyArray<ReplayedSpace>;
  /** The code of a reservation's stream seen so far. */
  readonly codeOf: (streamId: string) => string | null;
  /** Whether a reservation's stream opened a charter. */
  readonly isCharter: (streamId: string) => boolean;
}

/**
 * The spaces the reservation events leave, as the reservations' projection writes them (the
 * property test of tests/api/asOf.test.ts holds the two to the same rows): each space moved by its
 * reservation's event to where the space machine takes it.
 */
export const spaceReplay = (): SpaceReplay => {
  const reservationStatus = replayStatuses(reservationMachine);
  const spaceStatus = replayStatuses(spaceMachine);
  const reservations = new Map<string, { status: string | null; cruiseId: number; code: string; agencyId: number | null; charter: boolean }>();
  const spaces = new Map<number, Replaying>();
  /** Each reservation's spaces' ids, by stream id. */
  const owned = new Map<string, number[]>();
  const add = (key: string, space: Replaying): void => {
    spaces.set(space.id, space);
    owned.set(key, [...(owned.get(key) ?? []), space.id]);
  };
  const ofReservation = (key: string) => (owned.get(key) ?? []).flatMap((id) => spaces.get(id) ?? []);
  const move = (key: string, event: SpaceEvent, spaceId: number | null = null): void => {
    for (const space of ofReservation(key)) {
      if (space.status === "canceled" || (spaceId !== null && space.id !== spaceId)) continue;
      const to = spaceStatus(space.status, event);
      if (to !== null) spaces.set(space.id, { ...space, status: to as SpaceStatus });
    }
  };
  const apply = (stored: StoredEvent): void => {
    const key = stored.streamId;
    const event = toMachineEvent(ReservationEvent, stored);
    const reservation = reservations.get(key);
    const status = reservationStatus(reservation?.status ?? null, event);
    if (event.type === "reservation.hold" || event.type === "reservation.waitlist") {
      const opened = { status, cruiseId: event.cruiseId, code: event.code, agencyId: event.agencyId, charter: event.reservationType === "charter" };
      reservations.set(key, opened);
      const opening = spaceStatus("available", { type: event.type === "reservation.hold" ? "space.hold" : "space.wait" });
      for (const space of event.spaces) {
        add(key, {
          id: space.id,
          reservation_id: Number(key),
          cruise_id: event.cruiseId,
          cabin_id: space.cabinId,
          gender_id: space.genderId,
          status: opening as SpaceStatus,
          charter: opened.charter,
          code: event.code,
          agency_id: event.agencyId,
        });
      }
      return;
    }
    if (reservation === undefined) return;
    reservation.status = status;
    switch (event.type) {
      case "reservation.confirm":
        move(key, { type: "space.confirm" });
        return;
      case "reservation.expire":
        move(key, { type: "space.expire" });
        return;
      case "reservation.promote":
        move(key, { type: "space.promote" });
        return;
      case "reservation.cancel":
        move(key, { type: "space.cancel", reason: event.reason });
        return;
      case "space.cancel":
        move(key, { type: "space.cancel", reason: event.reason }, event.spaceId);
        return;
      case "reservation.update":
        // the added spaces take the reservation's state, as the projection writes them
        for (const space of event.added) {
          add(key, {
            id: space.id,
            reservation_id: Number(key),
            cruise_id: reservation.cruiseId,
            cabin_id: space.cabinId,
            gender_id: space.genderId,
            status: (status ?? "canceled") as SpaceStatus,
            charter: reservation.charter,
            code: reservation.code,
            agency_id: reservation.agencyId,
          });
        }
        for (const space of ofReservation(key)) if (space.status === "canceled" && event.removedCabins.includes(space.cabin_id)) spaces.delete(space.id);
        return;
      default:
        return;
    }
  };
  return {
    apply,
    live: () => [...spaces.values()].flatMap((space) => (isLive(space.status) ? [{ ...space, status: space.status }] : [])).sort((a, b) => a.id - b.id),
    codeOf: (streamId) => reservations.get(streamId)?.code ?? null,
    isCharter: (streamId) => reservations.get(streamId)?.charter ?? false,
  };
};

/** The spaces live once these reservation events are applied, in the order they were stored. */
const replaySpaces = (events: ReadonlyArray<StoredEvent>): ReadonlyArray<ReplayedSpace> => {
  const replay = spaceReplay();
  for (const event of events) replay.apply(event);
  return replay.live();
};

/** The live spaces of these departures at `asOf`, from their reservations' events up to it. */
const spacesAsOf = async (db: Queryable, cruiseIds: ReadonlyArray<number>, asOf: Date): Promise<ReadonlyArray<ReplayedSpace>> =>
  cruiseIds.length === 0
    ? []
    : replaySpaces(
        await eventsWhere(
          db,
          "e.stream = 'reservation' and e.occurred_at <= $1 and e.stream_id in (select id::text from reservations where cruise_id = any($2::int[]))",
          [asOf, cruiseIds],
        ),
      );

/** A departure's berth plan as it stood at `asOf`; null when it was not scheduled by then. */
export const cabinsAsOf = async (
  db: Queryable,
  cruiseId: number,
  asOf: Date,
  session: Session,
  language: ReaderLanguage,
): Promise<ReadonlyArray<CruiseCabin> | null> => {
  const departure = replayDepartures(await eventsWhere(db, "e.stream = 'cruise' and e.stream_id = $1 and e.occurred_at <= $2", [String(cruiseId), asOf])).get(cruiseId);
  if (departure === undefined) return null;
  const [cabinsThen, decksThen, live] = await Promise.all([itemsAsOf(db, cabins, asOf), itemsAsOf(db, decks, asOf), spacesAsOf(db, [cruiseId], asOf)]);
  const cabinsThere = await cabinsOf(db, departure.yachtId, { cabins: cabinsThen, decks: decksThen });
  return berthPlan(cabinsThere, live, await planDrawing(db, departure.yachtId, live), ownAgency(session), language);
};

const YachtRow = Schema.Struct({ id: Schema.Int, name: Schema.String, colour: Schema.String, place: Schema.Int });
const ItineraryRow = Schema.Struct({ id: Schema.Int, name: Schema.String, english_name: Schema.String });

/** The departures of a period (of one yacht, when asked) scheduled at `asOf`, as availability lists them, in its order. */
const departuresAsOf = async (db: Queryable, query: Pick<AvailabilityQuery, "from" | "to" | "yachtId">, asOf: Date): Promise<ReadonlyArray<DepartureRow>> => {
  // every departure whose start day was in the period at some moment up to asOf, then replayed to where it stood
  const events = await eventsWhere(
    db,
    `e.stream = 'cruise' and e.occurred_at <= $1 and e.stream_id in (
       select stream_id from events where stream = 'cruise' and occurred_at <= $1 and data->>'startDate' between $2 and $3)`,
    [asOf, query.from ?? "", query.to ?? ""],
  );
  const scheduled = [...replayDepartures(events).values()].filter(
    (departure) =>
      departure.status === "scheduled" &&
      departure.startDate >= (query.from ?? "") &&
      departure.startDate <= (query.to ?? "") &&
      (query.yachtId === undefined || departure.yachtId === query.yachtId),
  );
  if (scheduled.length === 0) return [];
  const [yachtsThen, itinerariesThen] = await Promise.all([itemsAsOf(db, yachts, asOf), itemsAsOf(db, cruiseItineraries, asOf)]);
  const [yachtRows, itineraries] = await Promise.all([
    queryRows(
      db,
      YachtRow,
      `select id, name, coalesce(details->>'colour', '#1e6091') as colour, coalesce((details->>'order')::int, 99) as place from ${itemsSource(2, "y")} where id = any($1::int[])`,
      [[...new Set(scheduled.map(({ yachtId }) => yachtId))], JSON.stringify(yachtsThen)],
    ),
    queryRows(db, ItineraryRow, `select i.id, i.name, ${nameSql("i", "en")} as english_name from ${itemsSource(2, "i")} where i.id = any($1::int[])`, [
      [...new Set(scheduled.map(({ itineraryId }) => itineraryId))],
      JSON.stringify(itinerariesThen),
    ]),
  ]);
  const yachtOf = (id: number) => yachtRows.find((yacht) => yacht.id === id);
  const itineraryOf = (id: number) => itineraries.find((itinerary) => itinerary.id === id);
  return scheduled
    .map((departure) => ({ departure, place: yachtOf(departure.yachtId)?.place ?? 99 }))
    .sort((a, b) => (a.departure.startDate < b.departure.startDate ? -1 : a.departure.startDate > b.departure.startDate ? 1 : a.place - b.place || a.departure.id - b.departure.id))
    .map(({ departure }) => ({
      id: departure.id as DepartureRow["id"],
      code: departure.code,
      yacht_id: departure.yachtId,
      yacht_name: yachtOf(departure.yachtId)?.name ?? "",
      yacht_colour: yachtOf(departure.yachtId)?.colour ?? "#1e6091",
      itinerary_name: itineraryOf(departure.itineraryId)?.name ?? "",
      itinerary_name_en: itineraryOf(departure.itineraryId)?.english_name ?? "",
      start_date: departure.startDate,
      end_date: departure.endDate,
    }));
};

/** The availability grid of a period as it stood at `asOf`: the departures scheduled then, with the berths their reservations held then. */
export const availabilityAsOf = async (
  db: Queryable,
  query: Pick<AvailabilityQuery, "from" | "to" | "yachtId">,
  asOf: Date,
  language: ReaderLanguage,
): Promise<ReadonlyArray<DepartureAvailability>> => {
  const departures = await departuresAsOf(db, query, asOf);
  if (departures.length === 0) return [];
  const [cabinsThere, spaces] = await Promise.all([
    yachtsCabins(
      db,
      [...new Set(departures.map((departure) => departure.yacht_id))].sort((a, b) => a - b),
      await itemsAsOf(db, cabins, asOf),
    ),
    spacesAsOf(
      db,
      departures.map((departure) => departure.id),
      asOf,
    ),
  ]);
  const taken = (cruiseId: number): ReadonlyArray<TakenRow> =>
    spaces.filter((space) => space.cruise_id === cruiseId).map((space) => ({ cruise_id: cruiseId, cabin_id: space.cabin_id, status: space.status, charter: space.charter, count: 1 }));
  return departures.map((departure) =>
    departureBerths(
      departure,
      cabinsThere.filter((cabin) => cabin.yacht_id === departure.yacht_id),
      taken(departure.id),
      language,
    ),
  );
};
