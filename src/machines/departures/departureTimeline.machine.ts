import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import { CruiseId } from "../../api/ids.ts";
import { type DepartureTimeline, departureTimeline } from "../../api/timeline.ts";
import { type ClientInput, errorActions, retryable, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface DepartureTimelineInput extends ClientInput {
  readonly cruiseId: number;
}

export interface DepartureTimelineContext extends DepartureTimelineInput {
  readonly timeline: DepartureTimeline | null;
  /** The moment whose events are open (its place among the points), null when none. */
  readonly selected: number | null;
  readonly error: string | null;
}

export type DepartureTimelineEvent =
  | { readonly type: "point.select"; readonly index: number }
  | { readonly type: "point.close" }
  | { readonly type: "timeline.reload" }
  | { readonly type: "retry" };

const cruiseId = Schema.decodeSync(CruiseId);

/**
 * A departure's timeline on its page (issue 40, item 2; decision 071): its held, confirmed and
 * waiting berths over time, with the moments it went full, a charter, expiries and promotions;
 * a moment opens the events behind it (who, what, when).
 */
export const departureTimelineMachine = setup({
  types: machineTypes<DepartureTimelineInput, DepartureTimelineContext, DepartureTimelineEvent, "loading">(),
  actions: {
    ...errorActions<DepartureTimelineContext, DepartureTimelineEvent>(),
    assignTimeline: assign({ timeline: (_, params: { timeline: DepartureTimeline }) => params.timeline }),
    selectPoint: assign({ selected: (_, params: { index: number }) => params.index }),
    closePoint: assign({ selected: null }),
  },
  guards: {
    isKnownPoint: ({ context }, params: { index: number }) => params.index >= 0 && params.index < (context.timeline?.points.length ?? 0),
  },
  actors: {
    fetchTimeline: fromPromise<DepartureTimeline, DepartureTimelineInput>(({ input }) =>
      input.client.call(departureTimeline, { params: { id: cruiseId(input.cruiseId) } }),
    ),
  },
}).createMachine({
  id: "departureTimeline",
  description: "A departure's held, confirmed and waiting berths over time, its marks (full, charter, expiry, promotion), and the events behind each moment.",
  context: ({ input }) => ({ ...input, timeline: null, selected: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "loading",
      description: "The departure's timeline is being fetched.",
      invoke: {
        id: "fetchTimeline",
        src: "fetchTimeline",
        input: ({ context }) => context,
        onDone: {
          target: "showing",
          actions: [{ type: "assignTimeline", params: ({ event }) => ({ timeline: event.output }) }, "closePoint"],
          description: "The chart and its moments show.",
        },
        onError: showError("failed", "It could not be fetched: the message shows with a retry."),
      },
    },
    showing: {
      description: "The chart shows the berths after each moment; the moments are listed with their marks.",
      on: {
        "point.select": [
          {
            guard: { type: "isKnownPoint", params: ({ event }) => ({ index: event.index }) },
            target: "showing",
            actions: { type: "selectPoint", params: ({ event }) => ({ index: event.index }) },
            description: "A moment is opened: the events behind it show (who, what, when).",
          },
          { target: "showing", description: "A moment the timeline does not have: nothing opens." },
        ],
        "point.close": { target: "showing", actions: "closePoint", description: "The open moment is closed." },
        "timeline.reload": { target: "loading", description: "The departure's berths changed: the timeline is fetched again." },
      },
    },
    failed: retryable("loading", "clearError", "The timeline could not be fetched; the message shows with a retry button."),
  },
});
