import { assign, fromPromise, setup } from "xstate";
import type { Credentials, LoginUser } from "../../api/auth.ts";
import type { ApiClient } from "../../api/client.ts";
import { emailProblem, type FieldProblem, requiredProblem } from "../shared/fields.ts";
import type { ExpiredSession } from "./session.machine.ts";
import { type PendingPasswordChange, type StoredSession, sessionFromLogin } from "./storedSession.ts";
import { assignErrorMessage, type ClientInput, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/**
 * A user signed in whose session starts, then `page` opens (a name, or an action with its
 * params): its session is stored first, so the page finds it.
 */
const startsOn = <const Page>(page: Page, description: string) =>
  ({
    target: "signedIn",
    actions: [{ type: "startSession", params: ({ event }: { readonly event: { readonly output: LoginUser } }) => ({ session: sessionFromLogin(event.output) }) }, page],
    description,
  }) as const;

export interface LoginInput extends ClientInput {
  /** The session already stored when /panel opens: its user goes to their start page. */
  readonly session: StoredSession | null;
  /** The session the server no longer took (498), and the page its user was on. */
  readonly expired: ExpiredSession | null;
}

export interface LoginContext extends LoginInput {
  readonly problems: { readonly email: FieldProblem | null; readonly password: FieldProblem | null };
  /** The server's message of the last refused login. */
  readonly error: string | null;
}

export type LoginEvent = {
  readonly type: "credentials.submit";
  readonly email: string;
  readonly password: string;
};

const noProblems = { email: null, password: null } as const;

const problemsOf = (event: LoginEvent) => ({
  email: emailProblem(event.email),
  password: requiredProblem(event.password),
});

/** The staff login of /panel. Session hand-over and navigation are actions the view provides. */
export const loginMachine = setup({
  types: machineTypes<LoginInput, LoginContext, LoginEvent, "submitting">(),
  actions: {
    assignProblems: assign({ problems: ({ event }) => problemsOf(event) }),
    clearFeedback: assign({ problems: noProblems, error: null }),
    assignError: assignErrorMessage<LoginContext, LoginEvent>(),
    startSession: (_, _params: { session: StoredSession }) => {},
    requestPasswordChange: (_, _params: { pending: PendingPasswordChange }) => {},
    goToPasswordChange: (_, _params: { id: number }) => {},
    goToLeads: () => {},
    goToHome: () => {},
    goToAgency: () => {},
    /** The view navigates back to the page a session expired on. */
    goBack: (_, _params: { path: string }) => {},
  },
  guards: {
    isComplete: ({ event }) => {
      const problems = problemsOf(event);
      return problems.email === null && problems.password === null;
    },
    isPasswordChangeRequired: (_, params: { user: LoginUser }) => params.user.changePassword,
    isSalesUser: (_, params: { user: LoginUser }) => params.user.rol === "sales",
    isAgencyUser: (_, params: { user: LoginUser }) => params.user.rol === "agency",
    isSignedIn: ({ context }) => context.session !== null,
    isSalesSession: ({ context }) => context.session?.role === "sales",
    isAgencySession: ({ context }) => context.session?.role === "agency",
    isReturningUser: ({ context }, params: { user: LoginUser }) =>
      context.expired !== null && context.expired.path !== "" && context.expired.userId === params.user.id,
  },
  actors: {
    // The auth contract (and the schema library with it) is loaded when the form is sent, not
    // with the login page (decision 081).
    logIn: fromPromise<LoginUser, { client: ApiClient; credentials: Credentials }>(async ({ input }) =>
      input.client.call((await import("../../api/auth.ts")).login, { body: input.credentials }),
    ),
  },
}).createMachine({
  id: "login",
  description: "Email and password sign-in; redirects by role or to the forced password change.",
  context: ({ input }) => ({ ...input, problems: noProblems, error: null }),
  initial: "checking",
  states: {
    checking: {
      description: "Deciding whether someone is already signed in when /panel opens.",
      always: [
        {
          guard: "isSalesSession",
          target: "signedIn",
          actions: "goToLeads",
          description: "A sales user is already signed in: not the login again, but their start page, the leads.",
        },
        {
          guard: "isAgencySession",
          target: "signedIn",
          actions: "goToAgency",
          description: "An agency user is already signed in: their start page, the availability.",
        },
        {
          guard: "isSignedIn",
          target: "signedIn",
          actions: "goToHome",
          description: "An admin or marketing user is already signed in: their start page, the home content.",
        },
        { target: "editing", description: "Nobody is signed in: the form opens." },
      ],
    },
    editing: {
      description: "The form is open for email and password.",
      on: {
        "credentials.submit": [
          {
            guard: "isComplete",
            target: "submitting",
            actions: "clearFeedback",
            description: "Both fields are filled in: the credentials are sent.",
          },
          {
            actions: "assignProblems",
            description: "A field is empty or the email is malformed: nothing is sent.",
          },
        ],
      },
    },
    submitting: {
      tags: "submitting",
      description: "Waiting for the server to accept the credentials.",
      invoke: {
        id: "logIn",
        src: "logIn",
        input: ({ context, event }) => ({
          client: context.client,
          credentials: { email: event.email.trim(), password: event.password },
        }),
        onDone: [
          {
            guard: { type: "isPasswordChangeRequired", params: ({ event }) => ({ user: event.output }) },
            target: "signedIn",
            actions: [
              {
                type: "requestPasswordChange",
                params: ({ event }) => ({ pending: { id: event.output.id, token: event.output.token } }),
              },
              { type: "goToPasswordChange", params: ({ event }) => ({ id: event.output.id }) },
            ],
            description: "The password is temporary: go change it before any session is stored.",
          },
          {
            guard: { type: "isReturningUser", params: ({ event }) => ({ user: event.output }) },
            ...startsOn(
              { type: "goBack", params: ({ context }) => ({ path: context.expired?.path ?? "" }) },
              "The user whose session expired signed in again: back to the page they were on.",
            ),
          },
          { guard: { type: "isSalesUser", params: ({ event }) => ({ user: event.output }) }, ...startsOn("goToLeads", "Sales staff start on the leads.") },
          {
            guard: { type: "isAgencyUser", params: ({ event }) => ({ user: event.output }) },
            ...startsOn("goToAgency", "An agency's users start on the availability of the departures."),
          },
          startsOn("goToHome", "Admin and marketing staff start on the home content."),
        ],
        onError: showError("editing", "The server refused: its message shows in the error box."),
      },
      on: {
        "credentials.submit": {
          description: "A second submit while waiting is ignored.",
        },
      },
    },
    signedIn: {
      type: "final",
      description: "The login is done and the user has been sent on.",
    },
  },
});
