/**
 * `npm run seed:operations -- 10`: multiplies the demo's operations by N on the database the
 * server would use (DATA_DIR or DATABASE_URL), for measuring at volume. The demo sells two yachts
 * a year ahead; this adds N-1 copies of each (their decks, cabins, cruise itineraries and rates,
 * under their own names), schedules their year of departures and fills them as the demo fills its
 * own: reservations in every state, passengers and flights, each through the domain's machines.
 * Run it once on a demo database; a second run adds copies after the ones there.
 */
import { Schema } from "effect";
import type { CatalogueItem } from "../src/api/catalogues.ts";
import type { CatalogueDeclaration } from "../src/records/catalogue.ts";
import { cabins, cruiseItineraries, decks, yachts } from "../src/records/fleet.ts";
import { charterRates, familyRoomRates, generalRates } from "../src/records/rates.ts";
import { createItem, listItems } from "../server/catalogues/items.ts";
import { generateCruises } from "../server/cruises/cruises.ts";
import type { Queryable } from "../server/db/database.ts";
import { openDatabase } from "../server/db/open.ts";
import { queryRows } from "../server/db/rows.ts";
import { seedDemoPassengers } from "../server/demo/passengers.ts";
import { seedDemoReservations } from "../server/demo/reservations.ts";
import { commandDesk, demoCaller } from "../server/demo/salesDesk.ts";
import { decodeEnv } from "../server/env.ts";
import type { CommandOptions } from "../server/events/command.ts";
import { registerProjections } from "../server/events/projection.ts";
import { projections } from "../server/projections.ts";
import { prepareSchema } from "../server/schema.ts";

/** The fields a copy keeps of an item: its name and details, without its id, version and totals. */
const payloadOf = (item: CatalogueItem, catalogue: CatalogueDeclaration, overrides: Record<string, unknown>) => ({
  ...Object.fromEntries(catalogue.api.details.map(({ name }) => [name, item[name] ?? null])),
  name: item.name,
  active: item.active,
  ...overrides,
});

/** The yachts that sell departures in the demo, by name. */
const sold = ["Galápagos Explorer", "Sea Lion"];

/** Copy `copy` of a yacht: the yacht, its decks and cabins, its itineraries and rates; answers the copied itineraries' ids. */
const copyYacht = async (tx: Queryable, source: CatalogueItem, copy: number, options: CommandOptions): Promise<number[]> => {
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
  return itineraries;
};

const times = Number(process.argv[2] ?? "10");
if (!Number.isInteger(times) || times < 2 || times > 50) {
  console.error("usage: npm run seed:operations -- <times, 2 to 50>");
  process.exit(1);
}
registerProjections(projections);
const env = decodeEnv(process.env);
const db = await openDatabase(env);
await prepareSchema(db);
const now = new Date();
const options: CommandOptions = { actorId: null, occurredAt: now };
const started = Date.now();
const sources = (await listItems(db, yachts)).filter((yacht) => sold.includes(yacht.name));
if (sources.length === 0) {
  console.error("no demo yachts here: start the server once with SEED_DEMO=true first");
  process.exit(1);
}
const named = async (name: string): Promise<boolean> =>
  (await queryRows(db, Schema.Struct({ id: Schema.Int }), "select id from yachts where name = $1", [name])).length > 0;
// copies already made by an earlier run keep their numbers: this run goes on after them
let first = 2;
while (await named(`${sources[0]?.name ?? ""} ${first}`)) first += 1;
for (let copy = 2; copy <= times; copy += 1) {
  const copyNumber = first + copy - 2;
  await db.transaction(async (tx) => {
    const yachtIds: number[] = [];
    for (const source of sources) {
      const itineraries = await copyYacht(tx, source, copyNumber, options);
      const from = `${now.toISOString().slice(0, 7)}-01`;
      const to = new Date(Date.parse(`${from}T00:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
      for (const itinerary of itineraries) await generateCruises(tx, { cruiseItineraryId: itinerary, from, to }, options);
      yachtIds.push(...(await queryRows(tx, Schema.Struct({ id: Schema.Int }), "select id from yachts where name = $1", [`${source.name} ${copyNumber}`])).map(({ id }) => id));
    }
    // the database has sales already, which the new ones' facts read: through the commands
    const seller = await demoCaller(tx, now);
    if (seller === null) throw new Error("the demo's sales executive is missing");
    const desk = commandDesk(tx, seller);
    await seedDemoReservations(tx, desk, 400, yachtIds);
    await seedDemoPassengers(tx, desk);
  });
  console.log(`copy ${copy} of ${times}: done (${Math.round((Date.now() - started) / 1000)} s)`);
}
const counts = await queryRows(
  db,
  Schema.Struct({ departures: Schema.Int, reservations: Schema.Int, spaces: Schema.Int, passengers: Schema.Int }),
  `select (select count(*)::int from cruises) as departures, (select count(*)::int from reservations) as reservations,
          (select count(*)::int from spaces) as spaces, (select count(*)::int from passengers) as passengers`,
);
console.log(JSON.stringify(counts[0]));
await db.close();
