import type { FastifyInstance } from "fastify";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { CatalogueItemId, MAX_ID } from "../../src/api/ids.ts";
import type { FieldProblem } from "../../src/api/fields.ts";
import { ApiError } from "../../src/api/errors.ts";
import { type QuoteDraft as QuoteDraftSchema, quoteReservation } from "../../src/api/quote.ts";
import type { PricingFacts, PricingRate, RateKind, Season } from "../../src/machines/domain/pricing.ts";
import { itemized, priceDraft } from "../../src/machines/domain/pricing.ts";
import { quoteMachine } from "../../src/machines/domain/quote.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { cabins, yachts } from "../../src/records/fleet.ts";
import { airTicketRates, charterRates, contractRates, familyRoomRates, generalRates, ikarusRates } from "../../src/records/rates.ts";
import { agencies, flights, genders, months, seasons } from "../../src/records/referenceData.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { findItem, itemsWith, itemsWithEach, listItems } from "../catalogues/items.ts";
import { queryOne } from "../db/rows.ts";
import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { registerEndpoint, type RouteContext, signedIn } from "../http/register.ts";
import { ownAgency } from "../reservations/facts.ts";
import { messages } from "../../src/api/messages.ts";
import { answeredLine, answeredPrice } from "../reservations/price.ts";

/** Each rate type's catalogue, as pricing names it. */
const rateCatalogues: ReadonlyArray<readonly [RateKind, CatalogueDeclaration]> = [
  ["general", generalRates],
  ["familyRoom", familyRoomRates],
  ["charter", charterRates],
  ["contract", contractRates],
  ["ikarus", ikarusRates],
  ["airTicket", airTicketRates],
];

const numberOr = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback);
const idOr = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** A rate item as pricing reads it. */
const pricingRate = (kind: RateKind, item: CatalogueItem): PricingRate => ({
  kind,
  id: item.id,
  name: item.name,
  season: item.season === "high" || item.season === "low" ? item.season : null,
  category: typeof item.category === "string" ? item.category : null,
  agency: idOr(item.agency),
  flight: idOr(item.flight),
  passengersFrom: idOr(item.passengersFrom),
  passengersTo: idOr(item.passengersTo),
  // the catalogue keeps a rate in cents (decision 088), which its items carry beside the wire's dollars
  clientRateCents: numberOr(kind === "airTicket" ? item.adultRateCents : item.clientRateCents, 0),
  childRateCents: numberOr(item.childRateCents, 0),
  childDiscount: numberOr(item.childDiscount, 0),
  wholesalerDiscount: numberOr(item.wholesalerDiscount, 0),
  promotionalDiscount: numberOr(item.promotionalDiscount, 0),
  tourLeaderReduction: numberOr(item.tourLeaderReduction, 0),
  commission: kind === "ikarus" ? idOr(item.commission) : null,
});

/** Whether a rate is in force: active (an Ikarus rate: in its active state). */
const inForce = (item: CatalogueItem): boolean => (item.state === undefined ? item.active : item.state === "active");

/** The departure day's year and month (1-12), or null for a text that is no calendar day. */
const calendarDay = (text: string): { readonly year: number; readonly month: number } | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month } : null;
};

/** The live (active) item of that id, as pricing takes it; undefined for none (or an id that is none). */
const liveItem = async (db: Queryable, catalogue: CatalogueDeclaration, id: number): Promise<CatalogueItem | undefined> => {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return undefined;
  const item = await findItem(db, catalogue, CatalogueItemId.make(id));
  return item?.active === true ? item : undefined;
};

const byId = (items: ReadonlyArray<CatalogueItem>): ReadonlyMap<number, CatalogueItem> =>
  new Map(items.filter((item) => item.active).map((item) => [item.id, item]));

/** A draft as pricing reads it: a quote's, or a reservation's (whose agency is null for a direct client). */
export type PricingRequest = Omit<typeof QuoteDraftSchema.Type, "agencyId" | "cruiseId" | "yachtId" | "days" | "startDate"> & {
  readonly agencyId: number | null;
  readonly yachtId: number;
  readonly days: number;
  readonly startDate: string;
};

const DepartureRow = Schema.Struct({ yacht_id: Schema.Int, days: Schema.Int, start_date: Schema.String });

/**
 * A quote's draft with its departure filled in: a scheduled departure's yacht, length and start
 * day when it names one (an unknown or canceled one is malformed); else the draft's own, all
 * three required.
 */
const withDeparture = async (db: Queryable, body: typeof QuoteDraftSchema.Type): Promise<PricingRequest | FieldProblem> => {
  if (body.cruiseId !== undefined) {
    const departure = await queryOne(
      db,
      DepartureRow,
      `select c.yacht_id, coalesce((i.details->>'days')::int, 0) as days, to_char(c.start_date, 'YYYY-MM-DD') as start_date
         from cruises c join cruise_itineraries i on i.id = c.cruise_itinerary_id where c.id = $1 and c.status = 'scheduled'`,
      [body.cruiseId],
    );
    return departure === null ? "invalid" : { ...body, yachtId: departure.yacht_id, days: departure.days, startDate: departure.start_date };
  }
  const { yachtId, days, startDate } = body;
  return yachtId === undefined || days === undefined || startDate === undefined ? "required" : { ...body, yachtId, days, startDate };
};

/** The air-ticket rates in force for a year, as pricing reads them (a passenger's flight leg). */
export const airTicketFares = async (db: Queryable, year: number): Promise<ReadonlyArray<PricingRate>> =>
  (await itemsWith(db, airTicketRates, { year })).filter(inForce).map((item) => pricingRate("airTicket", item));

/** A direct client's sale: no agency, so no contract or Ikarus rate, no wholesaler discount, no commission. */
const directSale = { direct: true } as const;

/**
 * The facts a draft is priced with, or the draft's field problem: an unknown or inactive yacht,
 * agency, cabin, space type or flight, a cabin of another yacht or chosen twice, more spaces than
 * its berths, a day that is none, a leg without passengers.
 */
export const pricingFacts = async (
  db: Queryable,
  draft: PricingRequest,
): Promise<{ readonly problem: FieldProblem } | { readonly facts: PricingFacts }> => {
  if (draft.charter !== true && draft.cabins.length === 0) return { problem: "required" };
  const day = calendarDay(draft.startDate);
  // one yacht and one agency, not the fleet and every agency: a reservation is priced at every hold
  const yacht = await liveItem(db, yachts, draft.yachtId);
  const agency = draft.agencyId === null ? directSale : await liveItem(db, agencies, draft.agencyId);
  const fleet = byId(await listItems(db, cabins, { yachtId: draft.yachtId }));
  const spaceTypes = byId(await listItems(db, genders));
  // a hold prices no flight: the flights' catalogue is read only for a draft with legs
  const legs = byId((draft.flights ?? []).length === 0 ? [] : await listItems(db, flights));
  const chosen = draft.cabins.map(({ cabinId }) => cabinId);
  const wellFormed =
    day !== null &&
    yacht !== undefined &&
    agency !== undefined &&
    draft.days >= 1 &&
    draft.days <= 30 &&
    new Set(chosen).size === chosen.length &&
    draft.cabins.every(({ cabinId, spaces }) => {
      const cabin = fleet.get(cabinId);
      return cabin !== undefined && spaces.length >= 1 && spaces.length <= numberOr(cabin.capacity, 0) && spaces.every(({ genderId }) => spaceTypes.has(genderId));
    }) &&
    (draft.flights ?? []).every(({ flightId, adults, children }) => legs.has(flightId) && adults >= 0 && children >= 0 && adults + children > 0);
  if (!wellFormed || day === null || agency === undefined) return { problem: "invalid" };
  const agencyFacts =
    "direct" in agency ? { id: 0, wholesaler: false, commission: 0 } : { id: agency.id, wholesaler: agency.type === "wholesaler", commission: numberOr(agency.commission, 0) };
  const season = (await listItems(db, seasons)).find((item) => item.active && item.name === String(day.year));
  const month = months[day.month - 1] ?? "";
  // the year's rates of the yacht and cruise length (air tickets: every yacht's), every type in one statement
  const items = await itemsWithEach(
    db,
    rateCatalogues.map(([kind, catalogue]) => {
      const values: Readonly<Record<string, number>> = kind === "airTicket" ? { year: day.year } : { year: day.year, yacht: draft.yachtId, days: draft.days };
      return { catalogue, values };
    }),
  );
  const rates = rateCatalogues.flatMap(([kind], index) => (items[index] ?? []).filter(inForce).map((item) => pricingRate(kind, item)));
  return {
    facts: {
      agency: agencyFacts,
      season: season === undefined ? null : ((season[month] as Season | undefined) ?? null),
      cabins: new Map([...fleet.values()].map((cabin) => [cabin.id, { category: String(cabin.category ?? ""), familyRoom: cabin.familyRoom === true }])),
      childSpaceTypes: new Set([...spaceTypes.values()].filter((type) => type.child === true).map(({ id }) => id)),
      rates,
    },
  };
};

/**
 * `POST /rates/quote`: the draft priced, judged by the quote machine, and itemized in cents;
 * nothing is written. An agency user quotes for its own agency only, refused as its hold would be
 * (403 for any other agency, a direct client included), so the answer tells nothing of another agency.
 */
export const registerQuoteRoutes = (app: FastifyInstance, context: RouteContext): void => {
  registerEndpoint(app, context, quoteReservation, async (call) => {
    const { body } = call;
    const agency = ownAgency(signedIn(call));
    if (agency !== null && body.agencyId !== agency) throw new ApiError(403, messages.forbidden);
    const request = await withDeparture(context.db, body);
    const loaded = typeof request === "string" ? { problem: request } : await pricingFacts(context.db, request);
    const pricing = "facts" in loaded && typeof request !== "string" ? priceDraft({ ...request, agencyId: body.agencyId ?? 0 }, loaded.facts) : null;
    const verdict = judge(quoteMachine, null, { type: "quote.price" }, {
      fieldProblem: "problem" in loaded ? loaded.problem : null,
      pricing: pricing?.kind ?? "rateMissing",
    });
    if (verdict.kind === "refused") throw new ApiError(verdict.refusal.status, verdict.refusal.message);
    if (pricing?.kind !== "priced") throw new Error("the quote machine accepted a draft that was not priced");
    const { lines, ...sums } = itemized(pricing.quote.lines);
    return { lines: lines.map(answeredLine), ...answeredPrice(sums), ...sums };
  });
};
