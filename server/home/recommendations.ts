import { Schema, Struct } from "effect";
import { RECOMMENDATIONS_MAX, Recommendation, RecommendedItinerary } from "../../src/api/home.ts";
import type { RecommendationsFacts } from "../../src/machines/domain/recommendations.machine.ts";
import type { Queryable } from "../db/database.ts";
import { IdRow, queryOne, queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, expectVersion } from "../events/command.ts";
import { RecordVersion } from "../../src/api/versions.ts";
import { HOME_RECOMMENDATIONS, recommendationsRecord } from "./projection.ts";
import { dollarsOf } from "../../src/api/cents.ts";
import { SummedCents } from "../reservations/price.ts";

/** A recommended destination as the contract shows it, with its place in the list, its prices as their cents (decision 088). */
const RecommendationRow = RecommendedItinerary.mapFields(Struct.omit(["price", "offerPrice"])).mapFields(
  Struct.assign({ position: Recommendation.fields.position, priceCents: SummedCents, offerPriceCents: Schema.NullOr(SummedCents) }),
);

/**
 * The home page's recommended destinations in order, leaving out those deleted since the list was
 * given and numbering the rest from 1, as shown. A recommendation's id is its destination's id
 * (unique in the list), which is what the update endpoint takes back.
 */
export const readRecommendations = async (db: Queryable): Promise<Recommendation[]> =>
  (
    await queryRows(
      db,
      RecommendationRow,
      `select (row_number() over (order by r.position))::int as position, i.id, i.name, i.days, i.type,
              (i.price * 100)::bigint::text as "priceCents", (i.offer_price * 100)::bigint::text as "offerPriceCents", i.is_offer as "isOffer", i.image,
              i.name_en as "nameEn", i.days_en as "daysEn", i.image_alt as "imageAlt", i.image_alt_en as "imageAltEn"
         from recommendations r join itineraries i on i.id = r.itinerary_id
        where r.list_id = $1 and i.status <> 'deleted'
        order by r.position`,
      [HOME_RECOMMENDATIONS],
    )
  ).map((row) => {
    const { position, priceCents, offerPriceCents, ...rest } = row;
    const itinerary = { ...rest, price: dollarsOf(priceCents), offerPrice: offerPriceCents === null ? null : dollarsOf(offerPriceCents) };
    return { id: itinerary.id, type: "recommendation", position, itinerary };
  });

/**
 * The facts the recommendations' machine decides a list with: too many, one named twice, one that
 * does not exist or is deleted. The chosen destinations stay locked `for share` until the
 * transaction ends, so a concurrent delete waits and the answers then leave it out.
 */
const listFacts = async (tx: Queryable, itineraries: ReadonlyArray<number>): Promise<RecommendationsFacts> => {
  const unique = [...new Set(itineraries)];
  const live = await queryRows(
    tx,
    IdRow,
    "select id from itineraries where id = any($1::int[]) and status <> 'deleted' for share",
    [unique],
  );
  return {
    hasTooManyDestinations: itineraries.length > RECOMMENDATIONS_MAX,
    hasRepeatedDestination: unique.length !== itineraries.length,
    hasUnavailableDestination: live.length !== unique.length,
  };
};

/**
 * Replaces the recommended destinations with `itineraries`, in that order, from a list loaded at
 * `version`; the machine refuses a list that breaks a rule (400 invalid information). The same
 * list again writes no event, unless a destination of it was deleted since: that one is refused
 * like any other.
 */
export const setRecommendations = async (
  tx: Queryable,
  { itineraries, version }: { readonly itineraries: ReadonlyArray<number>; readonly version: RecordVersion },
  options: CommandOptions,
): Promise<void> => {
  await expectVersion(tx, recommendationsRecord, HOME_RECOMMENDATIONS, version);
  const facts = await listFacts(tx, itineraries);
  const current = await queryRows(
    tx,
    IdRow,
    "select itinerary_id as id from recommendations where list_id = $1 order by position",
    [HOME_RECOMMENDATIONS],
  );
  const unchanged = current.length === itineraries.length && current.every((row, index) => row.id === itineraries[index]);
  if (unchanged && !facts.hasUnavailableDestination) return;
  const event = { type: "recommendations.set", itineraries: [...itineraries] } as const;
  await decide(tx, recommendationsRecord, HOME_RECOMMENDATIONS, event, options, facts);
};

/** The recommendations list's version (0 before anyone set it), which its save sends back. */
export const recommendationsVersion = async (db: Queryable): Promise<RecordVersion> =>
  (await queryOne(db, Schema.Struct({ version: RecordVersion }), "select version from recommendation_lists where id = $1", [HOME_RECOMMENDATIONS]))
    ?.version ?? 0;
