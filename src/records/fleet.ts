import { detail } from "../api/details.ts";
import { textField } from "../api/fields.ts";
import { messages } from "../api/messages.ts";
import { type CatalogueDeclaration, referencesTo, referenceTo, simpleCatalogue } from "./catalogue.ts";
import { berths, companies, kinds } from "./referenceData.ts";

/**
 * The operator's yachts (DOMAIN.md section 3), under the menu's Flota: admins edit them, marketing
 * and sales read them. The colour marks the yacht's departures in calendars; the order sorts the
 * fleet wherever it is listed. Its capacity is the sum of its cabins', and its picture and eight
 * pages come with them.
 */
export const yachts = simpleCatalogue({
  key: "yachts",
  resource: "yachts",
  singular: "Yacht",
  stream: "yacht",
  table: "yachts",
  readers: ["admin", "marketing", "sales"],
  writers: ["admin"],
  listPath: "/panel/yacht",
  newPaths: ["/panel/yacht/yacht_new"],
  menu: { section: "fleet" },
  details: [
    { name: "initials", label: "detail.initials", rule: detail.text(textField(4, { required: true })), column: true },
    { name: "code", label: "detail.code", rule: detail.text(textField(10, { required: true })) },
    { name: "kind", label: "detail.kind", ...referenceTo(kinds), column: true },
    { name: "company", label: "detail.company", ...referenceTo(companies, { unselected: messages.selectCompany }), column: true },
    {
      name: "order",
      label: "detail.order",
      rule: detail.number({ required: true, minimum: 1, maximum: 99, whole: true }),
      column: true,
    },
    { name: "colour", label: "detail.colour", rule: detail.colour() },
  ],
  totals: [{ name: "capacity", label: "detail.capacity", kind: "pointing", catalogue: "cabins", detail: "yacht", value: "capacity" }],
});

/** What every part of a yacht shares: who reads and edits it, its menu section, the list narrowed to one yacht. */
const yachtPart = {
  readers: ["admin", "marketing", "sales"],
  writers: ["admin"],
  menu: { section: "fleet" },
  filters: ["yacht"],
  namesWithin: "yacht",
} as const;

/** The yacht a part belongs to: required, and the list's first column. */
const yachtOf = (): { name: string; label: string; column: true } & ReturnType<typeof referenceTo> => ({
  name: "yacht",
  label: "detail.yacht",
  ...referenceTo(yachts),
  column: true,
});

/** A yacht's decks, in their order from the top: where its cabins are, each drawn on its plan. */
export const decks = simpleCatalogue({
  ...yachtPart,
  key: "decks",
  resource: "decks",
  singular: "Deck",
  stream: "deck",
  table: "decks",
  listPath: "/panel/deck",
  newPaths: ["/panel/deck/deck_new"],
  details: [yachtOf(), { name: "order", label: "detail.order", rule: detail.number({ required: true, minimum: 1, maximum: 20, whole: true }), column: true }],
});

/** The categories of SPEC.md's cabins, which rates are set by. */
export const cabinCategories = ["singleHigh", "singleLowA", "singleLowB", "double", "catamaran"] as const;

/**
 * A yacht's cabins (DOMAIN.md section 3): named by their number, on one of the yacht's decks, of a
 * category, with their berths (a berth type as often as the cabin has it). Its capacity is the sum
 * of its berths'; the family-room flag lets one reservation take the whole cabin.
 */
export const cabins: CatalogueDeclaration = simpleCatalogue({
  ...yachtPart,
  key: "cabins",
  resource: "cabins",
  singular: "Cabin",
  stream: "cabin",
  table: "cabins",
  listPath: "/panel/cabin",
  newPaths: ["/panel/cabin/cabin_new"],
  nameLabel: "detail.cabinNumber",
  nameField: textField(10, { required: true }),
  details: [
    yachtOf(),
    { name: "deck", label: "detail.deck", ...referenceTo(decks, { within: "yacht" }), column: true },
    { name: "category", label: "detail.category", rule: detail.choice(cabinCategories), column: true },
    { name: "berths", label: "detail.berths", ...referencesTo(berths, { repeats: true }), column: true },
    { name: "familyRoom", label: "detail.familyRoom", rule: detail.flag(), column: true },
  ],
  totals: [{ name: "capacity", label: "detail.capacity", kind: "chosen", detail: "berths", value: "capacity" }],
});

/** The fleet in the menu's order. */
export const fleet = [yachts, decks, cabins];
