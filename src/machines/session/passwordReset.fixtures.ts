import { userId } from "../shared/samples.ts";
import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { passwordResetMachine } from "./passwordReset.machine.ts";

export const fixtures = machineFixtures({
  id: "passwordReset",
  machine: passwordResetMachine,
  inputs: [
    { client: unusedClient, userId: userId(7), pending: { id: 7, token: "change-only" }, signedIn: false },
    { client: unusedClient, userId: userId(7), pending: null, signedIn: false },
    { client: unusedClient, userId: userId(7), pending: null, signedIn: true },
  ],
  events: [
    { type: "password.submit", password: "Secret1", confirmPassword: "Secret1", currentPassword: "Demo1234" },
    { type: "password.submit", password: "secret", confirmPassword: "other" },
    { type: "xstate.done.actor.upgradePassword", output: messages.passwordUpdated },
    { type: "xstate.error.actor.upgradePassword", error: refused(498, messages.invalidSession) },
    { type: "xstate.error.actor.upgradePassword", error: refused(400, messages.currentPasswordWrong) },
  ],
});
