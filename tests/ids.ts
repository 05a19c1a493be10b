/** Ids for tests: decoding is how a number becomes an id (src/api/ids.ts); out of range throws. */
export {
  bannerId,
  callActionId,
  catalogueItemId,
  itineraryId,
  leadId,
  roleId,
  userId,
} from "../src/machines/shared/samples.ts";
