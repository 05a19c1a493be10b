import { staffRoles } from "../api/endpoint.ts";
import { simpleCatalogue } from "./catalogue.ts";

/** Activities a destination includes (SPEC.md section 3). */
export const activities = simpleCatalogue({
  key: "activities",
  resource: "activities",
  singular: "Activity",
  stream: "activity",
  readers: staffRoles,
  writers: staffRoles,
  listPath: "/panel/activities",
  newPaths: ["/panel/activities/activities_new"],
  menu: { section: "administration" },
});
