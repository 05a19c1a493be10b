import { domainFixtures } from "../shared/fixtures.ts";
import { staffSessionMachine } from "./staffSession.machine.ts";

export const fixtures = domainFixtures({
  id: "domain.staffSession",
  machine: staffSessionMachine,
  events: [
    { type: "session.open", userId: 1, kind: "full", tokenHash: "sample", expiresAt: "2030-01-01T00:00:00.000Z" },
    { type: "session.open", userId: 1, kind: "passwordChange", tokenHash: "sample", expiresAt: "2030-01-01T00:00:00.000Z" },
    { type: "session.close", reason: "signedOut" },
  ],
  facts: [
    { hasWrongCredentials: false, isTemporaryPasswordExpired: false },
    { hasWrongCredentials: true, isTemporaryPasswordExpired: false },
    { hasWrongCredentials: false, isTemporaryPasswordExpired: true },
  ],
});
