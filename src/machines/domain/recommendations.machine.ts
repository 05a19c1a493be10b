import { Schema } from "effect";
import { setup } from "xstate";
import { RECOMMENDATIONS_MAX } from "../../api/home.ts";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, factGuards, refusal } from "./rules.ts";

/**
 * The recommended destinations of a page (one record, stream id 'home'): each `set` gives the
 * whole ordered list of destination ids, so the last event alone says what is recommended.
 */
export const RecommendationsSet = Schema.Struct({
  type: Schema.Literal("recommendations.set"),
  itineraries: Schema.Array(Schema.Int),
});

/** The only event: a list is replaced, never edited entry by entry. */
export type RecommendationsEvent = typeof RecommendationsSet.Type;

/**
 * What the server loads before it decides a list: whether it names more than RECOMMENDATIONS_MAX
 * destinations, one of them twice, or one that does not exist or is deleted.
 */
export interface RecommendationsFacts {
  readonly hasTooManyDestinations: boolean;
  readonly hasRepeatedDestination: boolean;
  readonly hasUnavailableDestination: boolean;
}

/** The refusals of a list, in the order the editor reports them. */
const refusals = [
  refusal("hasTooManyDestinations", 400, messages.invalidInput, `Refused: more than ${RECOMMENDATIONS_MAX} destinations ('invalid information').`),
  refusal("hasRepeatedDestination", 400, messages.invalidInput, "Refused: a destination is named twice ('invalid information')."),
  refusal("hasUnavailableDestination", 400, messages.invalidInput, "Refused: a destination does not exist or is deleted ('invalid information')."),
] as const;

export const recommendationListMachine = setup({
  ...domainSetup<RecommendationsEvent, RecommendationsFacts>(),
  guards: {
    ...factGuards<RecommendationsFacts>()("hasTooManyDestinations", "hasRepeatedDestination", "hasUnavailableDestination"),
  },
}).createMachine({
  id: "recommendationList",
  description: "The ordered list of destinations the home page recommends.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "Never chosen: the home page recommends nothing.",
      on: {
        "recommendations.set": [
          ...refusals,
          { target: "listed", description: "The first list of destinations is chosen." },
        ],
      },
    },
    listed: {
      description: "The home page shows these destinations, in order, leaving out any deleted since.",
      on: {
        "recommendations.set": [
          ...refusals,
          { target: "listed", description: "The list is replaced (it may be emptied)." },
        ],
      },
    },
  },
});
