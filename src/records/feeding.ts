import { staffRoles } from "../api/endpoint.ts";
import { simpleCatalogue } from "./catalogue.ts";

/** Feeding: the meals a destination includes (SPEC.md section 3). */
export const feeding = simpleCatalogue({
  key: "feeding",
  resource: "feedings",
  singular: "Feeding",
  stream: "feeding",
  readers: staffRoles,
  writers: staffRoles,
  listPath: "/panel/feeding",
  newPaths: ["/panel/feeding/feeding_new"],
  menu: { section: "administration" },
});
