import * as auth from "./auth.ts";
import { cruiseEndpoints } from "./cruises.ts";
import { documentEndpoints } from "./documents.ts";
import { passengerEndpoints } from "./passengers.ts";
import { reservationEndpoints } from "./reservations.ts";
import { moneyEndpoints } from "./money.ts";
import { moneyDocumentEndpoints } from "./moneyDocuments.ts";
import { availability, departureAvailability } from "./availability.ts";
import { changeStream } from "./changes.ts";
import { recordHistory } from "./history.ts";
import { refusalEndpoints } from "./refusals.ts";
import { departureTimeline } from "./timeline.ts";
import { reportEndpoints } from "./reports.ts";
import * as home from "./home.ts";
import * as itineraries from "./itineraries.ts";
import * as leads from "./leads.ts";
import { quoteReservation } from "./quote.ts";
import * as users from "./users.ts";
import type { Endpoint } from "./endpoint.ts";

/**
 * The endpoints written in src/api itself; the declared records (src/records) add theirs, and
 * src/records/index.ts answers the whole list.
 */
export const contractEndpoints: ReadonlyArray<Endpoint> = [
  auth.health,
  auth.login,
  auth.forgotPassword,
  auth.upgradePassword,
  auth.logout,
  auth.currentSession,
  users.listUsers,
  users.listSalesUsers,
  users.getUser,
  users.createUser,
  users.updateUser,
  users.deleteUser,
  users.resetUserPassword,
  users.listRoles,
  users.listAgencyUsers,
  recordHistory,
  itineraries.listItineraries,
  itineraries.listDestinations,
  itineraries.getItinerary,
  itineraries.createItinerary,
  itineraries.updateItinerary,
  itineraries.deleteItinerary,
  leads.listLeads,
  leads.getLead,
  leads.createLead,
  leads.createNote,
  leads.assignLead,
  home.adminContent,
  home.getBanner,
  home.createBanner,
  home.updateBanner,
  home.deleteBanner,
  home.getCallAction,
  home.createCallAction,
  home.updateCallAction,
  home.deleteCallAction,
  home.updateRecommendations,
  home.publicContent,
  quoteReservation,
  ...cruiseEndpoints,
  ...reservationEndpoints,
  ...documentEndpoints,
  ...passengerEndpoints,
  ...moneyEndpoints,
  ...moneyDocumentEndpoints,
  availability,
  departureAvailability,
  ...reportEndpoints,
  ...refusalEndpoints,
  departureTimeline,
  changeStream,
];

export { API_BASE } from "./endpoint.ts";
