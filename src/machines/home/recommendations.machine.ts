import type { ItineraryId } from "../../api/ids.ts";
import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import { isStaleRefusal } from "../../api/errors.ts";
import { adminContent, updateRecommendations } from "../../api/home.ts";
import { type Itinerary, listDestinations } from "../../api/itineraries.ts";
import { assignFailure, clientInput, type ClientInput, errorActions, notify, notifyAnswer, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/**
 * What the editor needs: every destination of both types, the ids recommended now, in order, and
 * the list's version (its save is refused if someone saved the list since).
 */
export interface RecommendationChoices {
  readonly destinations: ReadonlyArray<Itinerary>;
  readonly chosen: ReadonlyArray<ItineraryId>;
  readonly version: number;
}

/** Adds a destination at the end; one already chosen stays where it is. */
export const addChoice = (chosen: ReadonlyArray<ItineraryId>, id: ItineraryId): ReadonlyArray<ItineraryId> =>
  chosen.includes(id) ? chosen : [...chosen, id];

export const removeChoice = (chosen: ReadonlyArray<ItineraryId>, id: ItineraryId): ReadonlyArray<ItineraryId> =>
  chosen.filter((item) => item !== id);

/** Swaps a chosen destination with its neighbour; at either end nothing changes. */
export const moveChoice = (chosen: ReadonlyArray<ItineraryId>, id: ItineraryId, by: -1 | 1): ReadonlyArray<ItineraryId> => {
  const index = chosen.indexOf(id);
  const neighbour = chosen[index + by];
  if (index < 0 || neighbour === undefined) return chosen;
  const moved = [...chosen];
  moved[index] = neighbour;
  moved[index + by] = id;
  return moved;
};

export interface RecommendationsContext extends RecommendationChoices, ClientInput {
  /** The order the server holds, as loaded: what the editor's changes are measured against. */
  readonly stored: ReadonlyArray<ItineraryId>;
  readonly error: string | null;
}

/** Whether the editor holds changes the server does not have yet. */
export const hasUnsavedChoices = (context: RecommendationsContext): boolean =>
  context.chosen.length !== context.stored.length || context.chosen.some((id, index) => context.stored[index] !== id);

export type RecommendationsEvent =
  | { readonly type: "recommendation.add"; readonly id: ItineraryId }
  | { readonly type: "recommendation.remove"; readonly id: ItineraryId }
  | { readonly type: "recommendation.moveUp"; readonly id: ItineraryId }
  | { readonly type: "recommendation.moveDown"; readonly id: ItineraryId }
  | { readonly type: "recommendations.save" }
  | { readonly type: "recommendations.reload" };

/** /panel/home/recomendation: the destinations the home page features, chosen and ordered. */
export const recommendationsMachine = setup({
  types: machineTypes<ClientInput, RecommendationsContext, RecommendationsEvent, "fetching" | "processing">(),
  actions: {
    ...errorActions<RecommendationsContext, RecommendationsEvent>(),
    assignChoices: assign({
      destinations: (_, params: { choices: RecommendationChoices }) => params.choices.destinations,
      chosen: (_, params: { choices: RecommendationChoices }) => params.choices.chosen,
      stored: (_, params: { choices: RecommendationChoices }) => params.choices.chosen,
      version: (_, params: { choices: RecommendationChoices }) => params.choices.version,
    }),
    addChoice: assign({ chosen: ({ context }, params: { id: ItineraryId }) => addChoice(context.chosen, params.id) }),
    removeChoice: assign({ chosen: ({ context }, params: { id: ItineraryId }) => removeChoice(context.chosen, params.id) }),
    moveChoice: assign({
      chosen: ({ context }, params: { id: ItineraryId; by: -1 | 1 }) => moveChoice(context.chosen, params.id, params.by),
    }),
    notify,
    goToList: () => {},
  },
  guards: {
    isStale: (_, params: { error: unknown }) => isStaleRefusal(params.error),
  },
  actors: {
    loadChoices: fromPromise<RecommendationChoices, ClientInput>(async ({ input }) => {
      const [national, international, content] = await Promise.all([
        input.client.call(listDestinations, { params: { type: "national" } }),
        input.client.call(listDestinations, { params: { type: "international" } }),
        input.client.call(adminContent),
      ]);
      const chosen = [...content.recommendations]
        .sort((a, b) => a.position - b.position)
        .map((recommendation) => recommendation.itinerary.id);
      return { destinations: [...national, ...international], chosen, version: content.recommendationsVersion };
    }),
    saveChoices: fromPromise<string, { client: ApiClient; chosen: ReadonlyArray<ItineraryId>; version: number }>(({ input }) =>
      input.client.call(updateRecommendations, { body: { itineraries: input.chosen, version: input.version } }),
    ),
  },
}).createMachine({
  id: "recommendations",
  description: "Chooses the national and international destinations the home page recommends, and their order.",
  context: ({ input }) => ({ client: input.client, destinations: [], chosen: [], stored: [], version: 0, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "fetching",
      description: "Fetching the destinations of both types and the current recommendations.",
      invoke: {
        id: "loadChoices",
        src: "loadChoices",
        input: clientInput,
        onDone: {
          target: "editing",
          actions: { type: "assignChoices", params: ({ event }) => ({ choices: event.output }) },
          description: "Everything arrived: the chosen list and the destinations to add show.",
        },
        onError: showError("unavailable", "Something could not be loaded: the red banner shows why."),
      },
    },
    unavailable: {
      type: "final",
      description: "The editor cannot open; the red banner and the way back show.",
    },
    editing: {
      description: "The recommended destinations show in order, with buttons to add, remove and move them.",
      on: {
        "recommendation.add": {
          actions: { type: "addChoice", params: ({ event }) => ({ id: event.id }) },
          description: "A destination joins the end of the list.",
        },
        "recommendation.remove": {
          actions: { type: "removeChoice", params: ({ event }) => ({ id: event.id }) },
          description: "A destination leaves the list.",
        },
        "recommendation.moveUp": {
          actions: { type: "moveChoice", params: ({ event }) => ({ id: event.id, by: -1 }) },
          description: "A destination moves one place earlier.",
        },
        "recommendation.moveDown": {
          actions: { type: "moveChoice", params: ({ event }) => ({ id: event.id, by: 1 }) },
          description: "A destination moves one place later.",
        },
        "recommendations.save": { target: "saving", description: "The list, in its order, is sent." },
      },
    },
    saving: {
      tags: "processing",
      description: "Sending the ordered ids with PUT /homeScreen/updateRecomendation.",
      entry: "clearError",
      invoke: {
        id: "saveChoices",
        src: "saveChoices",
        input: ({ context }) => ({ client: context.client, chosen: context.chosen, version: context.version }),
        onDone: {
          target: "saved",
          actions: [notifyAnswer, "goToList"],
          description: "Saved: the toast shows and the user goes back to /panel/home.",
        },
        onError: [
          {
            guard: { type: "isStale", params: ({ event }) => ({ error: event.error }) },
            target: "outdated",
            actions: assignFailure,
            description:
              "Someone saved the list after this editor loaded it (409 'the record changed since you opened it'): nothing was saved.",
          },
          showError("editing", "The server refused (a destination no longer exists, ...): its message shows."),
        ],
      },
      on: {
        "recommendations.save": { description: "A second save while saving is ignored." },
      },
    },
    outdated: {
      description:
        "The editor is older than the stored list: the chosen order stays in view, nothing can be saved from it, and the banner offers to load the list as it is now.",
      on: {
        "recommendations.reload": {
          target: "loading",
          actions: "clearError",
          description: "The user loads the list as it is now; the order they chose is given up, knowingly.",
        },
      },
    },
    saved: {
      type: "final",
      description: "Saved; the user has been sent back to /panel/home.",
    },
  },
});
