import { staffRoles } from "../api/endpoint.ts";
import { simpleCatalogue } from "./catalogue.ts";

/** Courtesies a destination includes (SPEC.md section 3, spelled `courtesys` as there). */
export const courtesys = simpleCatalogue({
  key: "courtesys",
  resource: "courtesys",
  singular: "Courtesy",
  stream: "courtesy",
  readers: staffRoles,
  writers: staffRoles,
  listPath: "/panel/courtesys",
  // SPEC.md section 2 names the new form both ways; both open it.
  newPaths: ["/panel/courtesys/courtesys_new", "/panel/courtesys/courtesy_new"],
  menu: { section: "administration" },
});
