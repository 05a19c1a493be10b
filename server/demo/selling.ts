import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import { seedDemoCruiseItineraries, seedDemoFleet } from "./fleet.ts";
import { seedDemoRates } from "./rates.ts";
import { seedDemoReferenceData, seedDemoSales, seedReferenceLists } from "./referenceData.ts";

/**
 * What selling berths needs of the demo, in the order its parts point at each other: the reference
 * lists and data, the company, agencies, flights and seasons, the fleet, its itineraries and the
 * rates of the year of `options.occurredAt` and the next. The tests and benches of departures,
 * quotes and reservations start from it.
 */
export const seedDemoSelling = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  await seedReferenceLists(tx, options);
  await seedDemoReferenceData(tx, options);
  await seedDemoSales(tx, options, options.occurredAt);
  await seedDemoFleet(tx, options);
  await seedDemoCruiseItineraries(tx, options);
  await seedDemoRates(tx, options, options.occurredAt);
};
