import { assign, fromPromise, setup } from "xstate";

export interface ConfirmationContext {
  readonly title: string;
  /** What the caller wants done once the user confirms. */
  readonly onConfirm: (() => void) | null;
}

export type ConfirmationEvent = {
  readonly type: "confirmation.request";
  readonly title: string;
  readonly onConfirm: () => void;
};

/**
 * The delete confirmation. The dialog is an actor the view provides (SweetAlert2); the default
 * answers "not confirmed", so without a dialog nothing can ever be deleted.
 */
export const confirmationMachine = setup({
  types: {
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
    tags: {} as "asking",
  },
  actions: {
    assignRequest: assign({
      title: ({ event }) => event.title,
      onConfirm: ({ event }) => event.onConfirm,
    }),
    runCallback: ({ context }) => context.onConfirm?.(),
    forgetRequest: assign({ title: "", onConfirm: null }),
  },
  guards: {
    isConfirmed: (_, params: { confirmed: boolean }) => params.confirmed,
  },
  actors: {
    askConfirmation: fromPromise<boolean, { title: string }>(async () => false),
  },
}).createMachine({
  id: "confirmation",
  description: "Asks before a destructive action; the caller's callback runs only on confirm.",
  context: { title: "", onConfirm: null },
  initial: "idle",
  states: {
    idle: {
      description: "No confirmation is open.",
      on: {
        "confirmation.request": {
          target: "asking",
          actions: "assignRequest",
          description: "A delete button asks for confirmation with its title and callback.",
        },
      },
    },
    asking: {
      tags: "asking",
      description: "The warning dialog is open with 'Delete' and 'Cancel'.",
      invoke: {
        id: "askConfirmation",
        src: "askConfirmation",
        input: ({ context }) => ({ title: context.title }),
        onDone: [
          {
            guard: { type: "isConfirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "done",
            actions: ["runCallback", "forgetRequest"],
            description: "The user pressed 'Delete': the callback runs.",
          },
          {
            target: "idle",
            actions: "forgetRequest",
            description: "The user pressed 'Cancel' or closed the dialog: nothing runs.",
          },
        ],
        onError: {
          target: "idle",
          actions: "forgetRequest",
          description: "The dialog could not be shown: nothing runs.",
        },
      },
    },
    done: {
      description: "The confirmed callback has run.",
      on: {
        "confirmation.request": {
          target: "asking",
          actions: "assignRequest",
          description: "Another delete asks again.",
        },
      },
    },
  },
});
