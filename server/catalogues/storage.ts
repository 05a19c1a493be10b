import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import type { RecordType } from "../events/command.ts";

/**
 * A table and column whose rows point at a catalogue item: while one does, the item is in use
 * and its machine refuses to delete it (it can be deactivated). `match` narrows the rows, e.g.
 * `{ catalogue: "feeding" }` when one table holds the items of several catalogues.
 */
export interface ItemUse {
  readonly table: string;
  readonly column: string;
  readonly match?: Readonly<Record<string, string>>;
}

/** Where a catalogue's items are kept: its read table, and the rows that point at its items. */
export interface CatalogueStorage {
  readonly table: string;
  readonly usedBy: ReadonlyArray<ItemUse>;
}

/**
 * A catalogue as the server serves it: its declaration, and its storage where it brings its own (a
 * test's catalogue); the declared ones are stored as `storage` says. SQL names stay on the server
 * (decision 072): the panel's bundle, which reads the declarations, carries none.
 */
export type ServedCatalogue = CatalogueDeclaration & Partial<CatalogueStorage>;

/** What a destination's days list: rows of itinerary_catalogue_items of that catalogue. */
const listedByDestinations = (catalogue: string): ReadonlyArray<ItemUse> => [
  { table: "itinerary_catalogue_items", column: "item_id", match: { catalogue } },
];

const storage: Readonly<Record<string, CatalogueStorage>> = {
  feeding: { table: "feedings", usedBy: listedByDestinations("feeding") },
  activities: { table: "activities", usedBy: listedByDestinations("activity") },
  courtesies: { table: "courtesies", usedBy: listedByDestinations("courtesy") },
  yachts: { table: "yachts", usedBy: [] },
  decks: { table: "decks", usedBy: [] },
  cabins: { table: "cabins", usedBy: [] },
  cruiseItineraries: { table: "cruise_itineraries", usedBy: [] },
  generalRates: { table: "general_rates", usedBy: [] },
  familyRoomRates: { table: "family_room_rates", usedBy: [] },
  charterRates: { table: "charter_rates", usedBy: [] },
  contractRates: { table: "contract_rates", usedBy: [] },
  airTicketRates: { table: "air_ticket_rates", usedBy: [] },
  ikarusRates: { table: "ikarus_rates", usedBy: [] },
  languages: { table: "languages", usedBy: [] },
  kinds: { table: "kinds", usedBy: [] },
  berths: { table: "berths", usedBy: [] },
  identificationTypes: { table: "identification_types", usedBy: [] },
  countries: { table: "countries", usedBy: [] },
  airlines: { table: "airlines", usedBy: [] },
  captains: { table: "captains", usedBy: [] },
  hoteliers: { table: "hoteliers", usedBy: [] },
  guides: { table: "guides", usedBy: [] },
  genders: { table: "genders", usedBy: [] },
  companies: { table: "companies", usedBy: [] },
  flights: { table: "flights", usedBy: [] },
  seasons: { table: "seasons", usedBy: [] },
  agencies: { table: "agencies", usedBy: [] },
};

const storageOf = (catalogue: ServedCatalogue): CatalogueStorage => {
  if (catalogue.table !== undefined) return { table: catalogue.table, usedBy: catalogue.usedBy ?? [] };
  const stored = storage[catalogue.key];
  if (stored === undefined) throw new Error(`catalogue '${catalogue.key}' has no table: declare it in server/catalogues/storage.ts`);
  return stored;
};

/** The read table of a catalogue. */
export const tableOf = (catalogue: ServedCatalogue): string => storageOf(catalogue).table;

/** The rows that point at a catalogue's items. */
export const usesOf = (catalogue: ServedCatalogue): ReadonlyArray<ItemUse> => storageOf(catalogue).usedBy;

const records = new WeakMap<ServedCatalogue, ServedCatalogue & RecordType<ServedCatalogue["machine"]>>();

/** A catalogue as the event store decides and projects it: its declaration with its table, made once per catalogue. */
export const catalogueRecord = (catalogue: ServedCatalogue): ServedCatalogue & RecordType<ServedCatalogue["machine"]> => {
  const made = records.get(catalogue) ?? { ...catalogue, table: tableOf(catalogue) };
  records.set(catalogue, made);
  return made;
};
