import { Schema } from "effect";
import { assign, fromPromise, setup } from "xstate";
import { getRefusal, type Refusal, RefusalId } from "../../api/refusals.ts";
import { type ClientInput, errorActions, retryable, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface RefusalWhyInput extends ClientInput {
  /** The refusal the server named beside its message (`meta.refusalId`). */
  readonly refusalId: number;
  /** The rule's words in the panel's language: the machines describe themselves in English, the flows' translations give the rest. */
  readonly describe: (english: string) => Promise<string>;
}

/** A refusal as the panel shows it: the record, and its rule in the reader's language. */
export interface RefusalExplained {
  readonly refusal: Refusal;
  readonly rule: string;
}

export interface RefusalWhyContext extends RefusalWhyInput {
  readonly explained: RefusalExplained | null;
  readonly error: string | null;
}

export type RefusalWhyEvent = { readonly type: "retry" };

const refusalId = Schema.decodeSync(RefusalId);

/**
 * Why a command was refused (issue 40, decision 071): opened from the refusal's "Why?", it reads
 * the refusal the server kept (the guard that refused, the rule, the facts it read) and the rule's
 * words in the reader's language.
 */
export const refusalWhyMachine = setup({
  types: machineTypes<RefusalWhyInput, RefusalWhyContext, RefusalWhyEvent, "loading">(),
  actions: {
    ...errorActions<RefusalWhyContext, RefusalWhyEvent>(),
    assignExplained: assign({ explained: (_, params: RefusalExplained) => params }),
  },
  actors: {
    fetchRefusal: fromPromise<RefusalExplained, RefusalWhyInput>(async ({ input }) => {
      const refusal = await input.client.call(getRefusal, { params: { id: refusalId(input.refusalId) } });
      return { refusal, rule: await input.describe(refusal.rule) };
    }),
  },
}).createMachine({
  id: "refusalWhy",
  description: "Why a command was refused: the guard that refused, the rule in words and the facts it read, as the server kept them.",
  context: ({ input }) => ({ ...input, explained: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: "loading",
      description: "The refusal kept by the server is being fetched.",
      invoke: {
        id: "fetchRefusal",
        src: "fetchRefusal",
        input: ({ context }) => context,
        onDone: { target: "showing", actions: { type: "assignExplained", params: ({ event }) => event.output }, description: "The guard, the rule and the facts show." },
        onError: showError("failed", "It could not be fetched: the message shows with a retry."),
      },
    },
    showing: {
      description: "The guard's name, the rule in words and the facts the machine read show.",
    },
    failed: retryable("loading", "clearError", "The refusal could not be fetched; the message shows with a retry button."),
  },
});
