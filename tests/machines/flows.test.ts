import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { Credentials, LoginUser } from "../../src/api/auth.ts";
import { type ApiClient, createClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { loginMachine } from "../../src/machines/session/login.machine.ts";
import { passwordResetMachine, REDIRECT_DELAY_MS } from "../../src/machines/session/passwordReset.machine.ts";
import { type ExpiredSession, sessionMachine } from "../../src/machines/session/session.machine.ts";
import { decodeStoredSession, encodeStoredSession, type StoredSession } from "../../src/machines/session/storedSession.ts";
import { userId } from "../ids.ts";

const client = createClient({ readToken: () => null, fetch: () => Promise.reject(new Error("no network")) });

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

const loginWith = (
  answer: () => Promise<LoginUser>,
  { session = null, expired = null }: { session?: StoredSession | null; expired?: ExpiredSession | null } = {},
) => {
  const spies = {
    goBack: vi.fn(),
    startSession: vi.fn(),
    requestPasswordChange: vi.fn(),
    goToPasswordChange: vi.fn(),
    goToLeads: vi.fn(),
    goToHome: vi.fn(),
    goToAgency: vi.fn(),
  };
  const logIn = vi.fn((_: { input: { client: ApiClient; credentials: Credentials } }) => answer());
  const actor = createActor(
    loginMachine.provide({
      actors: { logIn: fromPromise(logIn) },
      actions: {
        startSession: (_, params) => spies.startSession(params.session),
        requestPasswordChange: (_, params) => spies.requestPasswordChange(params.pending),
        goToPasswordChange: (_, params) => spies.goToPasswordChange(params.id),
        goToLeads: spies.goToLeads,
        goToHome: spies.goToHome,
        goToAgency: spies.goToAgency,
        goBack: (_, params) => spies.goBack(params.path),
      },
    }),
    { input: { client, session, expired } },
  ).start();
  return { actor, spies, logIn };
};

const submit = { type: "credentials.submit", email: " ana@example.com ", password: "Secret1" } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe("login", () => {
  it.each([
    ["admin", "goToHome"],
    ["marketing", "goToHome"],
    ["sales", "goToLeads"],
    ["agency", "goToAgency"],
  ] as const)("sends %s to %s after storing the session", async (rol, destination) => {
    const { actor, spies } = loginWith(async () => loginUser({ rol }));
    actor.send(submit);
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(spies.startSession).toHaveBeenCalledWith({ userName: "Ana Ruiz", token: "t0k3n", role: rol, id: 7 });
    expect(spies[destination]).toHaveBeenCalledOnce();
    expect(spies.requestPasswordChange).not.toHaveBeenCalled();
  });

  it.each([
    ["sales", "goToLeads"],
    ["admin", "goToHome"],
    ["agency", "goToAgency"],
  ] as const)("sends a %s user already signed in to %s instead of showing the form", (role, destination) => {
    const { actor, spies, logIn } = loginWith(async () => loginUser({}), {
      session: { userName: "Ana Ruiz", token: "t0k3n", role, id: userId(7) },
    });
    expect(actor.getSnapshot().status).toBe("done");
    expect(spies[destination]).toHaveBeenCalledOnce();
    expect(logIn).not.toHaveBeenCalled();
  });

  it("returns the user whose session expired to the page they were on; another user goes to their start page", async () => {
    const expired = { path: "/panel/users/3", userId: 7 };
    const same = loginWith(async () => loginUser({}), { expired });
    same.actor.send(submit);
    await waitFor(same.actor, (snapshot) => snapshot.status === "done");
    expect(same.spies.goBack).toHaveBeenCalledWith("/panel/users/3");
    expect(same.spies.goToHome).not.toHaveBeenCalled();
    const other = loginWith(async () => loginUser({ id: userId(8) }), { expired });
    other.actor.send(submit);
    await waitFor(other.actor, (snapshot) => snapshot.status === "done");
    expect(other.spies.goBack).not.toHaveBeenCalled();
    expect(other.spies.goToHome).toHaveBeenCalledOnce();
  });

  it("holds the change-only token and goes to /changePassword/{id} when the password is temporary", async () => {
    const { actor, spies } = loginWith(async () => loginUser({ changePassword: true, token: "change-only" }));
    actor.send(submit);
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(spies.requestPasswordChange).toHaveBeenCalledWith({ id: 7, token: "change-only" });
    expect(spies.goToPasswordChange).toHaveBeenCalledWith(7);
    expect(spies.startSession).not.toHaveBeenCalled();
  });

  it("sends the trimmed email once, ignoring a second submit while waiting", async () => {
    const { actor, logIn } = loginWith(() => new Promise(() => {}));
    actor.send(submit);
    actor.send(submit);
    expect(actor.getSnapshot().hasTag("submitting")).toBe(true);
    expect(logIn).toHaveBeenCalledOnce();
    expect(logIn.mock.calls[0]?.[0]?.input.credentials).toEqual({ email: "ana@example.com", password: "Secret1" });
  });

  it("keeps the server's message and clears it on the next attempt", async () => {
    const { actor } = loginWith(() => Promise.reject(new ApiError(400, "user or password incorrect")));
    actor.send(submit);
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe("user or password incorrect");
    actor.send(submit);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("names the missing fields and sends nothing", () => {
    const { actor, logIn } = loginWith(async () => loginUser({}));
    actor.send({ type: "credentials.submit", email: "", password: "" });
    expect(actor.getSnapshot().context.problems).toEqual({ email: "required", password: "required" });
    expect(logIn).not.toHaveBeenCalled();
  });
});

describe("password reset", () => {
  it(`goes to /panel ${REDIRECT_DELAY_MS} ms after success, not before`, async () => {
    vi.useFakeTimers();
    const goToLogin = vi.fn();
    const finishPasswordChange = vi.fn();
    const actor = createActor(
      passwordResetMachine.provide({
        actors: { upgradePassword: fromPromise(async () => "password updated successfully") },
        actions: { goToLogin, finishPasswordChange },
      }),
      { input: { client, userId: userId(7), pending: { id: 7, token: "change-only" }, signedIn: false } },
    ).start();
    actor.send({ type: "password.submit", password: "Secret1", confirmPassword: "Secret1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("succeeded");
    expect(finishPasswordChange).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1);
    expect(goToLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("refuses a change held for another user id", () => {
    const actor = createActor(passwordResetMachine, {
      input: { client, userId: userId(8), pending: { id: 7, token: "change-only" }, signedIn: false },
    }).start();
    expect(actor.getSnapshot().value).toBe("signInRequired");
  });
});

describe("session", () => {
  const stored = encodeStoredSession({ userName: "Ana Ruiz", token: "t0k3n", role: "sales", id: userId(7) });

  it.each([
    ["a well-formed session", stored, "verifying"],
    ["nothing", null, "signedOut"],
    ["broken JSON", "{", "signedOut"],
    ["an unknown role", stored.replace("sales", "captain"), "signedOut"],
    ["an empty token", stored.replace("t0k3n", ""), "signedOut"],
  ])("restores %s as %s", (_, text, state) => {
    const actor = createActor(sessionMachine, { input: { stored: text, client } }).start();
    expect(actor.getSnapshot().value).toBe(state);
  });

  it("resumes a session the server accepts, with the name and role the server has now", async () => {
    const storeSession = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          checkSession: fromPromise(
            async (): Promise<StoredSession> => ({ userName: "Ana Ruiz Vera", token: "t0k3n", role: "marketing", id: userId(7) }),
          ),
        },
        actions: { storeSession: (_, params) => storeSession(params.session) },
      }),
      { input: { stored, client } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("signedIn"));
    expect(storeSession).toHaveBeenCalledWith({ userName: "Ana Ruiz Vera", token: "t0k3n", role: "marketing", id: 7 });
  });

  it("forgets a stored session the server refuses (498) and opens the login", async () => {
    const clearStorage = vi.fn();
    const goToLogin = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        actors: { checkSession: fromPromise(() => Promise.reject(new ApiError(498, "invalid session"))) },
        actions: { clearStorage, goToLogin },
      }),
      { input: { stored, client } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("signedOut"));
    expect(clearStorage).toHaveBeenCalledOnce();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it("remembers where and whose a session the server refused (498) was, until the next sign-in", async () => {
    const actor = createActor(
      sessionMachine.provide({ actors: { checkSession: fromPromise(async (): Promise<StoredSession> => decodeStoredSession(stored)!) } }),
      { input: { stored, client } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("signedIn"));
    actor.send({ type: "session.invalidated", path: "/panel/leads/4" });
    expect(actor.getSnapshot().context.expired).toEqual({ path: "/panel/leads/4", userId: 7 });
    actor.send({ type: "session.start", session: decodeStoredSession(stored)! });
    expect(actor.getSnapshot().context.expired).toBeNull();
  });

  it("clears storage and goes to /panel even when the logout call fails", async () => {
    const clearStorage = vi.fn();
    const goToLogin = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          logOut: fromPromise(() => Promise.reject(new ApiError(0, "network error"))),
          checkSession: fromPromise(() => Promise.reject(new ApiError(0, "network error"))),
        },
        actions: { clearStorage, goToLogin },
      }),
      { input: { stored, client } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("signedIn"));
    actor.send({ type: "session.signOut" });
    await waitFor(actor, (snapshot) => snapshot.matches("signedOut"));
    expect(clearStorage).toHaveBeenCalledOnce();
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.session).toBeNull();
  });
});
