import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import {
  activityRecord,
  type CatalogueRecord,
  courtesyRecord,
  feedingRecord,
} from "../catalogues/projection.ts";
import type { CatalogueItemPayload } from "../../src/api/catalogues.ts";
import { createItem } from "../catalogues/items.ts";

/** The demo's feeding, activity and courtesy items, in Spanish; one inactive item shows the state. */
export const demoCatalogueItems: ReadonlyArray<{
  readonly catalogue: CatalogueRecord;
  readonly items: ReadonlyArray<CatalogueItemPayload>;
}> = [
  {
    catalogue: feedingRecord,
    items: [
      { name: "Desayuno", active: true },
      { name: "Almuerzo", active: true },
      { name: "Cena", active: true },
      { name: "Pensión completa", active: true },
      { name: "Box lunch", active: false },
    ],
  },
  {
    catalogue: activityRecord,
    items: [
      { name: "Snorkel", active: true },
      { name: "Caminata en Isla Bartolomé", active: true },
      { name: "Kayak", active: true },
      { name: "Visita a la Estación Charles Darwin", active: true },
    ],
  },
  {
    catalogue: courtesyRecord,
    items: [
      { name: "Cóctel de bienvenida", active: true },
      { name: "Traslado al aeropuerto", active: true },
      { name: "Toalla de playa", active: false },
    ],
  },
];

/** Adds the demo items through the event store, in the seeding transaction. */
export const seedDemoCatalogues = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  for (const { catalogue, items } of demoCatalogueItems) {
    for (const item of items) await createItem(tx, catalogue, item, options);
  }
};
