import { staffRoles } from "../api/endpoint.ts";
import { simpleCatalogue } from "./catalogue.ts";
import { feedingEntry } from "./entries.ts";

/** Feeding: the meals a destination includes (SPEC.md section 3). */
export const feeding = simpleCatalogue({
  ...feedingEntry,
  resource: "feedings",
  singular: "Feeding",
  stream: "feeding",
  writers: staffRoles,
  newPaths: ["/panel/feeding/feeding_new"],
});
