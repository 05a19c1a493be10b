import { cruiseItineraries } from "../../src/records/fleet.ts";
import { addDays, generateCruises } from "../cruises/cruises.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import { idOf } from "./byName.ts";

/** How far ahead the demo's departures go: a year from the first day of the month the demo is loaded in. */
const DEMO_DAYS = 365;

/**
 * A year of departures for the demo's itineraries (DOMAIN.md section 4): the Explorer alternates
 * its North (Thursday) and South (Sunday) cruises, the Sea Lion sails its eight days from Thursday
 * to Thursday. Each is generated as staff would, through the cruise machine.
 */
export const seedDemoCruises = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  const from = `${options.occurredAt.toISOString().slice(0, 7)}-01`;
  const to = addDays(from, DEMO_DAYS);
  for (const name of ["Norte 4 días", "Sur 5 días", "Norte y Sur 8 días"]) {
    await generateCruises(tx, { cruiseItineraryId: await idOf(tx, cruiseItineraries, name), from, to }, options);
  }
};
