import { detail } from "../api/details.ts";
import { textField } from "../api/fields.ts";
import { messages } from "../api/messages.ts";
import { type YachtPageName, yachtPageNames } from "../api/yachtPages.ts";
import { type CatalogueDeclaration, referencesTo, referenceTo, simpleCatalogue } from "./catalogue.ts";
import { berths, companies, englishNameDetail, kinds } from "./referenceData.ts";
import { cabinsEntry, cruiseItinerariesEntry, decksEntry, yachtsEntry } from "./entries.ts";

/**
 * The operator's yachts (DOMAIN.md section 3), under the menu's Flota: admins edit them, marketing
 * and sales read them. The colour marks the yacht's departures in calendars; the order sorts the
 * fleet wherever it is listed. Its capacity is the sum of its cabins', and its picture and eight
 * pages come with them.
 */
/** A yacht's page in the panel (SPEC.md section 2): `/panel/yacht/{id}/{page}`. */
export const yachtPagePath = (yachtId: number | string, page: YachtPageName): string => `/panel/yacht/${yachtId}/${page}`;

export const yachts = simpleCatalogue({
  ...yachtsEntry,
  resource: "yachts",
  singular: "Yacht",
  stream: "yacht",
  writers: ["admin"],
  newPaths: ["/panel/yacht/yacht_new"],
  details: [
    { name: "initials", label: "detail.initials", rule: detail.text(textField(4, { required: true })), column: true },
    { name: "code", label: "detail.code", rule: detail.text(textField(10, { required: true })) },
    { name: "kind", label: "detail.kind", ...referenceTo(kinds), column: true },
    // not a column: the fleet is one company's, and the row keeps its width for the pages' menu
    { name: "company", label: "detail.company", ...referenceTo(companies, { unselected: messages.selectCompany }) },
    {
      name: "order",
      label: "detail.order",
      rule: detail.number({ required: true, minimum: 1, maximum: 99, whole: true }),
      column: true,
    },
    { name: "colour", label: "detail.colour", rule: detail.colour() },
    { name: "picture", label: "detail.picture", rule: detail.image() },
  ],
  totals: [{ name: "capacity", label: "detail.capacity", kind: "pointing", catalogue: "cabins", detail: "yacht", value: "capacity" }],
  rowMenu: {
    label: "yachtPage.menu",
    links: (yacht) => yachtPageNames.map((page) => ({ to: yachtPagePath(yacht.id, page), label: `yachtPage.${page}` })),
  },
});

/** What every part of a yacht shares: who edits it, the list narrowed to one yacht. */
const yachtPart = {
  writers: ["admin"],
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
  ...decksEntry,
  resource: "decks",
  singular: "Deck",
  stream: "deck",
  newPaths: ["/panel/deck/deck_new"],
  nameLabel: "detail.spanishName",
  details: [yachtOf(), englishNameDetail, { name: "order", label: "detail.order", rule: detail.number({ required: true, minimum: 1, maximum: 20, whole: true }), column: true }],
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
  ...cabinsEntry,
  resource: "cabins",
  singular: "Cabin",
  stream: "cabin",
  newPaths: ["/panel/cabin/cabin_new"],
  nameLabel: "detail.cabinNumber",
  nameField: textField(10, { required: true }),
  details: [
    yachtOf(),
    { name: "deck", label: "detail.deck", ...referenceTo(decks, { within: "yacht" }), column: true },
    { name: "category", label: "detail.category", rule: detail.choice(cabinCategories), column: true },
    { name: "berths", label: "detail.berths", ...referencesTo(berths, { repeats: true }), column: true },
    { name: "familyRoom", label: "detail.familyRoom", rule: detail.flag() },
  ],
  totals: [{ name: "capacity", label: "detail.capacity", kind: "chosen", detail: "berths", value: "capacity" }],
});

/** The days of the week, as a departure's start and end days are chosen. */
export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** A place of an itinerary: an airport, a port or an island. */
const place = textField(80, { required: true });

/**
 * A yacht's cruise itineraries (SPEC.md "Itinerary for cruises", DOMAIN.md section 3; not the
 * marketing destinations): how many days and nights, from and to where, on which weekdays a
 * departure starts and ends, the route, and the day-by-day program of morning and afternoon visits.
 * Departures (issue 17) are generated from them.
 */
export const cruiseItineraries = simpleCatalogue({
  ...cruiseItinerariesEntry,
  resource: "cruiseItineraries",
  singular: "CruiseItinerary",
  stream: "cruiseItinerary",
  writers: ["admin"],
  newPaths: ["/panel/cruise_itinerary/cruise_itinerary_new"],
  filters: ["yacht"],
  nameLabel: "detail.spanishName",
  details: [
    englishNameDetail,
    { name: "code", label: "detail.code", rule: detail.text(textField(10, { required: true })), column: true },
    yachtOf(),
    { name: "days", label: "detail.days", rule: detail.number({ required: true, minimum: 2, maximum: 15, whole: true }), column: true },
    { name: "nights", label: "detail.nights", rule: detail.number({ required: true, minimum: 1, maximum: 14, whole: true }), column: true },
    { name: "from", label: "detail.from", rule: detail.text(place) },
    { name: "to", label: "detail.to", rule: detail.text(place) },
    { name: "startWeekday", label: "detail.startWeekday", rule: detail.choice(weekdays), column: true },
    { name: "endWeekday", label: "detail.endWeekday", rule: detail.choice(weekdays), column: true },
    { name: "route", label: "detail.route", rule: detail.text(textField(500)) },
    { name: "map", label: "detail.map", rule: detail.image() },
    {
      name: "program",
      label: "detail.program",
      addRow: "detail.addDay",
      rule: detail.rows(
        [
          { name: "day", label: "detail.day", rule: { kind: "number", required: true, minimum: 1, maximum: 15, whole: true } },
          { name: "period", label: "detail.period", rule: { kind: "choice", required: true, options: ["AM", "PM"] } },
          { name: "visit", label: "detail.visit", rule: { kind: "text", text: textField(120, { required: true }) } },
          { name: "activities", label: "detail.activities", rule: { kind: "text", text: textField(300) } },
        ],
        30,
      ),
    },
  ],
});

/** The fleet in the menu's order. */
export const fleet = [yachts, decks, cabins, cruiseItineraries];
