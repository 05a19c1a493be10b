import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import {
  activityRecord,
  type CatalogueRecord,
  courtesyRecord,
  feedingRecord,
} from "../catalogues/projection.ts";
import { createItem } from "../catalogues/items.ts";

/**
 * The demo's feeding, activity and courtesy items, in Spanish, created in this order (the active
 * ones, then the inactive ones); one inactive item in two of them shows the state.
 */
export const demoCatalogueItems: ReadonlyArray<{
  readonly catalogue: CatalogueRecord;
  readonly active: ReadonlyArray<string>;
  readonly inactive: ReadonlyArray<string>;
}> = [
  { catalogue: feedingRecord, active: ["Desayuno", "Almuerzo", "Cena", "Pensión completa"], inactive: ["Box lunch"] },
  {
    catalogue: activityRecord,
    active: ["Snorkel", "Caminata en Isla Bartolomé", "Kayak", "Visita a la Estación Charles Darwin"],
    inactive: [],
  },
  { catalogue: courtesyRecord, active: ["Cóctel de bienvenida", "Traslado al aeropuerto"], inactive: ["Toalla de playa"] },
];

/** Adds the demo items through the event store, in the seeding transaction. */
export const seedDemoCatalogues = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  for (const { catalogue, active, inactive } of demoCatalogueItems) {
    for (const name of active) await createItem(tx, catalogue, { name, active: true }, options);
    for (const name of inactive) await createItem(tx, catalogue, { name, active: false }, options);
  }
};
