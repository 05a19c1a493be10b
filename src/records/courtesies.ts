import { COURTESIES_RESOURCE } from "../api/catalogues.ts";
import { staffRoles } from "../api/endpoint.ts";
import { simpleCatalogue } from "./catalogue.ts";
import { courtesiesEntry } from "./entries.ts";

/**
 * Courtesies a destination includes (SPEC.md section 3). The calls and the panel's paths keep the
 * spec's spelling: they are the wire (decision 074).
 */
export const courtesies = simpleCatalogue({
  ...courtesiesEntry,
  resource: COURTESIES_RESOURCE,
  singular: "Courtesy",
  stream: "courtesy",
  writers: staffRoles,
  // SPEC.md section 2 names the new form both ways; both open it.
  newPaths: ["/panel/courtesys/courtesys_new", "/panel/courtesys/courtesy_new"],
});
