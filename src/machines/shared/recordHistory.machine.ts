import { assign, fromPromise, setup } from "xstate";
import { type HistoryEntry, type HistoryStream, recordHistory } from "../../api/history.ts";
import { type ClientInput, errorActions, showError } from "./actions.ts";
import { machineTypes } from "./machineTypes.ts";

export interface HistoryInput extends ClientInput {
  readonly stream: HistoryStream;
  /** The record's stream id: its serial id, or a keyed record's text (a yacht's page). */
  readonly id: number | string;
}

export interface HistoryContext extends HistoryInput {
  readonly entries: ReadonlyArray<HistoryEntry>;
  readonly error: string | null;
}

export type HistoryEvent =
  | { readonly type: "recordHistory.open" }
  | { readonly type: "recordHistory.close" }
  | { readonly type: "recordHistory.reload" };

/**
 * The collapsible 'Historial' of an edit screen: nothing is fetched until it is opened, and
 * each opening shows the record's events as the server has them then.
 */
export const recordHistoryMachine = setup({
  types: machineTypes<HistoryInput, HistoryContext, HistoryEvent, "fetching">(),
  actions: {
    assignEntries: assign({
      entries: (_, params: { entries: ReadonlyArray<HistoryEntry> }) => params.entries,
      error: null,
    }),
    ...errorActions<HistoryContext, HistoryEvent>(),
  },
  actors: {
    loadHistory: fromPromise<ReadonlyArray<HistoryEntry>, HistoryInput>(({ input }) =>
      input.client.call(recordHistory, { params: { stream: input.stream, id: String(input.id) } }),
    ),
  },
}).createMachine({
  id: "recordHistory",
  description: "Who changed a record and when, read from its events when the list is opened.",
  context: ({ input }) => ({ ...input, entries: [], error: null }),
  initial: "closed",
  states: {
    closed: {
      description: "The history is folded away; nothing has been asked of the server.",
      on: {
        "recordHistory.open": {
          target: "loading",
          actions: "clearError",
          description: "The user unfolds the history: it is fetched.",
        },
      },
    },
    loading: {
      tags: "fetching",
      description: "Fetching the record's events.",
      invoke: {
        id: "loadHistory",
        src: "loadHistory",
        input: ({ context }) => ({ client: context.client, stream: context.stream, id: context.id }),
        onDone: {
          target: "open",
          actions: { type: "assignEntries", params: ({ event }) => ({ entries: event.output }) },
          description: "The events arrived and are listed, oldest first.",
        },
        onError: showError("failed", "The server refused or could not be reached: its message shows."),
      },
      on: {
        "recordHistory.close": { target: "closed", description: "Folded again before the events arrived." },
      },
    },
    open: {
      description: "The events are listed.",
      on: {
        "recordHistory.close": { target: "closed", description: "The user folds the history away." },
        "recordHistory.reload": {
          target: "loading",
          description: "Fetch again, e.g. after the record was saved.",
        },
      },
    },
    failed: {
      description: "The history could not be read; the message shows with a way to try again.",
      on: {
        "recordHistory.reload": { target: "loading", actions: "clearError", description: "Try again." },
        "recordHistory.close": { target: "closed", description: "The user folds the history away." },
      },
    },
  },
});
