import { cruiseItineraries } from "../../src/records/fleet.ts";
import { tableOf } from "../catalogues/storage.ts";
import { captains, guides, hoteliers, languages } from "../../src/records/referenceData.ts";
import { addDays } from "../../src/machines/domain/calendar.ts";
import { generateCruises } from "../cruises/cruises.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import { idOf, idsByName } from "./byName.ts";

/** How far ahead the demo's departures go: a year from the first day of the month the demo is loaded in. */
const DEMO_DAYS = 365;

/**
 * A year of departures for the demo's itineraries (DOMAIN.md section 4): the Explorer alternates
 * its North (Thursday) and South (Sunday) cruises, the Sea Lion sails its eight days from Thursday
 * to Thursday. Each is generated as staff would, through the cruise machine, with its yacht's
 * usual guides, languages, captain and hotelier.
 */
export const seedDemoCruises = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  const from = `${options.occurredAt.toISOString().slice(0, 7)}-01`;
  const to = addDays(from, DEMO_DAYS);
  const staffing = async (guideNames: ReadonlyArray<string>, languageNames: ReadonlyArray<string>, captain: string, hotelier: string) => ({
    guideIds: await idsByName(tx, tableOf(guides), guideNames),
    languageIds: await idsByName(tx, tableOf(languages), languageNames),
    captainId: await idOf(tx, captains, captain),
    hotelierId: await idOf(tx, hoteliers, hotelier),
  });
  const explorer = await staffing(["Juan", "Ana"], ["Español", "Inglés"], "Fausto", "Servicios Hoteleros Santa Cruz");
  const seaLion = await staffing(["Diego", "Lucía"], ["Español", "Inglés", "Francés"], "Wilson", "Galápagos Catering");
  for (const [name, crew] of [["Norte 4 días", explorer], ["Sur 5 días", explorer], ["Norte y Sur 8 días", seaLion]] as const) {
    await generateCruises(tx, { cruiseItineraryId: await idOf(tx, cruiseItineraries, name), from, to }, options, crew);
  }
};
