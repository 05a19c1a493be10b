import { Schema } from "effect";
import {
  AVAILABILITY_PAGE_SIZE,
  type AvailabilityQuery,
  type DepartureAvailability,
  availability as availabilityEndpoint,
  departureAvailability as departureAvailabilityEndpoint,
} from "../../src/api/availability.ts";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { CruiseId } from "../../src/api/ids.ts";
import { availabilityMachine } from "../../src/machines/domain/availability.machine.ts";
import { countBerths } from "../../src/machines/domain/berths.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { type ItemThen, itemsSource } from "../catalogues/asOf.ts";
import { rememberCatalogueRead } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { cabinCapacitySql, liveCabinSql } from "./cabins.ts";
import { groupedBy, queryRows } from "../db/rows.ts";
import { pageAsked, pageOfRows } from "../db/paging.ts";
import type { FastifyInstance } from "fastify";
import { EncodedItems, Listed, registerEndpoint, type RouteContext } from "../http/register.ts";
import { availabilityAsOf } from "./asOf.ts";
import type { BerthIndex } from "./berthIndex.ts";
import { nameSql } from "../catalogues/names.ts";
import type { ReaderLanguage } from "../http/caller.ts";

const DepartureRow = Schema.Struct({
  id: CruiseId,
  code: Schema.String,
  yacht_id: Schema.Int,
  yacht_name: Schema.String,
  yacht_colour: Schema.String,
  itinerary_name: Schema.String,
  /** The itinerary's English name, its Spanish one where none is written (decision 080). */
  itinerary_name_en: Schema.String,
  start_date: Schema.String,
  end_date: Schema.String,
});

const CabinRow = Schema.Struct({ id: Schema.Int, yacht_id: Schema.Int, category: Schema.String, capacity: Schema.Int });
/** A live cabin of a yacht with its berths' capacity, as availability counts it. */
export type YachtCabin = typeof CabinRow.Type;

const TakenRow = Schema.Struct({ cruise_id: Schema.Int, cabin_id: Schema.Int, status: Schema.String, charter: Schema.Boolean, count: Schema.Int });
/** Live spaces of a departure's cabin in one state: how many, and whether a charter's are among them. */
export type TakenRow = typeof TakenRow.Type;

/** A departure as availability lists it. */
export type DepartureRow = typeof DepartureRow.Type;

/**
 * Every scheduled departure, by start day and the yachts' order: a few thousand rows over years of
 * a fleet, read once and kept by the berth index, which answers each period from them.
 */
export const scheduledDepartures = (db: Queryable): Promise<ReadonlyArray<DepartureRow>> =>
  queryRows(
    db,
    DepartureRow,
    `select c.id, c.code, c.yacht_id, y.name as yacht_name, coalesce(y.details->>'colour', '#1e6091') as yacht_colour, i.name as itinerary_name,
            ${nameSql("i", "en")} as itinerary_name_en, to_char(c.start_date, 'YYYY-MM-DD') as start_date, to_char(c.end_date, 'YYYY-MM-DD') as end_date
       from cruises c join yachts y on y.id = c.yacht_id join cruise_itineraries i on i.id = c.cruise_itinerary_id
      where c.status = 'scheduled'
      order by c.start_date, coalesce((y.details->>'order')::int, 99), c.id`,
  );

/** The first place in `departures` (in start day order) whose start day is not before `day`. */
const firstFrom = (departures: ReadonlyArray<DepartureRow>, day: string): number => {
  let low = 0;
  let high = departures.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    // days written YYYY-MM-DD compare as text
    if ((departures[middle]?.start_date ?? "") < day) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** The departures of a period (of one yacht, when asked) among the scheduled ones (in start day order), in their order. */
export const departuresIn = (
  departures: ReadonlyArray<DepartureRow>,
  query: Pick<AvailabilityQuery, "from" | "to" | "yachtId">,
): ReadonlyArray<DepartureRow> => {
  const period = departures.slice(firstFrom(departures, query.from ?? ""), firstFrom(departures, `${query.to ?? ""}\uffff`));
  return query.yachtId === undefined ? period : period.filter((departure) => departure.yacht_id === query.yachtId);
};

/**
 * The live cabins of these yachts with their berths' capacity, in the order they were made (a
 * departure's categories are listed in its cabins' order, which an edit must not shuffle): today's,
 * remembered until a catalogue changes, or those of `then` (catalogues/asOf.ts).
 */
export const yachtsCabins = (db: Queryable, yachtIds: ReadonlyArray<number>, then?: ReadonlyArray<ItemThen>): Promise<ReadonlyArray<typeof CabinRow.Type>> => {
  const read = (cabins: string, params: ReadonlyArray<unknown>) =>
    queryRows(
      db,
      CabinRow,
      `select c.id, (c.details->>'yacht')::int as yacht_id, coalesce(c.details->>'category', '') as category,
              ${cabinCapacitySql} as capacity
         from ${cabins} where ${liveCabinSql} and (c.details->>'yacht')::int = any($1::int[])
        order by c.id`,
      [yachtIds, ...params],
    );
  return then === undefined ? rememberCatalogueRead(db, `yachts' cabins ${yachtIds.join(" ")}`, () => read("cabins c", [])) : read(itemsSource(2, "c"), [JSON.stringify(then)]);
};

/**
 * Departures with their free berths by cabin category: two queries whatever their number (their
 * yachts' live cabins, usually remembered, and their live spaces by cabin and state, kept counted
 * in `held_spaces`), put together here with the berths' own counting (berths.ts).
 */
export const availabilityOf = async (
  db: Queryable,
  departures: ReadonlyArray<DepartureRow>,
  language: ReaderLanguage = "es",
): Promise<ReadonlyArray<DepartureAvailability>> => {
  if (departures.length === 0) return [];
  const [cabins, taken] = await Promise.all([
    yachtsCabins(db, [...new Set(departures.map((departure) => departure.yacht_id))].sort((a, b) => a - b)),
    queryRows(
      db,
      TakenRow,
      // counted as spaces change (migration 031): a period's third of the spaces is not read for them
      "select cruise_id, cabin_id, status, charter_spaces > 0 as charter, spaces as count from held_spaces where cruise_id = any($1::int[])",
      [departures.map((departure) => departure.id)],
    ),
  ]);
  // grouped once: filtering every row for each of a period's hundreds of departures was quadratic
  const cabinsOf = groupedBy(cabins, (cabin) => cabin.yacht_id, (cabin) => cabin);
  const takenOf = groupedBy(taken, (row) => row.cruise_id, (row) => row);
  return departures.map((departure) => departureBerths(departure, cabinsOf.get(departure.yacht_id) ?? [], takenOf.get(departure.id) ?? [], language));
};

/** A departure's itinerary as a reader of `language` reads it. */
export const itineraryNameIn = (departure: DepartureRow, language: ReaderLanguage): string =>
  language === "en" ? departure.itinerary_name_en : departure.itinerary_name;

/**
 * One departure's free berths by cabin category, from its yacht's live cabins and its live spaces
 * counted by cabin and state (berths.ts counts them): what the tables hold now, or what the event
 * log held at an instant (asOf.ts).
 */
export const departureBerths = (
  departure: DepartureRow,
  own: ReadonlyArray<YachtCabin>,
  spaces: ReadonlyArray<TakenRow>,
  language: ReaderLanguage,
): DepartureAvailability => {
  const sum = (rows: ReadonlyArray<{ readonly count: number }>) => rows.reduce((total, row) => total + row.count, 0);
  const capacity = own.reduce((total, cabin) => total + cabin.capacity, 0);
  const chartered = spaces.some((row) => row.charter && row.status !== "waiting");
  const berths = countBerths(capacity, {
    held: sum(spaces.filter((row) => row.status === "reserved")),
    confirmed: sum(spaces.filter((row) => row.status === "confirmed")),
    waiting: sum(spaces.filter((row) => row.status === "waiting")),
    chartered,
  });
  const categories = [...new Set(own.map((cabin) => cabin.category))].map((category) => {
    const inCategory = own.filter((cabin) => cabin.category === category);
    const ids = new Set(inCategory.map((cabin) => cabin.id));
    const categoryCapacity = inCategory.reduce((total, cabin) => total + cabin.capacity, 0);
    const holding = sum(spaces.filter((row) => ids.has(row.cabin_id) && row.status !== "waiting"));
    return { category, capacity: categoryCapacity, free: chartered ? 0 : Math.max(0, categoryCapacity - holding) };
  });
  return {
    cruiseId: departure.id,
    code: departure.code,
    yachtId: departure.yacht_id,
    yachtName: departure.yacht_name,
    yachtColour: departure.yacht_colour,
    itineraryName: itineraryNameIn(departure, language),
    startDate: departure.start_date,
    endDate: departure.end_date,
    status: berths.status,
    free: berths.free,
    capacity: berths.capacity,
    waiting: berths.waiting,
    categories,
  };
};

/** Whether a departure has room for a party of `passengers` (every departure when none is asked). */
export const fitsParty = (passengers: number | undefined) => (answer: DepartureAvailability): boolean =>
  passengers === undefined || answer.free >= passengers;

/** `GET /availability/{id}`: one scheduled departure with its berths, or 404. */
const oneDeparture = async (db: Queryable, id: number, language: ReaderLanguage): Promise<DepartureAvailability> => {
  const departure = (await scheduledDepartures(db)).find((row) => row.id === id);
  const [answer] = departure === undefined ? [] : await availabilityOf(db, [departure], language);
  if (answer === undefined) throw new ApiError(404, messages.notFound);
  return answer;
};

/**
 * The page a question asks of the departures found, with its meta (decision 120): the panel asks
 * a page (a fleet of twenty yachts has 390 departures in three months, 159 KB, asked again at
 * every change heard); a question without `page` and `pageSize` gets every departure, no meta.
 */
const askedPage = <T>(query: AvailabilityQuery, found: ReadonlyArray<T>): { readonly rows: ReadonlyArray<T>; readonly meta?: ListMeta } =>
  query.page === undefined && query.pageSize === undefined ? { rows: found } : pageOfRows(found, pageAsked(query, AVAILABILITY_PAGE_SIZE));

/** `GET /availability`: judged by the availability machine (the period is required), answered from the berths. */
export const registerAvailabilityRoutes = (app: FastifyInstance, context: RouteContext & { readonly berths: BerthIndex }): void => {
  registerEndpoint(app, context, availabilityEndpoint, async ({ query, language }) => {
    const verdict = judge(availabilityMachine, null, { type: "availability.ask" }, { query });
    if (verdict.kind === "refused") throw new ApiError(verdict.refusal.status, verdict.refusal.message);
    const fits = fitsParty(query.passengers);
    if (query.asOf !== undefined) {
      // the past is read from the event log, never kept: each instant is asked about once or twice
      const { rows, meta } = askedPage(query, (await availabilityAsOf(context.db, query, new Date(query.asOf), language)).filter(fits));
      return meta === undefined ? rows : new Listed(rows, meta);
    }
    const { rows, meta } = askedPage(query, (await context.berths.availability(query)).filter(({ answer }) => fits(answer)));
    return new EncodedItems(
      rows.map(({ json }) => json[language]),
      meta,
    );
  });
  registerEndpoint(app, context, departureAvailabilityEndpoint, async ({ params, language }) => oneDeparture(context.db, params.id, language));
};
