import { assign, fromPromise, setup } from "xstate";
import type { SessionUser } from "../../api/auth.ts";
import type { ApiClient } from "../../api/client.ts";
import { INVALID_SESSION, isApiError } from "../../api/errors.ts";
import {
  decodeStoredSession,
  type PendingPasswordChange,
  type StoredSession,
} from "./storedSession.ts";
import { clientInput, type ClientInput } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface SessionInput extends ClientInput {
  /** The raw `userInfo` text from local storage, or null when there is none. */
  readonly stored: string | null;
}

/** Where a session ended because the server no longer took it (498), and whose it was. */
export interface ExpiredSession {
  readonly path: string;
  readonly userId: number;
}

export interface SessionContext extends ClientInput {
  readonly session: StoredSession | null;
  readonly pendingChange: PendingPasswordChange | null;
  /**
   * Set when the server refused the session (498): the login says 'Su sesión expiró' and, when the
   * same user signs in again, returns to `path`. Cleared by the next sign-in.
   */
  readonly expired: ExpiredSession | null;
}

export type SessionEvent =
  | { readonly type: "session.start"; readonly session: StoredSession }
  | { readonly type: "session.passwordChangeRequired"; readonly pending: PendingPasswordChange }
  | { readonly type: "session.passwordChanged" }
  | { readonly type: "session.signOut" }
  | { readonly type: "session.invalidated"; readonly path?: string };

/** The stored session with the name and role the server has now (an admin may have changed them). */
const withServerUser = (stored: StoredSession, user: SessionUser): StoredSession => ({
  ...stored,
  userName: `${user.firstName} ${user.lastName}`.trim(),
  role: user.rol,
});

/**
 * The staff member's session. Storage and navigation are named actions the view supplies with
 * `provide()`; the defaults do nothing so the flow runs headless in tests.
 */
export const sessionMachine = setup({
  types: machineTypes<SessionInput, SessionContext, SessionEvent, "authenticated">(),
  actions: {
    assignSession: assign({
      session: ({ event }) => (event.type === "session.start" ? event.session : null),
      pendingChange: null,
      expired: null,
    }),
    assignExpired: assign({
      expired: ({ context, event }) =>
        context.session === null || event.type !== "session.invalidated"
          ? null
          : { path: event.path ?? "", userId: context.session.id },
    }),
    assignPendingChange: assign({
      pendingChange: ({ event }) => (event.type === "session.passwordChangeRequired" ? event.pending : null),
    }),
    forgetSession: assign({ session: null, pendingChange: null }),
    assignVerifiedSession: assign({
      session: (_, params: { session: StoredSession }) => params.session,
    }),
    storeSession: (_, _params: { session: StoredSession }) => {},
    clearStorage: () => {},
    goToLogin: () => {},
  },
  guards: {
    hasStoredSession: ({ context }) => context.session !== null,
    isSessionRefused: (_, params: { error: unknown }) =>
      isApiError(params.error) && params.error.status === INVALID_SESSION,
  },
  actors: {
    // The auth contract is imported when a call is made, so that the login page loads without the
    // schema library (decision 081).
    logOut: fromPromise<string, ClientInput>(async ({ input }) => input.client.call((await import("../../api/auth.ts")).logout)),
    checkSession: fromPromise<StoredSession, { client: ApiClient; stored: StoredSession | null }>(
      async ({ input }) => {
        if (input.stored === null) throw new Error("no stored session to check");
        // the client's module fetched beside the contract: the lazy client would ask for it only
        // once the contract is there, a round trip later on every signed-in page's start (decision 087)
        void import("../../api/client.ts");
        const { currentSession } = await import("../../api/auth.ts");
        return withServerUser(input.stored, await input.client.call(currentSession));
      },
    ),
  },
}).createMachine({
  id: "session",
  description: "Who is signed in to the panel, restored from local storage at start.",
  context: ({ input }) => ({
    client: input.client,
    session: decodeStoredSession(input.stored),
    pendingChange: null,
    expired: null,
  }),
  initial: "restoring",
  states: {
    restoring: {
      description: "Deciding from the decoded `userInfo` whether a session survives the reload.",
      always: [
        {
          guard: "hasStoredSession",
          target: "verifying",
          description: "A well-formed stored session is checked with the server before it resumes.",
        },
        { target: "signedOut", description: "A missing or malformed stored session means signed out." },
      ],
    },
    verifying: {
      description: "Asking the server whether the stored session is still valid (a forged, expired or revoked token is not).",
      invoke: {
        id: "checkSession",
        src: "checkSession",
        input: ({ context }) => ({ client: context.client, stored: context.session }),
        onDone: {
          target: "signedIn",
          actions: [
            { type: "assignVerifiedSession", params: ({ event }) => ({ session: event.output }) },
            { type: "storeSession", params: ({ event }) => ({ session: event.output }) },
          ],
          description: "The session is valid: its name and role are refreshed from the server and it resumes.",
        },
        onError: [
          {
            guard: { type: "isSessionRefused", params: ({ event }) => ({ error: event.error }) },
            target: "signedOut",
            actions: ["forgetSession", "clearStorage", "goToLogin"],
            description: "The server refused the token (498): it is forgotten and the login opens.",
          },
          {
            target: "signedIn",
            description: "The server could not be reached: the stored session resumes; the next call decides.",
          },
        ],
      },
      on: {
        "session.invalidated": {
          target: "signedOut",
          actions: ["assignExpired", "forgetSession", "clearStorage", "goToLogin"],
          description:
            "The client saw a 498 while checking: the stored session is no longer valid; the login says it expired and offers the way back.",
        },
      },
    },
    signedOut: {
      description: "Nobody is signed in; only the public screens are open.",
      on: {
        "session.start": {
          target: "signedIn",
          actions: [
            "assignSession",
            { type: "storeSession", params: ({ event }) => ({ session: event.session }) },
          ],
          description: "A login succeeded: the session is kept and stored.",
        },
        "session.passwordChangeRequired": {
          target: "awaitingPasswordChange",
          actions: "assignPendingChange",
          description: "A login answered changePassword: its token is held in memory only.",
        },
      },
    },
    awaitingPasswordChange: {
      description: "A login must change its temporary password before any session is stored.",
      on: {
        "session.passwordChanged": {
          target: "signedOut",
          actions: "forgetSession",
          description: "The new password is set; the user signs in again with it.",
        },
        "session.passwordChangeRequired": {
          target: "awaitingPasswordChange",
          actions: "assignPendingChange",
          description: "Another login also needs a change: its token replaces the held one.",
        },
        "session.start": {
          target: "signedIn",
          actions: [
            "assignSession",
            { type: "storeSession", params: ({ event }) => ({ session: event.session }) },
          ],
          description: "A login with a permanent password replaces the pending change.",
        },
        "session.invalidated": {
          target: "signedOut",
          actions: ["forgetSession", "clearStorage", "goToLogin"],
          description: "The change-password token was refused (498).",
        },
      },
    },
    signedIn: {
      tags: "authenticated",
      description: "A stored session is active; the protected panel is open.",
      on: {
        "session.signOut": {
          target: "signingOut",
          description: "The user chose sign-out in the top bar.",
        },
        "session.invalidated": {
          target: "signedOut",
          actions: ["assignExpired", "forgetSession", "clearStorage", "goToLogin"],
          description:
            "The server answered 498: the stored session is no longer valid. The login says it expired and, once the same user signs in again, returns to the page they were on.",
        },
        "session.passwordChanged": {
          target: "signedOut",
          actions: ["forgetSession", "clearStorage", "goToLogin"],
          description: "The user changed their password from the user menu: every session of theirs ended, this one too; they sign in with the new one.",
        },
      },
    },
    signingOut: {
      tags: "authenticated",
      description: "Asking the server to revoke the session.",
      invoke: {
        id: "logOut",
        src: "logOut",
        input: clientInput,
        onDone: {
          target: "signedOut",
          actions: ["forgetSession", "clearStorage", "goToLogin"],
          description: "The server revoked the session.",
        },
        onError: {
          target: "signedOut",
          actions: ["forgetSession", "clearStorage", "goToLogin"],
          description: "The server could not be told; local sign-out happens anyway.",
        },
      },
      on: {
        "session.invalidated": {
          target: "signedOut",
          actions: ["forgetSession", "clearStorage", "goToLogin"],
          description: "The session was already invalid (498) while signing out.",
        },
      },
    },
  },
});

/** The token the API client sends: the session's, or the pending change's for upgradePassword. */
export const tokenOf = (context: SessionContext): string | null =>
  context.session?.token ?? context.pendingChange?.token ?? null;
