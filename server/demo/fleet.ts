import { yachts } from "../../src/records/fleet.ts";
import { companies, kinds } from "../../src/records/referenceData.ts";
import { createItem } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import { idOf } from "./referenceData.ts";

/**
 * The demo fleet (issue 15): a 16-guest motor yacht, a 16-guest catamaran, a 20-guest motor yacht
 * and a 100-guest expedition ship of the demo company, each with its calendar colour.
 */
export const seedDemoFleet = async (tx: Queryable, options: CommandOptions): Promise<void> => {
  const company = await idOf(tx, companies, "Galápagos Islas Cruceros S.A.");
  const motorYacht = await idOf(tx, kinds, "Yate a motor");
  const catamaran = await idOf(tx, kinds, "Catamarán");
  const expedition = await idOf(tx, kinds, "Barco de expedición");
  for (const [order, [name, initials, code, kind, colour]] of [
    ["Galápagos Explorer", "GEX", "GEX-01", motorYacht, "#1e6091"],
    ["Sea Lion", "SEL", "SEL-02", catamaran, "#2a9d8f"],
    ["Darwin Star", "DST", "DST-03", motorYacht, "#e76f51"],
    ["Islas Encantadas", "ENC", "ENC-04", expedition, "#6d597a"],
  ].entries()) {
    await createItem(tx, yachts, { name: String(name), initials, code, kind, company, colour, order: order + 1, active: true }, options);
  }
};
