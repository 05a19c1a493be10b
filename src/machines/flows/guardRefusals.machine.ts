import { assign, fromPromise, setup } from "xstate";
import { countRefusals, type GuardRefusals, listRefusals, type RefusalSummary } from "../../api/refusals.ts";
import { type ClientInput, errorActions, retryable, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";
import { refusalOpening } from "../shared/refusalOpening.ts";

export interface GuardRefusalsInput extends ClientInput {
  /** The domain machine's id, as refusals name it (`reservation`). */
  readonly machine: string;
}

export interface GuardRefusalsContext extends GuardRefusalsInput {
  /** How many refusals each guard made, once fetched. */
  readonly counts: ReadonlyArray<GuardRefusals> | null;
  /** The guard whose recent refusals are shown, null when none. */
  readonly guard: string | null;
  readonly recent: ReadonlyArray<RefusalSummary>;
  /** The refusal whose facts are open, null when none. */
  readonly opened: number | null;
  readonly error: string | null;
}

export type GuardRefusalsEvent =
  | { readonly type: "guard.choose"; readonly guard: string }
  | { readonly type: "guard.close" }
  | { readonly type: "refusal.open"; readonly id: number }
  | { readonly type: "refusal.close" }
  | { readonly type: "retry" };

/** How many of a guard's refusals the flows page lists: the recent ones. */
export const RECENT_GUARD_REFUSALS = 10;

/**
 * The flows page's link from each guard of a domain machine to the refusals it made (issue 40,
 * item 4; decision 071): how many each guard made, and a chosen guard's recent ones, one opened
 * with its facts. An agency user would be answered its own agency's only.
 */
export const guardRefusalsMachine = setup({
  types: machineTypes<GuardRefusalsInput, GuardRefusalsContext, GuardRefusalsEvent, "loading">(),
  actions: {
    ...errorActions<GuardRefusalsContext, GuardRefusalsEvent>(),
    assignCounts: assign({ counts: (_, params: { counts: ReadonlyArray<GuardRefusals> }) => params.counts }),
    chooseGuard: assign({ guard: (_, params: { guard: string }) => params.guard, recent: [], opened: null }),
    assignRecent: assign({ recent: (_, params: { recent: ReadonlyArray<RefusalSummary> }) => params.recent }),
    closeGuard: assign({ guard: null, recent: [], opened: null }),
    openRefusal: assign({ opened: (_, params: { id: number }) => params.id }),
    closeRefusal: assign({ opened: null }),
  },
  guards: {
    hasRefused: ({ context }, params: { guard: string }) => context.counts?.some((count) => count.guard === params.guard && count.count > 0) === true,
    isListed: ({ context }, params: { id: number }) => context.recent.some((refusal) => refusal.id === params.id),
  },
  actors: {
    fetchCounts: fromPromise<ReadonlyArray<GuardRefusals>, GuardRefusalsInput>(({ input }) =>
      input.client.call(countRefusals, { query: { machine: input.machine } }),
    ),
    fetchRecent: fromPromise<ReadonlyArray<RefusalSummary>, GuardRefusalsInput & { readonly guard: string }>(({ input }) =>
      input.client.call(listRefusals, { query: { machine: input.machine, guard: input.guard, pageSize: RECENT_GUARD_REFUSALS } }),
    ),
  },
}).createMachine({
  id: "guardRefusals",
  description: "Each guard of a domain machine linked to the refusals it made: how many, and a chosen guard's recent ones, each opening its facts.",
  context: ({ input }) => ({ ...input, counts: null, guard: null, recent: [], opened: null, error: null }),
  initial: "counting",
  states: {
    counting: {
      tags: "loading",
      description: "How many refusals each guard made is being fetched.",
      invoke: {
        id: "fetchCounts",
        src: "fetchCounts",
        input: ({ context }) => context,
        onDone: { target: "counted", actions: { type: "assignCounts", params: ({ event }) => ({ counts: event.output }) }, description: "Each guard shows how many refusals it made." },
        onError: showError("failed", "They could not be fetched: the message shows with a retry."),
      },
    },
    counted: {
      description: "Each guard shows how many refusals it made; one may show its recent ones.",
      initial: "closed",
      on: {
        "guard.choose": [
          {
            guard: { type: "hasRefused", params: ({ event }) => ({ guard: event.guard }) },
            target: ".listing",
            actions: { type: "chooseGuard", params: ({ event }) => ({ guard: event.guard }) },
            description: "A guard that refused is chosen: its recent refusals are fetched.",
          },
          { target: ".closed", actions: "closeGuard", description: "A guard that refused nothing: there is nothing to list." },
        ],
        "guard.close": { target: ".closed", actions: "closeGuard", description: "The guard's refusals are hidden." },
      },
      states: {
        closed: {
          description: "No guard's refusals are listed.",
        },
        listing: {
          tags: "loading",
          description: "The chosen guard's recent refusals are being fetched.",
          invoke: {
            id: "fetchRecent",
            src: "fetchRecent",
            input: ({ context }) => ({ ...context, guard: context.guard ?? "" }),
            onDone: { target: "listed", actions: { type: "assignRecent", params: ({ event }) => ({ recent: event.output }) }, description: "The guard's recent refusals are listed, newest first." },
            onError: showError("#guardRefusals.failed", "They could not be fetched: the message shows with a retry."),
          },
        },
        listed: {
          description: "The chosen guard's recent refusals are listed; one may be open with its facts.",
          on: {
            ...refusalOpening("listed", "A refusal is opened: the rule, what the cabins held and the facts it read show."),
          },
        },
      },
    },
    failed: retryable("counting", ["clearError", "closeGuard"], "The refusals could not be fetched; the message shows with a retry button."),
  },
});
