import { Schema } from "effect";
import { setup } from "xstate";

export const SessionKind = Schema.Literals(["full", "passwordChange"]);
export type SessionKind = typeof SessionKind.Type;

export const SessionCloseReason = Schema.Literals([
  "signedOut",
  "passwordChanged",
  "userDeactivated",
  "userDeleted",
  "expired",
]);
export type SessionCloseReason = typeof SessionCloseReason.Type;

/** The events of one sign-in, as decided and as stored (see user.machine.ts). */
export const SessionOpen = Schema.Struct({
  type: Schema.Literal("session.open"),
  userId: Schema.Int,
  kind: SessionKind,
  /** sha256 of the token, base64url: the token itself is only ever known to the client. */
  tokenHash: Schema.String,
  expiresAt: Schema.String,
});

export const SessionClose = Schema.Struct({
  type: Schema.Literal("session.close"),
  reason: SessionCloseReason,
});

export const SessionEvent = Schema.Union([SessionOpen, SessionClose]);
export type SessionEvent = typeof SessionEvent.Type;

export const staffSessionMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as SessionEvent,
  },
  guards: {
    isPasswordChangeKind: ({ event }) => event.type === "session.open" && event.kind === "passwordChange",
  },
}).createMachine({
  id: "staffSession",
  description: "One sign-in of a staff member, identified by an opaque bearer token.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "Not opened yet.",
      on: {
        "session.open": [
          {
            guard: "isPasswordChangeKind",
            target: "open.passwordChange",
            description: "Login with a password that must be changed: the token is good only for upgradePassword.",
          },
          { target: "open.full", description: "Login with a usable password." },
        ],
      },
    },
    open: {
      description: "The token is accepted until it expires or the session is closed.",
      initial: "full",
      states: {
        full: { description: "Good for every endpoint the user's role may call." },
        passwordChange: { description: "Good only for changing the user's own password." },
      },
      on: {
        "session.close": {
          target: "closed",
          description: "Signed out, password changed, user deactivated or deleted, or expired.",
        },
      },
    },
    closed: { type: "final", description: "The token is refused from now on." },
  },
});

/** One event per guard branch, for the path-test generator. */
export const staffSessionMachineSampleEvents: ReadonlyArray<SessionEvent> = [
  { type: "session.open", userId: 1, kind: "full", tokenHash: "sample", expiresAt: "2030-01-01T00:00:00.000Z" },
  { type: "session.open", userId: 1, kind: "passwordChange", tokenHash: "sample", expiresAt: "2030-01-01T00:00:00.000Z" },
  { type: "session.close", reason: "signedOut" },
];
