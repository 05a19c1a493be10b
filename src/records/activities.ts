import { staffRoles } from "../api/endpoint.ts";
import { simpleCatalogue } from "./catalogue.ts";
import { activitiesEntry } from "./entries.ts";

/** Activities a destination includes (SPEC.md section 3). */
export const activities = simpleCatalogue({
  ...activitiesEntry,
  resource: "activities",
  singular: "Activity",
  stream: "activity",
  writers: staffRoles,
  newPaths: ["/panel/activities/activities_new"],
});
