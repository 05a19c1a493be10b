import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import { CruiseId } from "../../api/ids.ts";
import { type CruiseCabin, cruiseCabins, Instant } from "../../api/reservations.ts";
import { type ClientInput, errorActions, retryable, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface BerthPlanAsOfInput extends ClientInput {
  readonly cruiseId: number;
  /** The past instant (with its offset) the plan is shown as of. */
  readonly asOf: string;
}

export interface BerthPlanAsOfContext extends BerthPlanAsOfInput {
  readonly cabins: ReadonlyArray<CruiseCabin> | null;
  readonly error: string | null;
}

export type BerthPlanAsOfEvent = { readonly type: "retry" };

const cruiseId = Schema.decodeSync(CruiseId);
const instant = Schema.decodeSync(Instant);

/**
 * A departure's berth plan as it stood at a past instant (issue 40, item 1; decision 071), replayed
 * by the server from the event log; an agency user is shown what it could see then.
 */
export const berthPlanAsOfMachine = setup({
  types: machineTypes<BerthPlanAsOfInput, BerthPlanAsOfContext, BerthPlanAsOfEvent, "loading">(),
  actions: {
    ...errorActions<BerthPlanAsOfContext, BerthPlanAsOfEvent>(),
    assignCabins: assign({ cabins: (_, params: { cabins: ReadonlyArray<CruiseCabin> }) => params.cabins }),
  },
  actors: {
    fetchPlan: fromPromise<ReadonlyArray<CruiseCabin>, BerthPlanAsOfInput>(({ input }) =>
      input.client.call(cruiseCabins, { params: { id: cruiseId(input.cruiseId) }, query: { asOf: instant(input.asOf) } }),
    ),
  },
}).createMachine({
  id: "berthPlanAsOf",
  description: "A departure's berth plan as it stood at a past instant, replayed from the event log; nothing can be held on it.",
  context: ({ input }) => ({ ...input, cabins: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "loading",
      description: "The plan as of the instant is being fetched.",
      invoke: {
        id: "fetchPlan",
        src: "fetchPlan",
        input: ({ context }) => context,
        onDone: { target: "showing", actions: { type: "assignCabins", params: ({ event }) => ({ cabins: event.output }) }, description: "The past plan shows under its banner." },
        onError: showError("failed", "It could not be fetched (a departure not scheduled by then, say): the message shows with a retry."),
      },
    },
    showing: {
      description: "The cabins show each berth as it was at the instant.",
    },
    failed: retryable("loading", "clearError", "The past plan could not be fetched; the message shows with a retry button."),
  },
});
