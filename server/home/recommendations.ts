import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import type { Recommendation } from "../../src/api/home.ts";
import { DestinationType } from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import type { Queryable } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import { HOME_RECOMMENDATIONS, recommendationsRecord } from "../events/projections/home.ts";

/** The home page features a handful of destinations, not the catalogue. */
export const RECOMMENDATIONS_MAX = 12;
/** The largest id a serial column holds: a bigger one cannot name a destination. */
const MAX_ID = 2_147_483_647;

const RecommendationRow = Schema.Struct({
  position: Schema.Int,
  id: Schema.Int,
  name: Schema.String,
  days: Schema.String,
  type: DestinationType,
  price: Schema.Finite,
  ofertPrice: Schema.NullOr(Schema.Finite),
  isOfert: Schema.Boolean,
  image: Schema.String,
});
const decodeRow = Schema.decodeUnknownSync(RecommendationRow);

/**
 * The home page's recommended destinations in order, leaving out those deleted since the list was
 * given and numbering the rest from 1, as shown. A recommendation's id is its destination's id
 * (unique in the list), which is what the update endpoint takes back.
 */
export const readRecommendations = async (db: Queryable): Promise<Recommendation[]> =>
  (
    await db.query<unknown>(
      `select (row_number() over (order by r.position))::int as position, i.id, i.name, i.days, i.type,
              i.price::float8 as price, i.ofert_price::float8 as "ofertPrice", i.is_ofert as "isOfert", i.image
         from recommendations r join itineraries i on i.id = r.itinerary_id
        where r.list_id = $1 and i.status <> 'deleted'
        order by r.position`,
      [HOME_RECOMMENDATIONS],
    )
  ).map((row) => {
    const { position, ...itinerary } = decodeRow(row);
    return { id: itinerary.id, type: "recomendation", position, itinerary };
  });

/**
 * Replaces the recommended destinations with `itineraries`, in that order: at most
 * RECOMMENDATIONS_MAX, each once, each a destination that exists and is not deleted (400 invalid
 * information otherwise). The chosen destinations stay locked `for share` until the transaction
 * ends, so a concurrent delete waits and the answers then leave it out. The same list again
 * writes no event.
 */
export const setRecommendations = async (
  tx: Queryable,
  itineraries: ReadonlyArray<number>,
  options: CommandOptions,
): Promise<void> => {
  const unique = new Set(itineraries);
  const outOfRange = itineraries.some((id) => id < 1 || id > MAX_ID);
  if (itineraries.length > RECOMMENDATIONS_MAX || unique.size !== itineraries.length || outOfRange) {
    throw new ApiError(400, messages.invalidInput);
  }
  const live = await tx.query<{ id: number }>(
    "select id from itineraries where id = any($1::int[]) and status <> 'deleted' for share",
    [itineraries],
  );
  if (live.length !== itineraries.length) throw new ApiError(400, messages.invalidInput);
  const current = await tx.query<{ id: number }>(
    "select itinerary_id as id from recommendations where list_id = $1 order by position",
    [HOME_RECOMMENDATIONS],
  );
  if (current.length === itineraries.length && current.every((row, index) => row.id === itineraries[index])) return;
  await decide(tx, recommendationsRecord, HOME_RECOMMENDATIONS, { type: "recommendations.set", itineraries: [...itineraries] }, options);
};
