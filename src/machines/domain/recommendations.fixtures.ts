import { machineFixtures, withFacts } from "../fixtures.ts";
import { type RecommendationsFacts, recommendationListMachine } from "./recommendations.machine.ts";

const decided: RecommendationsFacts = {
  hasTooManyDestinations: false,
  hasRepeatedDestination: false,
  hasUnavailableDestination: false,
};

export const fixtures = machineFixtures({
  id: "domain.recommendations",
  file: "src/machines/domain/recommendations.machine.ts",
  machine: recommendationListMachine,
  inputs: [undefined],
  events: withFacts(
    recommendationListMachine,
    [{ type: "recommendations.set", itineraries: [6, 1, 7] }],
    [
      decided,
      { ...decided, hasTooManyDestinations: true },
      { ...decided, hasRepeatedDestination: true },
      { ...decided, hasUnavailableDestination: true },
    ],
  ),
});
