/**
 * `npm run seed:operations -- 10`: multiplies the demo's operations by N on the database the
 * server would use (DATA_DIR or DATABASE_URL), for measuring at volume. The demo sells two yachts
 * a year ahead; this adds N-1 copies of each (their decks, cabins, cruise itineraries and rates,
 * under their own names), schedules their year of departures and fills them as the demo fills its
 * own: reservations in every state, passengers and flights, each judged by the domain's machines,
 * decided in memory and written together (server/demo/copies.ts).
 * Run it once on a demo database; a second run adds copies after the ones there.
 */
import { Schema } from "effect";
import { copyDemoOperations, demoSources, nextCopyNumber } from "../server/demo/copies.ts";
import { openDatabase } from "../server/db/open.ts";
import { queryRows } from "../server/db/rows.ts";
import { decodeEnv } from "../server/env.ts";
import { registerProjections } from "../server/events/projection.ts";
import { projections } from "../server/projections.ts";
import { prepareSchema } from "../server/schema.ts";

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
const started = Date.now();
const sources = await demoSources(db);
if (sources.length === 0) {
  console.error("no demo yachts here: start the server once with SEED_DEMO=true first");
  process.exit(1);
}
const first = await nextCopyNumber(db, sources);
for (let copy = 2; copy <= times; copy += 1) {
  await db.transaction((tx) => copyDemoOperations(tx, sources, first + copy - 2, now));
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
