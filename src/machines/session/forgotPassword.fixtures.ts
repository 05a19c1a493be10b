import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { forgotPasswordMachine } from "./forgotPassword.machine.ts";

export const fixtures = machineFixtures({
  id: "forgotPassword",
  machine: forgotPasswordMachine,
  inputs: [{ client: unusedClient }],
  events: [
    { type: "email.submit", email: "ana@example.com" },
    { type: "email.submit", email: "not-an-email" },
    { type: "xstate.done.actor.sendTemporaryPassword", output: messages.temporaryPasswordSent },
    { type: "xstate.error.actor.sendTemporaryPassword", error: refused(429, messages.tooManyAttempts) },
  ],
});
