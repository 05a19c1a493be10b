import { cabins, cruiseItineraries, decks, yachts } from "../../src/records/fleet.ts";
import { berths, companies, kinds } from "../../src/records/referenceData.ts";
import { createItem } from "../catalogues/items.ts";
import { newImageValue } from "../../src/api/details.ts";
import { catalogues } from "../../src/records/index.ts";
import { yachtPicture } from "./yachtPages.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import { idOf } from "./byName.ts";

/** A berth type of the demo's reference data, by its Spanish name. */
type BerthName = "Cama individual" | "Cama matrimonial" | "Litera";

/** Cabins of one layout on a deck: their numbers, category, berths and whether they are family rooms. */
interface CabinRow {
  readonly numbers: ReadonlyArray<number>;
  readonly category: string;
  readonly berths: ReadonlyArray<BerthName>;
  readonly familyRoom?: boolean;
}

interface DemoYacht {
  readonly name: string;
  readonly initials: string;
  readonly code: string;
  readonly kind: string;
  readonly colour: string;
  /** The decks from the top, each with its cabins. */
  readonly decks: ReadonlyArray<{ readonly name: string; readonly cabins: ReadonlyArray<CabinRow> }>;
}

/** The demo decks' English names (decision 080); migration 025 names existing ones the same. */
const deckNames: Readonly<Record<string, string>> = {
  "Cubierta superior": "Upper deck",
  "Cubierta principal": "Main deck",
  "Cubierta inferior": "Lower deck",
};

/** A demo deck's English name: a numbered deck ("Cubierta 4") keeps its number ("Deck 4"). */
const deckInEnglish = (name: string): string => deckNames[name] ?? name.replace(/^Cubierta (\d+)$/, "Deck $1");

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

const twin: ReadonlyArray<BerthName> = ["Cama individual", "Cama individual"];
const bunks: ReadonlyArray<BerthName> = ["Litera", "Litera"];
const matrimonial: ReadonlyArray<BerthName> = ["Cama matrimonial"];

/**
 * The demo fleet (issue 15): a 16-guest motor yacht, a 16-guest catamaran, a 20-guest motor yacht
 * and a 100-guest expedition ship, their decks from the top and their cabins, whose berths add up
 * to those capacities.
 */
const demoYachts: ReadonlyArray<DemoYacht> = [
  {
    name: "Galápagos Explorer",
    initials: "GEX",
    code: "GEX-01",
    kind: "Yate a motor",
    colour: "#1e6091",
    decks: [
      {
        name: "Cubierta superior",
        cabins: [
          { numbers: [1], category: "double", berths: matrimonial },
          { numbers: [2], category: "double", berths: ["Cama matrimonial", "Litera"], familyRoom: true },
        ],
      },
      { name: "Cubierta principal", cabins: [{ numbers: range(3, 6), category: "singleHigh", berths: twin }] },
      {
        name: "Cubierta inferior",
        cabins: [
          { numbers: [7], category: "singleLowA", berths: bunks },
          { numbers: [8], category: "singleLowB", berths: ["Cama individual"] },
        ],
      },
    ],
  },
  {
    name: "Sea Lion",
    initials: "SEL",
    code: "SEL-02",
    kind: "Catamarán",
    colour: "#2a9d8f",
    decks: [
      { name: "Cubierta principal", cabins: [{ numbers: range(1, 4), category: "catamaran", berths: twin }] },
      {
        name: "Cubierta inferior",
        cabins: [
          { numbers: range(5, 7), category: "catamaran", berths: matrimonial },
          { numbers: [8], category: "catamaran", berths: bunks, familyRoom: true },
        ],
      },
    ],
  },
  {
    name: "Darwin Star",
    initials: "DST",
    code: "DST-03",
    kind: "Yate a motor",
    colour: "#e76f51",
    decks: [
      { name: "Cubierta superior", cabins: [{ numbers: [1, 2], category: "double", berths: matrimonial }] },
      { name: "Cubierta principal", cabins: [{ numbers: range(3, 8), category: "singleHigh", berths: twin }] },
      {
        name: "Cubierta inferior",
        cabins: [
          { numbers: [9], category: "singleLowA", berths: bunks },
          { numbers: [10], category: "singleLowA", berths: bunks, familyRoom: true },
        ],
      },
    ],
  },
  {
    name: "Islas Encantadas",
    initials: "ENC",
    code: "ENC-04",
    kind: "Barco de expedición",
    colour: "#6d597a",
    decks: [
      { name: "Cubierta 4", cabins: [{ numbers: range(401, 410), category: "double", berths: matrimonial }] },
      { name: "Cubierta 3", cabins: [{ numbers: range(301, 315), category: "singleHigh", berths: twin }] },
      { name: "Cubierta 2", cabins: [{ numbers: range(201, 215), category: "singleLowA", berths: twin }] },
      { name: "Cubierta 1", cabins: [{ numbers: range(101, 110), category: "singleLowB", berths: bunks }] },
    ],
  },
];

/** The demo company's four yachts with their decks and cabins, each with its calendar colour. */
export const seedDemoFleet = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  const company = await idOf(tx, companies, "Galápagos Islas Cruceros S.A.");
  const berthIds = new Map<BerthName, number>();
  for (const name of ["Cama individual", "Cama matrimonial", "Litera"] as const) berthIds.set(name, await idOf(tx, berths, name));
  for (const [order, yacht] of demoYachts.entries()) {
    const { name, initials, code, colour } = yacht;
    const kind = await idOf(tx, kinds, yacht.kind);
    const yachtId = await createItem(
      tx,
      yachts,
      { name, initials, code, kind, company, colour, order: order + 1, picture: newImageValue(0), active: true },
      options,
      catalogues,
      [yachtPicture(colour)],
    );
    for (const [deckOrder, deck] of yacht.decks.entries()) {
      const named = { name: deck.name, englishName: deckInEnglish(deck.name) };
      const deckId = await createItem(tx, decks, { ...named, yacht: yachtId, order: deckOrder + 1, active: true }, options);
      for (const row of deck.cabins) {
        for (const number of row.numbers) {
          const cabin = {
            name: String(number),
            yacht: yachtId,
            deck: deckId,
            category: row.category,
            berths: row.berths.map((berth) => berthIds.get(berth) ?? 0),
            familyRoom: row.familyRoom ?? false,
            active: true,
          };
          await createItem(tx, cabins, cabin, options);
        }
      }
    }
  }
};

/** One half day of a demo program: the day, AM or PM, the visit and what is done there. */
type Visit = readonly [day: number, period: "AM" | "PM", visit: string, activities: string];

const program = (visits: ReadonlyArray<Visit>) => visits.map(([day, period, visit, activities]) => ({ day, period, visit, activities }));

/**
 * The demo's cruise itineraries: a 4-, a 5- and an 8-day cruise, as Galápagos operators sell them
 * (the 8 days are the 4 and the 5 joined at Baltra), each with its day-by-day program.
 */
export const seedDemoCruiseItineraries = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  const yachtId = (name: string) => idOf(tx, yachts, name);
  const north = program([
    [1, "AM", "Aeropuerto de Baltra", "Recepción y traslado al yate"],
    [1, "PM", "Isla Santa Cruz: Bachas", "Playa, snorkel y flamencos"],
    [2, "AM", "Isla Genovesa: Darwin Bay", "Caminata entre piqueros de patas rojas"],
    [2, "PM", "Isla Genovesa: El Barranco", "Caminata y búsqueda del búho de campo"],
    [3, "AM", "Isla Bartolomé", "Ascenso al mirador y snorkel con pingüinos"],
    [3, "PM", "Isla Santiago: Bahía Sullivan", "Caminata sobre lava reciente"],
    [4, "AM", "Isla Seymour Norte", "Colonia de fragatas y piqueros"],
    [4, "PM", "Aeropuerto de Baltra", "Traslado al aeropuerto"],
  ]);
  const south = program([
    [1, "AM", "Aeropuerto de Baltra", "Recepción y traslado al yate"],
    [1, "PM", "Isla Santa Cruz: Estación Charles Darwin", "Tortugas gigantes en crianza"],
    [2, "AM", "Isla Española: Punta Suárez", "Albatros de Galápagos y piqueros de Nazca"],
    [2, "PM", "Isla Española: Bahía Gardner", "Playa de lobos marinos y snorkel"],
    [3, "AM", "Isla Floreana: Punta Cormorant", "Laguna de flamencos"],
    [3, "PM", "Isla Floreana: Bahía Post Office", "El barril de correo de los balleneros"],
    [4, "AM", "Isla Santa Fe", "Iguanas terrestres endémicas"],
    [4, "PM", "Isla Plaza Sur", "Colonia de lobos marinos y cactus"],
    [5, "AM", "Isla Seymour Norte", "Fragatas en cortejo"],
    [5, "PM", "Aeropuerto de Baltra", "Traslado al aeropuerto"],
  ]);
  const itineraries = [
    { name: "Norte 4 días", englishName: "North 4 days", code: "N4", yacht: "Galápagos Explorer", days: 4, nights: 3, start: "thursday", end: "sunday", visits: north },
    { name: "Sur 5 días", englishName: "South 5 days", code: "S5", yacht: "Galápagos Explorer", days: 5, nights: 4, start: "sunday", end: "thursday", visits: south },
    {
      name: "Norte y Sur 8 días",
      englishName: "North and South 8 days",
      code: "NS8",
      yacht: "Sea Lion",
      days: 8,
      nights: 7,
      start: "thursday",
      end: "thursday",
      visits: [...north.slice(0, 7), ...south.slice(1).map((visit) => ({ ...visit, day: visit.day + 3 }))],
    },
  ];
  for (const { name, englishName, code, yacht, days, nights, start, end, visits } of itineraries) {
    const route = [...new Set(visits.map(({ visit }) => visit.split(":")[0]))].join(" – ");
    const itinerary = { name, englishName, code, yacht: await yachtId(yacht), days, nights, from: "Baltra", to: "Baltra", route, program: visits };
    await createItem(tx, cruiseItineraries, { ...itinerary, startWeekday: start, endWeekday: end, active: true }, options);
  }
};

