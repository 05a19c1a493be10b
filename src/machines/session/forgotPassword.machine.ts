import { assign, fromPromise, setup } from "xstate";
import { forgotPassword } from "../../api/auth.ts";
import type { ApiClient } from "../../api/client.ts";
import { emailProblem, type FieldProblem } from "../shared/fields.ts";
import { assignErrorMessage, type ClientInput, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface ForgotPasswordContext extends ClientInput {
  readonly problem: FieldProblem | null;
  readonly error: string | null;
}

export type ForgotPasswordEvent = { readonly type: "email.submit"; readonly email: string };

/** Asks for a temporary password by email (/forgotPassword). */
export const forgotPasswordMachine = setup({
  types: machineTypes<ClientInput, ForgotPasswordContext, ForgotPasswordEvent, "sending">(),
  actions: {
    assignProblem: assign({ problem: ({ event }) => emailProblem(event.email) }),
    clearFeedback: assign({ problem: null, error: null }),
    assignError: assignErrorMessage<ForgotPasswordContext, ForgotPasswordEvent>(),
  },
  guards: {
    isEmailValid: ({ event }) => emailProblem(event.email) === null,
  },
  actors: {
    sendTemporaryPassword: fromPromise<string, { client: ApiClient; email: string }>(({ input }) =>
      input.client.call(forgotPassword, { body: { email: input.email } }),
    ),
  },
}).createMachine({
  id: "forgotPassword",
  description: "Requests a temporary password mailed to the given address.",
  context: ({ input }) => ({ client: input.client, problem: null, error: null }),
  initial: "editing",
  states: {
    editing: {
      description: "The email field is open.",
      on: {
        "email.submit": [
          {
            guard: "isEmailValid",
            target: "sending",
            actions: "clearFeedback",
            description: "A well-formed email is sent to the server.",
          },
          {
            actions: "assignProblem",
            description: "The email is empty or malformed: nothing is sent.",
          },
        ],
      },
    },
    sending: {
      tags: "sending",
      description: "Waiting for the server to mail the temporary password.",
      invoke: {
        id: "sendTemporaryPassword",
        src: "sendTemporaryPassword",
        input: ({ context, event }) => ({ client: context.client, email: event.email.trim() }),
        onDone: {
          target: "sent",
          description: "The server accepted: the notice with the spam hint shows.",
        },
        onError: showError("editing", "The server refused: its message shows."),
      },
      on: {
        "email.submit": { description: "A second submit while waiting is ignored." },
      },
    },
    sent: {
      type: "final",
      description: "The notice says an email with a temporary password was sent.",
    },
  },
});
