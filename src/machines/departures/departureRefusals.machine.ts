import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import { SerialIdFromText } from "../../api/ids.ts";
import { listRefusals, type RefusalSummary } from "../../api/refusals.ts";
import { type ClientInput, errorActions, retryable, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";
import { refusalOpening } from "../shared/refusalOpening.ts";

export interface RefusalListInput extends ClientInput {
  /** The rule's words in the panel's language: the machines describe themselves in English, the flows' translations give the rest. */
  readonly describe: (english: string) => Promise<string>;
}

export interface DepartureRefusalsInput extends RefusalListInput {
  readonly cruiseId: number;
}

/** A refusal as a list shows it: the record and its rule in the reader's language. */
export interface ListedRefusal {
  readonly refusal: RefusalSummary;
  readonly rule: string;
}

/** A page of refusals with their rules in the reader's language, and how many there are in all. */
export interface RefusalPage {
  readonly refusals: ReadonlyArray<ListedRefusal>;
  readonly total: number;
}

export interface DepartureRefusalsContext extends DepartureRefusalsInput {
  readonly page: RefusalPage | null;
  /** The refusal whose facts are open, null when none. */
  readonly opened: number | null;
  readonly error: string | null;
}

export type DepartureRefusalsEvent =
  | { readonly type: "refusal.open"; readonly id: number }
  | { readonly type: "refusal.close" }
  | { readonly type: "refusals.reload" }
  | { readonly type: "retry" };

/** How many of a departure's refusals its page lists: the recent ones. */
export const RECENT_REFUSALS = 20;

const cruiseId = Schema.decodeSync(SerialIdFromText);

/** Each refusal of a page with its rule in the reader's language. */
export const describedRefusals = async (refusals: ReadonlyArray<RefusalSummary>, describe: RefusalListInput["describe"]): Promise<ReadonlyArray<ListedRefusal>> =>
  Promise.all(refusals.map(async (refusal) => ({ refusal, rule: await describe(refusal.rule) })));

/**
 * A departure's recent refusals on its page (issue 40, item 3; decision 071): who, when, the
 * command, the guard and the rule in words; one opened shows the facts the machine read. An agency
 * user is answered its own agency's only.
 */
export const departureRefusalsMachine = setup({
  types: machineTypes<DepartureRefusalsInput, DepartureRefusalsContext, DepartureRefusalsEvent, "loading">(),
  actions: {
    ...errorActions<DepartureRefusalsContext, DepartureRefusalsEvent>(),
    assignPage: assign({ page: (_, params: RefusalPage) => params }),
    openRefusal: assign({ opened: (_, params: { id: number }) => params.id }),
    closeRefusal: assign({ opened: null }),
  },
  guards: {
    isListed: ({ context }, params: { id: number }) => context.page?.refusals.some(({ refusal }) => refusal.id === params.id) === true,
  },
  actors: {
    fetchRefusals: fromPromise<RefusalPage, DepartureRefusalsInput>(async ({ input }) => {
      const answer = await input.client.request(listRefusals, { query: { cruiseId: cruiseId(String(input.cruiseId)), pageSize: RECENT_REFUSALS } });
      return { refusals: await describedRefusals(answer.data, input.describe), total: answer.meta?.total ?? answer.data.length };
    }),
  },
}).createMachine({
  id: "departureRefusals",
  description: "A departure's recent refused commands: who, when, the command, the guard and the rule in words; one opened shows its facts.",
  context: ({ input }) => ({ ...input, page: null, opened: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "loading",
      description: "The departure's recent refusals are being fetched.",
      invoke: {
        id: "fetchRefusals",
        src: "fetchRefusals",
        input: ({ context }) => context,
        onDone: {
          target: "showing",
          actions: [{ type: "assignPage", params: ({ event }) => event.output }, "closeRefusal"],
          description: "The refusals are listed, newest first.",
        },
        onError: showError("failed", "They could not be fetched: the message shows with a retry."),
      },
    },
    showing: {
      description: "The recent refusals are listed; one may be open with its facts.",
      on: {
        ...refusalOpening("showing", "A refusal is opened: the guard, the rule and the facts it read show."),
        "refusals.reload": { target: "loading", description: "The departure changed: its refusals are fetched again." },
      },
    },
    failed: retryable("loading", "clearError", "The refusals could not be fetched; the message shows with a retry button."),
  },
});
