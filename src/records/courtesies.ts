import { COURTESIES_RESOURCE } from "../api/catalogues.ts";
import { staffRoles } from "../api/endpoint.ts";
import { simpleCatalogue } from "./catalogue.ts";

/**
 * Courtesies a destination includes (SPEC.md section 3). The calls and the panel's paths keep the
 * spec's spelling: they are the wire (decision 074).
 */
export const courtesies = simpleCatalogue({
  key: "courtesies",
  resource: COURTESIES_RESOURCE,
  singular: "Courtesy",
  stream: "courtesy",
  readers: staffRoles,
  writers: staffRoles,
  listPath: "/panel/courtesys",
  // SPEC.md section 2 names the new form both ways; both open it.
  newPaths: ["/panel/courtesys/courtesys_new", "/panel/courtesys/courtesy_new"],
  menu: { section: "administration" },
});
