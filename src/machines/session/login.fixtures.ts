import { userId } from "../shared/samples.ts";
import type { LoginUser } from "../../api/auth.ts";
import { messages } from "../../api/messages.ts";
import { machineFixtures, refused, unusedClient } from "../shared/fixtures.ts";
import { loginMachine } from "./login.machine.ts";

const loginUser = (overrides: Partial<LoginUser>): LoginUser => ({
  id: userId(7),
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  token: "t0k3n",
  rol: "admin",
  changePassword: false,
  ...overrides,
});

export const fixtures = machineFixtures({
  id: "login",
  machine: loginMachine,
  inputs: [
    { client: unusedClient, session: null, expired: null },
    { client: unusedClient, session: null, expired: { path: "/panel/users/3", userId: 7 } },
    { client: unusedClient, session: { userName: "Ana Ruiz", token: "t0k3n", role: "sales", id: userId(7) }, expired: null },
    { client: unusedClient, session: { userName: "Ana Ruiz", token: "t0k3n", role: "admin", id: userId(7) }, expired: null },
    { client: unusedClient, session: { userName: "Rosa Vera", token: "t0k3n", role: "agency", id: userId(9) }, expired: null },
  ],
  events: [
    { type: "credentials.submit", email: "ana@example.com", password: "Secret1" },
    { type: "credentials.submit", email: "", password: "" },
    { type: "xstate.done.actor.logIn", output: loginUser({ changePassword: true }) },
    { type: "xstate.done.actor.logIn", output: loginUser({ rol: "sales" }) },
    { type: "xstate.done.actor.logIn", output: loginUser({ rol: "marketing" }) },
    { type: "xstate.done.actor.logIn", output: loginUser({ rol: "agency" }) },
    { type: "xstate.error.actor.logIn", error: refused(400, messages.wrongCredentials) },
  ],
});
