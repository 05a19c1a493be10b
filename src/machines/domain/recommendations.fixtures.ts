import { domainFixtures } from "../shared/fixtures.ts";
import { type RecommendationsFacts, recommendationListMachine } from "./recommendations.machine.ts";

const decided: RecommendationsFacts = {
  hasTooManyDestinations: false,
  hasRepeatedDestination: false,
  hasUnavailableDestination: false,
};

export const fixtures = domainFixtures({
  id: "domain.recommendations",
  machine: recommendationListMachine,
  events: [{ type: "recommendations.set", itineraries: [6, 1, 7] }],
  facts: [
    decided,
    { ...decided, hasTooManyDestinations: true },
    { ...decided, hasRepeatedDestination: true },
    { ...decided, hasUnavailableDestination: true },
  ],
});
