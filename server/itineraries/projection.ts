import {
  type ItineraryFields,
  ItineraryEvent,
  itineraryMachine,
} from "../../src/machines/domain/itinerary.machine.ts";
import type { Queryable } from "../db/database.ts";
import type { RecordType } from "../events/command.ts";
import { toMachineEvent } from "../events/decode.ts";
import { nextStatus } from "../events/machine.ts";
import type { StoredEvent } from "../events/store.ts";
import type { Projection } from "../events/projection.ts";

export const itineraryRecord: RecordType<typeof itineraryMachine> = {
  stream: "itinerary",
  table: "itineraries",
  machine: itineraryMachine,
};

/** The catalogue lists of a destination and the stream name each one's items live in. */
export const catalogueLinks = [
  { field: "feeding", catalogue: "feeding" },
  { field: "activities", catalogue: "activity" },
  { field: "courtesy", catalogue: "courtesy" },
] as const;

/** Replaces a destination's links to catalogue items: what lets an item in use refuse deletion. */
const linkItems = async (tx: Queryable, id: number, fields: ItineraryFields | null): Promise<void> => {
  await tx.query("delete from itinerary_catalogue_items where itinerary_id = $1", [id]);
  if (fields === null) return;
  for (const { field, catalogue } of catalogueLinks) {
    await tx.query(
      `insert into itinerary_catalogue_items (itinerary_id, catalogue, item_id)
       select $1, $2, item_id from unnest($3::int[]) as item_id`,
      [id, catalogue, fields[field]],
    );
  }
};

const columns = (fields: ItineraryFields) => [
  fields.name,
  fields.days,
  fields.description,
  fields.avalability,
  fields.price,
  fields.ofertPrice,
  fields.isOfert,
  fields.destinationType,
  fields.region,
  fields.servicesIncluded,
  fields.departureFrom,
  fields.image,
];

const apply = async (tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(ItineraryEvent, stored);
  const id = Number(stored.streamId);
  const [row] = await tx.query<{ status: string }>("select status from itineraries where id = $1", [id]);
  const status = nextStatus(itineraryMachine, row?.status ?? null, event);
  if (status === null) throw new Error(`itinerary ${id}: stored event ${stored.id} (${event.type}) does not apply`);
  const bookkeeping = [status, stored.version, stored.occurredAt, id] as const;
  switch (event.type) {
    case "itinerary.create":
      await tx.query(
        `insert into itineraries (status, version, created_at, id, updated_at, name, days, description, avalability,
           price, ofert_price, is_ofert, type, region, services_included, departure_from, image)
         values ($1, $2, $3, $4, $3, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [...bookkeeping, ...columns(event)],
      );
      await linkItems(tx, id, event);
      return;
    case "itinerary.update":
      await tx.query(
        `update itineraries set status = $1, version = $2, updated_at = $3, name = $5, days = $6, description = $7,
           avalability = $8, price = $9, ofert_price = $10, is_ofert = $11, type = $12, region = $13,
           services_included = $14, departure_from = $15, image = $16
         where id = $4`,
        [...bookkeeping, ...columns(event)],
      );
      await linkItems(tx, id, event);
      return;
    case "itinerary.delete":
      await tx.query("update itineraries set status = $1, version = $2, updated_at = $3 where id = $4", bookkeeping);
      await linkItems(tx, id, null);
      return;
  }
};

/** Owns the catalogue links too: a rebuild empties them with the destinations and refills both. */
export const itinerariesProjection: Projection = {
  stream: itineraryRecord.stream,
  tables: ["itineraries", "itinerary_catalogue_items"],
  sequences: [{ table: "itineraries", column: "id" }],
  apply,
};
