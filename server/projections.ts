import { sessionsProjection } from "./accounts/sessionsProjection.ts";
import { usersProjection } from "./accounts/usersProjection.ts";
import { catalogueProjections } from "./catalogues/projection.ts";
import { cruisesProjection } from "./cruises/projection.ts";
import { passengersProjection } from "./passengers/projection.ts";
import { reservationsProjection } from "./reservations/projection.ts";
import type { Projection } from "./events/projection.ts";
import { bannersProjection, callActionsProjection, recommendationsProjection } from "./home/projection.ts";
import { itinerariesProjection } from "./itineraries/projection.ts";
import { leadsProjection } from "./leads/projection.ts";
import { moneyPolicyProjection, paymentsProjection } from "./money/projection.ts";
import { yachtPagesProjection } from "./yachts/pages.ts";

/**
 * Every feature's projection: what the event store feeds (buildApp registers them) and what a
 * rebuild replays into.
 */
export const projections: ReadonlyArray<Projection> = [
  usersProjection,
  sessionsProjection,
  ...catalogueProjections,
  leadsProjection,
  itinerariesProjection,
  bannersProjection,
  callActionsProjection,
  recommendationsProjection,
  yachtPagesProjection,
  cruisesProjection,
  reservationsProjection,
  passengersProjection,
  moneyPolicyProjection,
  paymentsProjection,
];
