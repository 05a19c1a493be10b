/**
 * A copy of the demo's operations (`npm run seed:operations`, the benches at volume): each of the
 * yachts that sell in the demo again, under its own name, with its decks, cabins, cruise
 * itineraries and rates, a year of its departures, and those filled as the demo fills its own. The
 * sales are decided at the desk `openDesk` gives (in memory by default, written together at its
 * close: a copy through the commands is a dozen statements a command, minutes on PostgreSQL);
 * tests/server/decidedTogether.pglite.test.ts holds the two desks to the same events and rows.
 */
import { Schema } from "effect";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { cabins, cruiseItineraries, decks, yachts } from "../../src/records/fleet.ts";
import { charterRates, familyRoomRates, generalRates } from "../../src/records/rates.ts";
import { createItem, listItems } from "../catalogues/items.ts";
import { generateCruises } from "../cruises/cruises.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import type { CommandOptions } from "../events/command.ts";
import type { OpenDesk } from "../seed.ts";
import { seedDemoPassengers } from "./passengers.ts";
import { seedDemoReservations } from "./reservations.ts";
import { demoCaller } from "./salesDesk.ts";
import { memoryDesk } from "./salesInMemory.ts";

/** The fields a copy keeps of an item: its name and details, without its id, version and totals. */
const payloadOf = (item: CatalogueItem, catalogue: CatalogueDeclaration, overrides: Record<string, unknown>) => ({
  ...Object.fromEntries(catalogue.api.details.map(({ name }) => [name, item[name] ?? null])),
  name: item.name,
  active: item.active,
  ...overrides,
});

/** The yachts that sell departures in the demo, by name. */
export const soldYachts = ["Galápagos Explorer", "Sea Lion"];

const IdRow = Schema.Struct({ id: Schema.Int });

/** Copy `copy` of a yacht: the yacht, its decks and cabins, its itineraries and rates; answers the yacht's id and the copied itineraries' ids. */
const copyYacht = async (tx: Queryable, source: CatalogueItem, copy: number, options: CommandOptions) => {
  const initials = `${String(source.initials ?? "Y").slice(0, 1)}${String(copy).padStart(2, "0")}`;
  const yachtId = await createItem(tx, yachts, payloadOf(source, yachts, { name: `${source.name} ${copy}`, initials, code: `${initials}-${copy}` }), options);
  const deckIds = new Map<number, number>();
  for (const deck of await listItems(tx, decks, { yachtId: source.id })) {
    deckIds.set(deck.id, await createItem(tx, decks, payloadOf(deck, decks, { yacht: yachtId }), options));
  }
  for (const cabin of await listItems(tx, cabins, { yachtId: source.id })) {
    await createItem(tx, cabins, payloadOf(cabin, cabins, { yacht: yachtId, deck: deckIds.get(Number(cabin.deck)) ?? null }), options);
  }
  const itineraries: number[] = [];
  for (const itinerary of (await listItems(tx, cruiseItineraries)).filter((item) => item.yacht === source.id)) {
    itineraries.push(
      await createItem(tx, cruiseItineraries, payloadOf(itinerary, cruiseItineraries, { name: `${itinerary.name} · ${initials}`, yacht: yachtId, code: `${initials}${copy}` }), options),
    );
  }
  for (const catalogue of [generalRates, familyRoomRates, charterRates]) {
    for (const rate of (await listItems(tx, catalogue)).filter((item) => item.yacht === source.id)) {
      await createItem(tx, catalogue, payloadOf(rate, catalogue, { yacht: yachtId }), options);
    }
  }
  return { yachtId, itineraries };
};

/** The demo's yachts that sell, as the first start made them. */
export const demoSources = async (tx: Queryable): Promise<ReadonlyArray<CatalogueItem>> =>
  (await listItems(tx, yachts)).filter((yacht) => soldYachts.includes(yacht.name));

/** The first copy number not taken yet: copies made by an earlier run keep theirs. */
export const nextCopyNumber = async (tx: Queryable, sources: ReadonlyArray<CatalogueItem>): Promise<number> => {
  let copy = 2;
  while ((await queryRows(tx, IdRow, "select id from yachts where name = $1", [`${sources[0]?.name ?? ""} ${copy}`])).length > 0) copy += 1;
  return copy;
};

/**
 * Copy number `copy` of the demo's operations at `now`, in `tx`: the yachts, their year of
 * departures from this month on, `departures` of those sold (all, by default) and their passengers.
 */
export const copyDemoOperations = async (
  tx: Queryable,
  sources: ReadonlyArray<CatalogueItem>,
  copy: number,
  now: Date,
  openDesk: OpenDesk = memoryDesk,
  departures = 400,
): Promise<void> => {
  const options: CommandOptions = { actorId: null, occurredAt: now };
  const yachtIds: number[] = [];
  const from = `${now.toISOString().slice(0, 7)}-01`;
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const source of sources) {
    const { yachtId, itineraries } = await copyYacht(tx, source, copy, options);
    for (const itinerary of itineraries) await generateCruises(tx, { cruiseItineraryId: itinerary, from, to }, options);
    yachtIds.push(yachtId);
  }
  const seller = await demoCaller(tx, now);
  if (seller === null) throw new Error("the demo's sales executive is missing");
  const desk = await openDesk(tx, seller);
  await seedDemoReservations(tx, desk, departures, yachtIds);
  await seedDemoPassengers(tx, desk, yachtIds);
  await desk.close();
};
