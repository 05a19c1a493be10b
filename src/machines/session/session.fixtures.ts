import { userId } from "../shared/samples.ts";
import { INVALID_SESSION } from "../../api/errors.ts";
import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { sessionMachine } from "./session.machine.ts";
import { encodeStoredSession, type StoredSession } from "./storedSession.ts";

const session: StoredSession = { userName: "Ana Ruiz", token: "t0k3n", role: "admin", id: userId(1) };

export const fixtures = machineFixtures({
  id: "session",
  machine: sessionMachine,
  inputs: [
    { stored: encodeStoredSession(session), client: unusedClient },
    { stored: null, client: unusedClient },
  ],
  events: [
    { type: "session.start", session },
    { type: "session.passwordChangeRequired", pending: { id: 7, token: "change-only" } },
    { type: "session.passwordChanged" },
    { type: "session.signOut" },
    { type: "session.invalidated", path: "/panel/users" },
    { type: "xstate.done.actor.logOut", output: messages.signedOut },
    { type: "xstate.done.actor.checkSession", output: session },
    { type: "xstate.error.actor.checkSession", error: refused(INVALID_SESSION, messages.invalidSession) },
    { type: "xstate.error.actor.checkSession", error: refused(0, "network error") },
    { type: "xstate.error.actor.logOut", error: refused(0, "network error") },
  ],
});
