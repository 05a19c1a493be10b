import { machineFixtures, withFacts } from "../fixtures.ts";
import { staffSessionMachine } from "./staffSession.machine.ts";

export const fixtures = machineFixtures({
  id: "domain.staffSession",
  file: "src/machines/domain/staffSession.machine.ts",
  machine: staffSessionMachine,
  inputs: [undefined],
  events: withFacts(
    staffSessionMachine,
    [
      { type: "session.open", userId: 1, kind: "full", tokenHash: "sample", expiresAt: "2030-01-01T00:00:00.000Z" },
      { type: "session.open", userId: 1, kind: "passwordChange", tokenHash: "sample", expiresAt: "2030-01-01T00:00:00.000Z" },
      { type: "session.close", reason: "signedOut" },
    ],
    [
      { hasWrongCredentials: false, isTemporaryPasswordExpired: false },
      { hasWrongCredentials: true, isTemporaryPasswordExpired: false },
      { hasWrongCredentials: false, isTemporaryPasswordExpired: true },
    ],
  ),
});
