import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { feedings } from "../../src/api/catalogues.ts";
import { createClient } from "../../src/api/client.ts";
import { messages } from "../../src/api/messages.ts";
import type { User } from "../../src/api/users.ts";
import {
  catalogueContract,
  type CatalogueMode,
  itemCatalogueMachine,
  userCatalogueMachine,
  userContract,
} from "../../src/machines/catalogue.machine.ts";
import { userFormMachine } from "../../src/machines/userForm.machine.ts";

type Reply = { readonly status: number; readonly data: unknown };

/** A client over a fetch that answers by "METHOD /path" and records each call with its body. */
const fakeApi = (replies: Record<string, Reply | (() => Promise<Reply>)>) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const client = createClient({
    readToken: () => "t0k3n",
    fetch: async (input, init) => {
      const method = init?.method ?? "GET";
      const url = String(input);
      calls.push({ method, url, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
      const reply = replies[`${method} ${url}`];
      if (reply === undefined) return Response.json({ data: messages.notFound }, { status: 404 });
      const { status, data } = typeof reply === "function" ? await reply() : reply;
      return Response.json({ data }, { status });
    },
  });
  return { client, calls };
};

const ana: User = {
  id: 4,
  first_name: "Ana",
  last_name: "Ruiz",
  email: "ana@example.com",
  role_id: 1,
  user_rol: { id: 1, name: "admin" },
  active: true,
};
const breakfast = { id: 3, name: "Desayuno", active: true };

const dialog = (answer: boolean) => fromPromise<boolean, { title: string }>(async () => answer);

const settled = <T extends { getSnapshot: () => { hasTag: (tag: "fetching" | "processing") => boolean } }>(actor: T) =>
  vi.waitFor(() => {
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag("fetching") || snapshot.hasTag("processing")).toBe(false);
  });

const feedingsList = (client: ReturnType<typeof fakeApi>["client"], confirmed: boolean) => {
  const notify = vi.fn();
  const actor = createActor(
    itemCatalogueMachine.provide({
      actors: { confirmDelete: dialog(confirmed) },
      actions: { notify: (_, { message }) => notify(message) },
    }),
    { input: { client, contract: catalogueContract(feedings), mode: { kind: "list" } } },
  ).start();
  return { actor, notify };
};

describe("the catalogue machine for feedings", () => {
  it("loads the list with the fetching tag on", async () => {
    const { client, calls } = fakeApi({ "GET /api/feedings": { status: 200, data: [breakfast] } });
    const { actor } = feedingsList(client, false);
    expect(actor.getSnapshot().hasTag("fetching")).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().context.list).toEqual([breakfast]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(["GET /api/feedings"]);
  });

  it("deletes nothing when the dialog is cancelled", async () => {
    const { client, calls } = fakeApi({ "GET /api/feedings": { status: 200, data: [breakfast] } });
    const { actor } = feedingsList(client, false);
    await settled(actor);
    actor.send({ type: "item.delete", id: 3, title: "¿Eliminar «Desayuno»?" });
    await waitFor(actor, (snapshot) => snapshot.matches("listed"));
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);
  });

  it("deletes on confirm, tells the message and reloads the list", async () => {
    const { client, calls } = fakeApi({
      "GET /api/feedings": { status: 200, data: [breakfast] },
      "DELETE /api/feedings/3": { status: 200, data: messages.deleted },
    });
    const { actor, notify } = feedingsList(client, true);
    await settled(actor);
    actor.send({ type: "item.delete", id: 3, title: "¿Eliminar «Desayuno»?" });
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    await settled(actor);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/feedings",
      "DELETE /api/feedings/3",
      "GET /api/feedings",
    ]);
    expect(notify).toHaveBeenCalledWith(messages.deleted);
  });

  it("shows the server's refusal and clears it on the next request", async () => {
    let inUse = true;
    const { client } = fakeApi({
      "GET /api/feedings": { status: 200, data: [breakfast] },
      "DELETE /api/feedings/3": async () =>
        inUse ? { status: 409, data: messages.itemInUse } : { status: 200, data: messages.deleted },
    });
    const { actor } = feedingsList(client, true);
    await settled(actor);
    actor.send({ type: "item.delete", id: 3, title: "x" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(messages.itemInUse));
    inUse = false;
    actor.send({ type: "list.reload" });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("ignores the users-only password reset", async () => {
    const { client } = fakeApi({ "GET /api/feedings": { status: 200, data: [] } });
    const { actor } = feedingsList(client, true);
    await settled(actor);
    actor.send({ type: "item.resetPassword", id: 3, title: "x" });
    expect(actor.getSnapshot().value).toBe("listed");
  });

  it("edits an item: loads it, refuses a blank name, sends the trimmed name once and goes back", async () => {
    const { client, calls } = fakeApi({
      "GET /api/feedings/3": { status: 200, data: breakfast },
      "PUT /api/feedings/updateFeeding/3": { status: 200, data: messages.updated },
    });
    const goToList = vi.fn();
    const notify = vi.fn();
    const mode: CatalogueMode = { kind: "edit", id: 3 };
    const actor = createActor(
      itemCatalogueMachine.provide({ actions: { goToList, notify: (_, { message }) => notify(message) } }),
      { input: { client, contract: catalogueContract(feedings), mode } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.item).toEqual(breakfast);
    actor.send({ type: "item.submit", payload: { name: "   ", active: true } });
    expect(actor.getSnapshot().context.problems).toEqual({ name: "required" });
    actor.send({ type: "item.submit", payload: { name: " Almuerzo ", active: false } });
    actor.send({ type: "item.submit", payload: { name: "Cena", active: false } });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls.filter((call) => call.method === "PUT")).toEqual([
      { method: "PUT", url: "/api/feedings/updateFeeding/3", body: { name: "Almuerzo", active: false } },
    ]);
    expect(actor.getSnapshot().context.message).toBe(messages.updated);
    expect(notify).toHaveBeenCalledWith(messages.updated);
    expect(goToList).toHaveBeenCalledOnce();
  });

  it("stays on the form with the server's message when a save is refused", async () => {
    const { client } = fakeApi({
      "POST /api/feedings/createFeeding": { status: 400, data: messages.requiredInformation },
    });
    const goToList = vi.fn();
    const actor = createActor(itemCatalogueMachine.provide({ actions: { goToList } }), {
      input: { client, contract: catalogueContract(feedings), mode: { kind: "new" } },
    }).start();
    actor.send({ type: "item.submit", payload: { name: "Cena", active: true } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(messages.requiredInformation));
    expect(actor.getSnapshot().value).toBe("editing");
    expect(goToList).not.toHaveBeenCalled();
  });
});

describe("the catalogue machine for users", () => {
  const usersList = (client: ReturnType<typeof fakeApi>["client"]) => {
    const notify = vi.fn();
    const actor = createActor(
      userCatalogueMachine.provide({
        actors: { confirmDelete: dialog(true), confirmPasswordReset: dialog(true) },
        actions: { notify: (_, { message }) => notify(message) },
      }),
      { input: { client, contract: userContract, mode: { kind: "list" } } },
    ).start();
    return { actor, notify };
  };

  it("mails a temporary password after the confirmation and keeps the message", async () => {
    const { client, calls } = fakeApi({
      "GET /api/users": { status: 200, data: [ana] },
      "PUT /api/users/resetPassword/4": { status: 200, data: messages.temporaryPasswordSent },
    });
    const { actor, notify } = usersList(client);
    await settled(actor);
    expect(actor.getSnapshot().context.list).toEqual([ana]);
    actor.send({ type: "item.resetPassword", id: 4, title: "¿Enviar una contraseña temporal a Ana Ruiz?" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.message).toBe(messages.temporaryPasswordSent));
    expect(notify).toHaveBeenCalledWith(messages.temporaryPasswordSent);
    expect(calls.at(-1)).toMatchObject({ method: "PUT", url: "/api/users/resetPassword/4" });
  });

  it("clears the previous message when the next request starts", async () => {
    const { client } = fakeApi({
      "GET /api/users": { status: 200, data: [ana] },
      "PUT /api/users/resetPassword/4": { status: 200, data: messages.temporaryPasswordSent },
      "DELETE /api/users/4": { status: 409, data: messages.lastAdmin },
    });
    const { actor } = usersList(client);
    await settled(actor);
    actor.send({ type: "item.resetPassword", id: 4, title: "x" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.message).toBe(messages.temporaryPasswordSent));
    actor.send({ type: "item.delete", id: 4, title: "x" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(messages.lastAdmin));
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it("creates a user in form mode with the user rules", async () => {
    const { client, calls } = fakeApi({
      "POST /api/users/createUser": { status: 200, data: messages.created },
    });
    const actor = createActor(userCatalogueMachine, {
      input: { client, contract: userContract, mode: { kind: "new" } },
    }).start();
    actor.send({ type: "item.submit", payload: { firstName: "", lastName: "Mora", email: "luis@", roleId: 0 } });
    expect(actor.getSnapshot().context.problems).toEqual({
      firstName: "required",
      email: "invalidEmail",
      roleId: "required",
    });
    actor.send({
      type: "item.submit",
      payload: { firstName: " Luis ", lastName: "Mora", email: "luis@example.com ", roleId: 2, active: true },
    });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls[0]?.body).toEqual({
      firstName: "Luis",
      lastName: "Mora",
      email: "luis@example.com",
      roleId: 2,
      active: true,
    });
  });
});

describe("the user form machine", () => {
  const roles = [
    { id: 1, name: "admin" },
    { id: 2, name: "marketing" },
    { id: 3, name: "sales" },
  ];
  const valid = { firstName: "Ana", lastName: "Ruiz", email: "ana@example.com", roleId: 1, active: true };

  const userForm = (client: ReturnType<typeof fakeApi>["client"], userId: number | null) => {
    const goToList = vi.fn();
    const notify = vi.fn();
    const actor = createActor(
      userFormMachine.provide({ actions: { goToList, notify: (_, { message }) => notify(message) } }),
      { input: { client, userId } },
    ).start();
    return { actor, goToList, notify };
  };

  it("loads the roles and the user being edited", async () => {
    const { client, calls } = fakeApi({
      "GET /api/roles": { status: 200, data: roles },
      "GET /api/users/4": { status: 200, data: ana },
    });
    const { actor } = userForm(client, 4);
    expect(actor.getSnapshot().hasTag("fetching")).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({ roles, user: ana });
    expect(calls.map((call) => call.url).sort()).toEqual(["/api/roles", "/api/users/4"]);
  });

  it("loads only the roles for a new user", async () => {
    const { client, calls } = fakeApi({ "GET /api/roles": { status: 200, data: roles } });
    const { actor } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(calls.map((call) => call.url)).toEqual(["/api/roles"]);
  });

  it("refuses missing fields and a malformed email without sending anything", async () => {
    const { client, calls } = fakeApi({ "GET /api/roles": { status: 200, data: roles } });
    const { actor } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "user.submit", payload: { firstName: " ", lastName: "", email: "", roleId: 0 } });
    expect(actor.getSnapshot().context.problems).toEqual({
      firstName: "required",
      lastName: "required",
      email: "required",
      roleId: "required",
    });
    actor.send({ type: "user.submit", payload: { ...valid, email: "ana@example" } });
    expect(actor.getSnapshot().context.problems).toEqual({ email: "invalidEmail" });
    expect(calls).toHaveLength(1);
  });

  it("sends once however often it is submitted, then returns to the list with the message", async () => {
    let answer: (reply: Reply) => void = () => {};
    const { client, calls } = fakeApi({
      "GET /api/roles": { status: 200, data: roles },
      "POST /api/users/createUser": () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    const { actor, goToList, notify } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "user.submit", payload: valid });
    actor.send({ type: "user.submit", payload: valid });
    expect(actor.getSnapshot().hasTag("processing")).toBe(true);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    answer({ status: 200, data: messages.created });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
    expect(goToList).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith(messages.created);
  });

  it("shows the server's refusal, and clears it when the next save starts", async () => {
    let refuse = true;
    const { client } = fakeApi({
      "GET /api/roles": { status: 200, data: roles },
      "GET /api/users/4": { status: 200, data: ana },
      "PUT /api/users/updateUser/4": async () =>
        refuse ? { status: 409, data: messages.emailInUse } : { status: 200, data: messages.updated },
    });
    const { actor, goToList } = userForm(client, 4);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "user.submit", payload: valid });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(messages.emailInUse));
    expect(actor.getSnapshot().value).toBe("editing");
    refuse = false;
    actor.send({ type: "user.submit", payload: valid });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(goToList).toHaveBeenCalledOnce();
  });

  it("cannot open when the roles are refused", async () => {
    const { client } = fakeApi({ "GET /api/roles": { status: 403, data: messages.forbidden } });
    const { actor } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(actor.getSnapshot().value).toBe("unavailable");
    expect(actor.getSnapshot().context.error).toBe(messages.forbidden);
  });
});
