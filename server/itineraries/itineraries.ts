import { isDeepStrictEqual } from "node:util";
import { tableOf } from "../catalogues/storage.ts";
import { Schema, Struct } from "effect";
import { firstProblem } from "../../src/api/fields.ts";
import { dollarsOf } from "../../src/api/cents.ts";
import { ItineraryId } from "../../src/api/ids.ts";
import {
  type DestinationType,
  IncludedItem,
  type Itinerary,
  ItineraryContent,
  type ItineraryForm,
  type ItineraryImage,
  isOfferAbovePrice,
  itineraryProblems,
  Region,
} from "../../src/api/itineraries.ts";
import type { ItineraryFacts, ItineraryFields } from "../../src/machines/domain/itinerary.machine.ts";
import type { Queryable } from "../db/database.ts";
import { IdRow, queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, decideNew, expectVersion } from "../events/command.ts";
import type { RecordVersion } from "../../src/api/versions.ts";
import { orNotFound } from "../http/found.ts";
import { activityRecord, courtesyRecord, feedingRecord } from "../catalogues/projection.ts";
import { catalogueLinks, itineraryRecord } from "./projection.ts";
import { type ItineraryDraft, itineraryDraft } from "./form.ts";
import { removeUnusedImages } from "../uploads/store.ts";
import { SummedCents } from "../reservations/price.ts";

/** The table of each catalogue a destination lists items of. */
const catalogueTables = {
  feeding: tableOf(feedingRecord),
  activity: tableOf(activityRecord),
  courtesy: tableOf(courtesyRecord),
} as const;

/**
 * An itineraries row: the contract's destination without its catalogue items, the region null
 * when none, the prices as their cents (the numeric column read exactly, decision 088).
 */
const ItineraryRow = ItineraryContent.mapFields(
  Struct.evolve({ region: () => Schema.NullOr(Region) }),
)
  .mapFields(Struct.omit(["feeding", "activities", "courtesy", "price", "offerPrice"]))
  .mapFields(Struct.assign({ priceCents: SummedCents, offerPriceCents: Schema.NullOr(SummedCents) }));

/** A catalogue item a destination lists, as the contract shows it. */
const LinkRow = IncludedItem.mapFields(
  Struct.assign({ itineraryId: ItineraryId, catalogue: Schema.Literals(["feeding", "activity", "courtesy"]) }),
);

/** The prices come back as the text of their whole cents: a numeric(12, 2) times 100 is exact, no binary fraction. */
const itineraryColumns = `id, name, days, description, availability, (price * 100)::bigint::text as "priceCents",
  (offer_price * 100)::bigint::text as "offerPriceCents", is_offer as "isOffer", type, region,
  services_included as "servicesIncluded", departure_from as "departureFrom", image, image_alt as "imageAlt",
  name_en as "nameEn", days_en as "daysEn", description_en as "descriptionEn", image_alt_en as "imageAltEn", version`;

/**
 * Live destinations with their catalogue items (by name, as the catalogues list them, with the
 * ICU root collation named so PGlite and PostgreSQL agree), by name.
 */
const readItineraries = async (
  db: Queryable,
  where: string,
  params: ReadonlyArray<unknown>,
  lock = "",
): Promise<Itinerary[]> => {
  const rows = await queryRows(
    db,
    ItineraryRow,
    `select ${itineraryColumns} from itineraries where status <> 'deleted' and ${where}
     order by name collate "und-x-icu", id ${lock}`,
    params,
  );
  if (rows.length === 0) return [];
  const links = await queryRows(
    db,
    LinkRow,
    `select l.itinerary_id as "itineraryId", l.catalogue, l.item_id as id,
            coalesce(f.name, a.name, c.name) as name
       from itinerary_catalogue_items l
       left join ${catalogueTables.feeding} f on l.catalogue = 'feeding' and f.id = l.item_id
       left join ${catalogueTables.activity} a on l.catalogue = 'activity' and a.id = l.item_id
       left join ${catalogueTables.courtesy} c on l.catalogue = 'courtesy' and c.id = l.item_id
      where l.itinerary_id = any($1::int[])
      order by coalesce(f.name, a.name, c.name) collate "und-x-icu", l.item_id`,
    [rows.map((row) => row.id)],
  );
  return rows.map(({ region, priceCents, offerPriceCents, ...row }) => {
    const itemsOf = (catalogue: (typeof catalogueLinks)[number]["catalogue"]) =>
      links
        .filter((link) => link.itineraryId === row.id && link.catalogue === catalogue)
        .map((link) => ({ id: link.id, name: link.name }));
    const itinerary = {
      ...row,
      price: dollarsOf(priceCents),
      offerPrice: offerPriceCents === null ? null : dollarsOf(offerPriceCents),
      feeding: itemsOf("feeding"),
      activities: itemsOf("activity"),
      courtesy: itemsOf("courtesy"),
    };
    // The contract names a region for national destinations only.
    return region === null ? itinerary : { ...itinerary, region };
  });
};

export const listItineraries = (db: Queryable): Promise<Itinerary[]> => readItineraries(db, "true", []);

export const listItinerariesOfType = (db: Queryable, type: DestinationType): Promise<Itinerary[]> =>
  readItineraries(db, "type = $1", [type]);

/** A live destination, or null; `lock` ("for update") keeps it locked until the transaction ends. */
export const findItinerary = async (db: Queryable, id: ItineraryId, lock = ""): Promise<Itinerary | null> =>
  (await readItineraries(db, "id = $1", [id], lock))[0] ?? null;

/** A live destination as its last event left it, locked until the transaction ends; 404 when gone. */
const lockItinerary = async (tx: Queryable, id: ItineraryId): Promise<ItineraryFields> => {
  const itinerary = orNotFound(await findItinerary(tx, id, "for update"));
  const ids = (items: ReadonlyArray<{ readonly id: number }>) => items.map((item) => item.id).sort((a, b) => a - b);
  // The same keys and order of lists as a decided event, so an unchanged form compares equal.
  return {
    name: itinerary.name,
    days: itinerary.days,
    description: itinerary.description,
    availability: itinerary.availability,
    price: itinerary.price,
    offerPrice: itinerary.offerPrice,
    isOffer: itinerary.isOffer,
    destinationType: itinerary.type,
    region: itinerary.region ?? null,
    servicesIncluded: itinerary.servicesIncluded,
    departureFrom: itinerary.departureFrom,
    feeding: ids(itinerary.feeding),
    activities: ids(itinerary.activities),
    courtesy: ids(itinerary.courtesy),
    image: itinerary.image,
    imageAlt: itinerary.imageAlt,
    nameEn: itinerary.nameEn,
    daysEn: itinerary.daysEn,
    descriptionEn: itinerary.descriptionEn,
    imageAltEn: itinerary.imageAltEn,
  };
};

/**
 * Whether a chosen catalogue item does not exist, is deleted, or is inactive without the
 * destination already including it (deactivating an item does not take it from the destinations
 * that use it). The chosen items stay locked `for share` until the transaction ends, so a
 * concurrent delete of one of them waits and then sees the link.
 */
const hasUnavailableItem = async (
  tx: Queryable,
  draft: ItineraryDraft,
  current: ItineraryFields | null,
): Promise<boolean> => {
  for (const { field, catalogue } of catalogueLinks) {
    const wanted = draft[field];
    if (wanted.length === 0) continue;
    const rows = await queryRows(
      tx,
      IdRow,
      `select id from ${catalogueTables[catalogue]}
        where id = any($1::int[]) and status <> 'deleted' and (active or id = any($2::int[]))
        for share`,
      [wanted, current?.[field] ?? []],
    );
    if (rows.length !== wanted.length) return true;
  }
  return false;
};

/** The facts the destination's machine decides a create or an update with. */
const formFacts = async (
  tx: Queryable,
  form: ItineraryForm,
  draft: ItineraryDraft,
  image: ItineraryImage,
  current: ItineraryFields | null,
): Promise<ItineraryFacts> => ({
  fieldProblem: firstProblem(itineraryProblems(form, image)),
  isOfferAbovePrice: isOfferAbovePrice(form),
  hasUnavailableItem: await hasUnavailableItem(tx, draft, current),
});

/**
 * Adds a destination through the event store and answers its id; `image` is the stored photo,
 * null when the form sent none (the machine then refuses: a new destination needs one).
 */
export const createItinerary = async (
  tx: Queryable,
  form: ItineraryForm,
  image: string | null,
  options: CommandOptions,
): Promise<number> => {
  const draft = itineraryDraft(form);
  const facts = await formFacts(tx, form, draft, { isNew: true, hasImage: image !== null }, null);
  const event = { type: "itinerary.create", ...draft, image: image ?? "" } as const;
  return decideNew(tx, itineraryRecord, event, options, facts);
};

/**
 * Saves the edit form loaded at `version`; `image` null keeps the current photo, and a replaced
 * one is removed when nothing else uses it. A form that changes nothing writes no event: it
 * equals what was decided before, so no rule refuses it (a price that is no amount reads as NaN
 * and equals nothing stored).
 */
export const updateItinerary = async (
  tx: Queryable,
  id: ItineraryId,
  { version, ...form }: ItineraryForm & { readonly version: RecordVersion },
  image: string | null,
  options: CommandOptions,
): Promise<void> => {
  const current = await lockItinerary(tx, id);
  await expectVersion(tx, itineraryRecord, String(id), version);
  const draft = itineraryDraft(form);
  const fields: ItineraryFields = { ...draft, image: image ?? current.image };
  if (isDeepStrictEqual(fields, current)) return;
  const facts = await formFacts(tx, form, draft, { isNew: false, hasImage: image !== null }, current);
  await decide(tx, itineraryRecord, String(id), { type: "itinerary.update", ...fields }, options, facts);
  // A replaced photo goes, unless another record shows it too.
  if (fields.image !== current.image) await removeUnusedImages(tx, [current.image]);
};

/** Deletes a destination; its catalogue links go with it, and its photo unless another record shows it. */
export const deleteItinerary = async (tx: Queryable, id: ItineraryId, options: CommandOptions): Promise<void> => {
  const current = await lockItinerary(tx, id);
  await decide(tx, itineraryRecord, String(id), { type: "itinerary.delete" }, options);
  await removeUnusedImages(tx, [current.image]);
};
