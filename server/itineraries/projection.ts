import {
  type ItineraryFields,
  ItineraryEvent,
  itineraryMachine,
} from "../../src/machines/domain/itinerary.machine.ts";
import type { Queryable } from "../db/database.ts";
import { execute } from "../db/rows.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection } from "../events/projection.ts";

export const itineraryRecord: RecordType<typeof itineraryMachine> = { stream: "itinerary", table: "itineraries", machine: itineraryMachine };

/** The catalogue lists of a destination and the stream name each one's items live in. */
export const catalogueLinks = [
  { field: "feeding", catalogue: "feeding" },
  { field: "activities", catalogue: "activity" },
  { field: "courtesy", catalogue: "courtesy" },
] as const;

/** Replaces a destination's links to catalogue items: what lets an item in use refuse deletion. */
const linkItems = async (tx: Queryable, id: number | string, fields: ItineraryFields | null): Promise<void> => {
  await execute(tx, "delete from itinerary_catalogue_items where itinerary_id = $1", [id]);
  if (fields === null) return;
  for (const { field, catalogue } of catalogueLinks) {
    await execute(
      tx,
      `insert into itinerary_catalogue_items (itinerary_id, catalogue, item_id)
       select $1, $2, item_id from unnest($3::int[]) as item_id`,
      [id, catalogue, fields[field]],
    );
  }
};

/** The itineraries row's columns of a destination's fields (its catalogue items are links). */
const columns = (fields: ItineraryFields) => ({
  name: fields.name,
  days: fields.days,
  description: fields.description,
  availability: fields.availability,
  price: fields.price,
  offer_price: fields.offerPrice,
  is_offer: fields.isOffer,
  type: fields.destinationType,
  region: fields.region,
  services_included: fields.servicesIncluded,
  departure_from: fields.departureFrom,
  image: fields.image,
  image_alt: fields.imageAlt,
  name_en: fields.nameEn,
  days_en: fields.daysEn,
  description_en: fields.descriptionEn,
  image_alt_en: fields.imageAltEn,
});

/** Owns the catalogue links too: a rebuild empties them with the destinations and refills both. */
export const itinerariesProjection: Projection = recordProjection({
  record: itineraryRecord,
  events: ItineraryEvent,
  alsoFills: ["itinerary_catalogue_items"],
  on: {
    "itinerary.create": async ({ tx, event, row, insert }) => {
      await insert(columns(event));
      return linkItems(tx, row.id, event);
    },
    "itinerary.update": async ({ tx, event, row, update }) => {
      await update(columns(event));
      return linkItems(tx, row.id, event);
    },
    "itinerary.delete": async ({ tx, row, update }) => {
      await update();
      return linkItems(tx, row.id, null);
    },
  },
});
