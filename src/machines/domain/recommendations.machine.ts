import { Schema } from "effect";
import { setup } from "xstate";

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

export const recommendationListMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as RecommendationsEvent,
  },
}).createMachine({
  id: "recommendationList",
  description: "The ordered list of destinations the home page recommends.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "Never chosen: the home page recommends nothing.",
      on: {
        "recommendations.set": { target: "listed", description: "The first list of destinations is chosen." },
      },
    },
    listed: {
      description: "The home page shows these destinations, in order, leaving out any deleted since.",
      on: {
        "recommendations.set": { target: "listed", description: "The list is replaced (it may be emptied)." },
      },
    },
  },
});

/** One event per transition, for the path-test generator. */
export const recommendationListMachineSampleEvents: ReadonlyArray<RecommendationsEvent> = [
  { type: "recommendations.set", itineraries: [6, 1, 7] },
];
