import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { domainContext, domainSetup, factGuards, refusal } from "./rules.ts";

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

/**
 * What the server found out when it checked a sign-in's credentials (decision 017): the session's
 * machine answers both refusals of the login. A wrong email (no active user has it) and a wrong
 * password are one fact, so that the answer does not tell which accounts exist.
 */
export interface StaffSessionFacts {
  /** No active user has this email and password (nor this temporary password). */
  readonly hasWrongCredentials: boolean;
  /** The password given is the user's temporary password, and it has expired. */
  readonly isTemporaryPasswordExpired: boolean;
}

export const staffSessionMachine = setup({
  ...domainSetup<SessionEvent, StaffSessionFacts>(),
  guards: {
    ...factGuards<StaffSessionFacts>()("hasWrongCredentials", "isTemporaryPasswordExpired"),
    isPasswordChangeKind: ({ event }) => event.type === "session.open" && event.kind === "passwordChange",
  },
}).createMachine({
  id: "staffSession",
  description: "One sign-in of a staff member, identified by an opaque bearer token.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "Not opened yet.",
      on: {
        "session.open": [
          refusal("hasWrongCredentials", 401, messages.wrongCredentials, "Refused: no active user has this email and password ('user or password incorrect'); an unknown email answers the same."),
          refusal("isTemporaryPasswordExpired", 401, messages.temporaryPasswordExpired, "Refused: the temporary password given has expired ('temporary password has expired'); the user asks for a new one."),
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
