import type { UserId } from "../../api/ids.ts";
import { assign, fromPromise, setup } from "xstate";
import { upgradePassword } from "../../api/auth.ts";
import type { ApiClient } from "../../api/client.ts";
import { isApiError } from "../../api/errors.ts";
import { messages } from "../../api/messages.ts";
import {
  type ConfirmationProblem,
  confirmationProblem,
  type PasswordProblem,
  passwordProblem,
} from "../domain/credentials.ts";
import { type FieldProblem, requiredProblem } from "../shared/fields.ts";
import type { PendingPasswordChange } from "./storedSession.ts";
import { assignErrorMessage, type ClientInput, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface PasswordResetInput extends ClientInput {
  /** The user id of the route /changePassword/{id}. */
  readonly userId: UserId;
  /** The change held by the session since login; null after a hard refresh. */
  readonly pending: PendingPasswordChange | null;
  /** A signed-in user changing their password from the user menu: they give the current one too. */
  readonly signedIn: boolean;
}

export interface PasswordResetContext extends ClientInput {
  readonly userId: UserId;
  readonly pending: PendingPasswordChange | null;
  readonly signedIn: boolean;
  readonly problems: {
    /** `wrong` once the server refused it ('the current password is incorrect'). */
    readonly currentPassword: FieldProblem | "wrong" | null;
    readonly password: PasswordProblem | null;
    readonly confirmPassword: ConfirmationProblem | null;
  };
  readonly error: string | null;
  readonly message: string | null;
}

export type PasswordResetEvent = {
  readonly type: "password.submit";
  readonly password: string;
  readonly confirmPassword: string;
  /** The password now, asked of a signed-in user only. */
  readonly currentPassword?: string;
};

/** After success the user reads the message, then goes to sign in (SPEC.md section 9). */
export const REDIRECT_DELAY_MS = 4000;

const problemsOf = (context: { readonly signedIn: boolean }, event: PasswordResetEvent) => ({
  currentPassword: context.signedIn ? requiredProblem(event.currentPassword ?? "") : null,
  password: passwordProblem(event.password),
  confirmPassword: confirmationProblem(event.password, event.confirmPassword),
});

const noProblems = { currentPassword: null, password: null, confirmPassword: null } as const;

/** The forced password change of /changePassword/{id} after a login with a temporary password. */
export const passwordResetMachine = setup({
  types: machineTypes<PasswordResetInput, PasswordResetContext, PasswordResetEvent, "processing">(),
  actions: {
    assignProblems: assign({ problems: ({ context, event }) => problemsOf(context, event) }),
    clearFeedback: assign({ problems: noProblems, error: null }),
    assignError: assignErrorMessage<PasswordResetContext, PasswordResetEvent>(),
    assignMessage: assign({ message: (_, params: { message: string }) => params.message }),
    markCurrentPasswordWrong: assign({ problems: { ...noProblems, currentPassword: "wrong" as const }, error: null }),
    finishPasswordChange: () => {},
    goToLogin: () => {},
    /** The view ends the signed-in session, which the server already revoked, and opens the login. */
    endSession: () => {},
  },
  guards: {
    hasPendingChange: ({ context }) => context.pending !== null && context.pending.id === context.userId,
    isSignedInChange: ({ context }) => context.signedIn,
    isCurrentPasswordRefused: ({ event }) =>
      "error" in event && isApiError(event.error) && event.error.message === messages.currentPasswordWrong,
    isValid: ({ context, event }) => Object.values(problemsOf(context, event)).every((problem) => problem === null),
  },
  actors: {
    upgradePassword: fromPromise<
      string,
      { client: ApiClient; id: UserId; password: string; confirmPassword: string; currentPassword?: string }
    >(({ input }) =>
      input.client.call(upgradePassword, {
        params: { id: input.id },
        body: {
          password: input.password,
          confirmPassword: input.confirmPassword,
          ...(input.currentPassword === undefined ? {} : { currentPassword: input.currentPassword }),
        },
      }),
    ),
  },
  delays: {
    redirectDelay: REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: "passwordReset",
  description: "Sets a new password with the change-password token held since login.",
  context: ({ input }) => ({
    client: input.client,
    userId: input.userId,
    pending: input.pending,
    signedIn: input.signedIn,
    problems: noProblems,
    error: null,
    message: null,
  }),
  initial: "checking",
  states: {
    checking: {
      description: "Deciding whether this page still holds the token from login.",
      always: [
        {
          guard: "isSignedInChange",
          target: "editing",
          description: "A signed-in user chose 'Cambiar contraseña': their session is enough, with the current password.",
        },
        {
          guard: "hasPendingChange",
          target: "editing",
          description: "The login's change-password token is held for this user.",
        },
        {
          target: "signInRequired",
          description: "No token (page reloaded or another user): the user must sign in again.",
        },
      ],
    },
    editing: {
      description: "The password and its confirmation are open, with the rules listed.",
      on: {
        "password.submit": [
          {
            guard: "isValid",
            target: "processing",
            actions: "clearFeedback",
            description: "The password follows the rules and both fields match: it is sent.",
          },
          {
            actions: "assignProblems",
            description: "A rule is broken or the fields differ: the messages show, nothing is sent.",
          },
        ],
      },
    },
    processing: {
      tags: "processing",
      description: "Waiting for the server to set the new password.",
      invoke: {
        id: "upgradePassword",
        src: "upgradePassword",
        input: ({ context, event }) => ({
          client: context.client,
          id: context.userId,
          password: event.password,
          confirmPassword: event.confirmPassword,
          ...(context.signedIn ? { currentPassword: event.currentPassword ?? "" } : {}),
        }),
        onDone: [
          {
            guard: "isSignedInChange",
            target: "succeeded",
            actions: { type: "assignMessage", params: ({ event }) => ({ message: event.output }) },
            description:
              "The server answered 'password updated successfully' and ended the user's sessions: the panel stays until the redirect.",
          },
          {
            target: "succeeded",
            actions: [
              { type: "assignMessage", params: ({ event }) => ({ message: event.output }) },
              "finishPasswordChange",
            ],
            description: "The server answered 'password updated successfully'.",
          },
        ],
        onError: [
          {
            guard: "isCurrentPasswordRefused",
            target: "editing",
            actions: "markCurrentPasswordWrong",
            description: "The server says the current password is wrong: the message shows by that field, not in the banner.",
          },
          showError("editing", "The server refused: its message shows."),
        ],
      },
      on: {
        "password.submit": { description: "A second submit while waiting is ignored." },
      },
    },
    succeeded: {
      description: "The success text shows for a moment before going to sign in.",
      after: {
        redirectDelay: [
          {
            guard: "isSignedInChange",
            target: "redirected",
            actions: "endSession",
            description: "Four seconds after success the signed-in user's session ends and they sign in with the new password.",
          },
          {
            target: "redirected",
            actions: "goToLogin",
            description: "Four seconds after success the user goes to /panel.",
          },
        ],
      },
    },
    redirected: {
      type: "final",
      description: "The user has been sent to /panel to sign in with the new password.",
    },
    signInRequired: {
      type: "final",
      description: "Explains that the user must sign in again, with a link to /panel.",
    },
  },
});
