import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { createClient } from "../../src/api/client.ts";
import { messages } from "../../src/api/messages.ts";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import type { User } from "../../src/api/users.ts";
import { catalogueFormMachine, catalogueListMachine, listSourceOf, formSourceOf } from "../../src/machines/catalogues/catalogues.ts";
import { initialQuery } from "../../src/machines/shared/listQuery.ts";
import type { CommandConfirmation, DeleteConfirmation, ExportRequest } from "../../src/machines/shared/pagedList.machine.ts";
import { type ListSource, listQueryDefaults } from "../../src/machines/shared/recordRows.ts";
import { RESET_PASSWORD, userFormMachine, userFormSource, userListMachine, userListSource } from "../../src/machines/users/users.ts";
import { feeding } from "../../src/records/feeding.ts";
import { catalogueItemId, roleId, userId } from "../ids.ts";

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
  id: userId(4),
  first_name: "Ana",
  last_name: "Ruiz",
  email: "ana@example.com",
  role_id: roleId(1),
  user_rol: { id: roleId(1), name: "admin" },
  agency_id: null,
  active: true,
  version: 7,
};
const breakfast = { id: 3, name: "Desayuno", active: true, version: 5 };

const dialog = <Input,>(answer: boolean) => fromPromise<boolean, Input>(async () => answer);
const commandAnswer = (answer: boolean) => fromPromise<string | null, CommandConfirmation>(async () => (answer ? "" : null));

const settled = <T extends { getSnapshot: () => { hasTag: (tag: "loading" | "processing") => boolean } }>(actor: T) =>
  vi.waitFor(() => {
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag("loading") || snapshot.hasTag("processing")).toBe(false);
  });

/** A record list's input: its source and the query of an address that says nothing. */
const listInput = <Row extends { readonly id: number }>(client: ReturnType<typeof fakeApi>["client"], source: ListSource<Row>) => ({
  client,
  query: initialQuery(listQueryDefaults(source)),
  scope: source,
});

const feedingList = (client: ReturnType<typeof fakeApi>["client"], confirmed: boolean) => {
  const notify = vi.fn();
  const actor = createActor(
    catalogueListMachine.provide({
      actors: { confirmDelete: dialog(confirmed), confirmCommand: commandAnswer(confirmed) },
      actions: { notify: (_, { message }) => notify(message) },
    }),
    { input: listInput(client, listSourceOf(feeding)) },
  ).start();
  return { actor, notify };
};

describe("the list machine over the feeding declaration", () => {
  it("loads the rows with the fetching tag on", async () => {
    const { client, calls } = fakeApi({ "GET /api/feedings": { status: 200, data: [breakfast] } });
    const { actor } = feedingList(client, false);
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().context.rows).toEqual([breakfast]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(["GET /api/feedings"]);
  });

  it("deletes nothing when the dialog is cancelled", async () => {
    const { client, calls } = fakeApi({ "GET /api/feedings": { status: 200, data: [breakfast] } });
    const { actor } = feedingList(client, false);
    await settled(actor);
    actor.send({ type: "row.delete", id: catalogueItemId(3), title: "¿Eliminar «Desayuno»?" });
    await waitFor(actor, (snapshot) => String(snapshot.value) === "ready");
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);
  });

  it("deletes on confirm, tells the message and reloads the list", async () => {
    const { client, calls } = fakeApi({
      "GET /api/feedings": { status: 200, data: [breakfast] },
      "DELETE /api/feedings/3": { status: 200, data: messages.deleted },
    });
    const { actor, notify } = feedingList(client, true);
    await settled(actor);
    actor.send({ type: "row.delete", id: catalogueItemId(3), title: "¿Eliminar «Desayuno»?" });
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
    const { actor } = feedingList(client, true);
    await settled(actor);
    actor.send({ type: "row.delete", id: catalogueItemId(3), title: "x" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(messages.itemInUse));
    inUse = false;
    actor.send({ type: "list.changed" });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("takes a sort, a search, a tick and a row's delete pressed while an export is saved, and makes them once it is (decision 121)", async () => {
    const { client, calls } = fakeApi({ "GET /api/feedings": { status: 200, data: [breakfast] } });
    let saved = () => {};
    const asked: string[] = [];
    const actor = createActor(
      catalogueListMachine.provide({
        actors: {
          saveExport: fromPromise<void, ExportRequest<CatalogueItem>>(() => new Promise<void>((resolve) => { saved = resolve; })),
          confirmDelete: fromPromise<boolean, DeleteConfirmation>(async ({ input }) => {
            asked.push(input.title);
            return false;
          }),
        },
      }),
      { input: listInput(client, listSourceOf(feeding)) },
    ).start();
    await settled(actor);
    actor.send({ type: "list.export", format: "csv" });
    const saving = (value: unknown) => JSON.stringify(value) === JSON.stringify({ exporting: "saving" });
    await waitFor(actor, (snapshot) => saving(snapshot.value));
    const reads = calls.length;
    actor.send({ type: "sort.toggle", column: "name" });
    actor.send({ type: "search.change", text: "desa" });
    actor.send({ type: "row.select", id: 3, selected: true });
    actor.send({ type: "row.delete", id: catalogueItemId(3), title: "¿Eliminar «Desayuno»?" });
    // the export goes on, the list's query is the new one and nothing pressed was lost
    expect(saving(actor.getSnapshot().value)).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ query: { q: "desa", sort: "name" }, changedMeanwhile: true, selected: [breakfast] });
    expect(actor.getSnapshot().context.pressedMeanwhile).toEqual({ type: "row.delete", id: 3, title: "¿Eliminar «Desayuno»?" });
    saved();
    await waitFor(actor, (snapshot) => asked.length === 1 && String(snapshot.value) === "ready");
    expect(asked).toEqual(["¿Eliminar «Desayuno»?"]);
    expect(calls.length).toBe(reads + 1);
    expect(actor.getSnapshot().context).toMatchObject({ query: { q: "desa", sort: "name" }, changedMeanwhile: false, pressedMeanwhile: null });
    actor.stop();
  });

  it("reads its rows again after a delete's dialog during which a row changed elsewhere, not the rows it held", async () => {
    let renamed = false;
    const { client, calls } = fakeApi({
      "GET /api/feedings": async () => ({ status: 200, data: [renamed ? { ...breakfast, name: "Desayuno buffet", version: 6 } : breakfast] }),
    });
    let cancel = () => {};
    const actor = createActor(
      catalogueListMachine.provide({
        actors: { confirmDelete: fromPromise<boolean, DeleteConfirmation>(() => new Promise<boolean>((resolve) => { cancel = () => resolve(false); })) },
      }),
      { input: listInput(client, listSourceOf(feeding)) },
    ).start();
    await settled(actor);
    actor.send({ type: "row.delete", id: catalogueItemId(3), title: "x" });
    await waitFor(actor, (snapshot) => String(snapshot.value) === "confirmingDelete");
    renamed = true;
    actor.send({ type: "list.changed" });
    cancel();
    await waitFor(actor, (snapshot) => calls.length === 2 && String(snapshot.value) === "ready");
    expect(actor.getSnapshot().context.rows).toEqual([{ ...breakfast, name: "Desayuno buffet", version: 6 }]);
    actor.stop();
  });

  it("fetches the page a search asked for while a delete ran, once it is done, and makes an export pressed then (decision 121)", async () => {
    let deleted = () => {};
    const { client, calls } = fakeApi({
      "GET /api/feedings": { status: 200, data: [breakfast] },
      "DELETE /api/feedings/3": () => new Promise<Reply>((resolve) => { deleted = () => resolve({ status: 200, data: messages.deleted }); }),
    });
    const saves: number[] = [];
    const actor = createActor(
      catalogueListMachine.provide({
        actors: {
          confirmDelete: dialog(true),
          saveExport: fromPromise<void, ExportRequest<CatalogueItem>>(async ({ input }) => {
            saves.push(input.rows.length);
          }),
        },
      }),
      { input: listInput(client, listSourceOf(feeding)) },
    ).start();
    await settled(actor);
    actor.send({ type: "row.delete", id: catalogueItemId(3), title: "x" });
    await waitFor(actor, (snapshot) => snapshot.hasTag("processing"));
    actor.send({ type: "search.change", text: "cena" });
    actor.send({ type: "list.export", format: "xlsx" });
    expect(actor.getSnapshot().hasTag("processing")).toBe(true);
    deleted();
    await waitFor(actor, () => saves.length === 1);
    await settled(actor);
    expect(actor.getSnapshot().context.query.q).toBe("cena");
    expect(calls.map((call) => `${call.method} ${call.url}`).slice(0, 3)).toEqual(["GET /api/feedings", "DELETE /api/feedings/3", "GET /api/feedings"]);
    actor.stop();
  });

  it("ignores a row command its source does not offer (the users' password reset)", async () => {
    const { client, calls } = fakeApi({ "GET /api/feedings": { status: 200, data: [] } });
    const { actor } = feedingList(client, true);
    await settled(actor);
    actor.send({ type: "row.command", command: RESET_PASSWORD, id: catalogueItemId(3), title: "x" });
    expect(String(actor.getSnapshot().value)).toBe("ready");
    expect(calls).toHaveLength(1);
  });
});

describe("the form machine over the feeding declaration", () => {
  it("edits an item: loads it, refuses a blank name, sends the trimmed name and the loaded version once, and goes back", async () => {
    const { client, calls } = fakeApi({
      "GET /api/feedings/3": { status: 200, data: breakfast },
      "PUT /api/feedings/updateFeeding/3": { status: 200, data: messages.updated },
    });
    const goToList = vi.fn();
    const notify = vi.fn();
    const actor = createActor(
      catalogueFormMachine.provide({ actions: { goToList, notify: (_, { message }) => notify(message) } }),
      { input: { client, source: formSourceOf(feeding), id: 3 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.item).toEqual(breakfast);
    actor.send({ type: "form.submit", draft: { name: "   ", active: true } });
    expect(actor.getSnapshot().context.problems).toEqual({ name: "required" });
    actor.send({ type: "form.submit", draft: { name: " Almuerzo ", active: false } });
    actor.send({ type: "form.submit", draft: { name: "Cena", active: false } });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls.filter((call) => call.method === "PUT")).toEqual([
      { method: "PUT", url: "/api/feedings/updateFeeding/3", body: { name: "Almuerzo", active: false, version: 5 } },
    ]);
    expect(actor.getSnapshot().context.message).toBe(messages.updated);
    expect(notify).toHaveBeenCalledWith(messages.updated);
    expect(goToList).toHaveBeenCalledOnce();
  });

  it("refuses a name longer than the contract's limit before sending", async () => {
    const { client, calls } = fakeApi({});
    const actor = createActor(catalogueFormMachine, { input: { client, source: formSourceOf(feeding), id: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { name: "x".repeat(121), active: true } });
    expect(actor.getSnapshot().context.problems).toEqual({ name: "invalid" });
    expect(calls).toEqual([]);
  });

  it("opens a new item without a request, and stays on the form with the server's message when a save is refused", async () => {
    const { client, calls } = fakeApi({
      "POST /api/feedings/createFeeding": { status: 400, data: messages.requiredInformation },
    });
    const goToList = vi.fn();
    const actor = createActor(catalogueFormMachine.provide({ actions: { goToList } }), {
      input: { client, source: formSourceOf(feeding), id: null },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(calls).toEqual([]);
    actor.send({ type: "form.submit", draft: { name: "Cena", active: true } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(messages.requiredInformation));
    expect(actor.getSnapshot().value).toBe("editing");
    expect(goToList).not.toHaveBeenCalled();
  });

  it("refuses images: a catalogue keeps none", async () => {
    const { client } = fakeApi({});
    const actor = createActor(catalogueFormMachine, { input: { client, source: formSourceOf(feeding), id: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [new Blob(["png"])] });
    expect(actor.getSnapshot().context.images).toEqual([]);
    expect(actor.getSnapshot().context.problems).toEqual({ images: "invalid" });
  });
});

describe("the list machine over the users", () => {
  const usersList = (client: ReturnType<typeof fakeApi>["client"]) => {
    const notify = vi.fn();
    const asked = vi.fn();
    const actor = createActor(
      userListMachine.provide({
        actors: {
          confirmDelete: dialog(true),
          confirmCommand: fromPromise<string | null, CommandConfirmation>(async ({ input }) => {
            asked(input);
            return "";
          }),
        },
        actions: { notify: (_, { message }) => notify(message) },
      }),
      { input: listInput(client, userListSource) },
    ).start();
    return { actor, notify, asked };
  };

  it("mails a temporary password after the confirmation, toasts the message and reloads the rows", async () => {
    const { client, calls } = fakeApi({
      "GET /api/users": { status: 200, data: [ana] },
      "PUT /api/users/resetPassword/4": { status: 200, data: messages.temporaryPasswordSent },
    });
    const { actor, notify, asked } = usersList(client);
    await settled(actor);
    expect(actor.getSnapshot().context.rows).toEqual([ana]);
    const title = "¿Enviar una contraseña temporal a Ana Ruiz?";
    actor.send({ type: "row.command", command: RESET_PASSWORD, id: userId(4), title });
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith(messages.temporaryPasswordSent));
    expect(asked).toHaveBeenCalledWith({ title, command: RESET_PASSWORD, asksReason: false });
    // the command is sent once, then the rows are fetched again
    await settled(actor);
    expect(calls.slice(1).map(({ method, url }) => `${method} ${url}`)).toEqual(["PUT /api/users/resetPassword/4", "GET /api/users"]);
  });

  it("ignores a command the users' list does not offer", async () => {
    const { client, calls } = fakeApi({ "GET /api/users": { status: 200, data: [ana] } });
    const { actor, asked } = usersList(client);
    await settled(actor);
    actor.send({ type: "row.command", command: "archive", id: userId(4), title: "x" });
    expect(String(actor.getSnapshot().value)).toBe("ready");
    expect(asked).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it("clears the previous message when the next request starts", async () => {
    const { client } = fakeApi({
      "GET /api/users": { status: 200, data: [ana] },
      "PUT /api/users/resetPassword/4": { status: 200, data: messages.temporaryPasswordSent },
      "DELETE /api/users/4": { status: 409, data: messages.lastAdmin },
    });
    const { actor, notify } = usersList(client);
    await settled(actor);
    actor.send({ type: "row.command", command: RESET_PASSWORD, id: userId(4), title: "x" });
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith(messages.temporaryPasswordSent));
    await settled(actor);
    actor.send({ type: "row.delete", id: userId(4), title: "x" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(messages.lastAdmin));
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});

describe("the form machine over the users", () => {
  const roles = [
    { id: 1, name: "admin" },
    { id: 2, name: "marketing" },
    { id: 3, name: "sales" },
  ];
  const valid = { firstName: "Ana", lastName: "Ruiz", email: "ana@example.com", roleId: 1, active: true };

  const userForm = (client: ReturnType<typeof fakeApi>["client"], id: number | null) => {
    const goToList = vi.fn();
    const notify = vi.fn();
    const actor = createActor(
      userFormMachine.provide({ actions: { goToList, notify: (_, { message }) => notify(message) } }),
      { input: { client, source: userFormSource, id } },
    ).start();
    return { actor, goToList, notify };
  };

  it("loads the roles and the user being edited", async () => {
    const { client, calls } = fakeApi({
      "GET /api/roles": { status: 200, data: roles }, "GET /api/agencies": { status: 200, data: [] },
      "GET /api/users/4": { status: 200, data: ana },
    });
    const { actor } = userForm(client, 4);
    expect(actor.getSnapshot().hasTag("fetching")).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({ options: { roles, agencies: [] }, item: ana });
    expect(calls.map((call) => call.url).sort()).toEqual(["/api/agencies", "/api/roles", "/api/users/4"]);
  });

  it("loads only the roles and the agencies for a new user", async () => {
    const { client, calls } = fakeApi({ "GET /api/roles": { status: 200, data: roles }, "GET /api/agencies": { status: 200, data: [] } });
    const { actor } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.item).toBeNull();
    expect(calls.map((call) => call.url).sort()).toEqual(["/api/agencies", "/api/roles"]);
  });

  it("refuses missing fields and a malformed email without sending anything", async () => {
    const { client, calls } = fakeApi({ "GET /api/roles": { status: 200, data: roles }, "GET /api/agencies": { status: 200, data: [] } });
    const { actor } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { firstName: " ", lastName: "", email: "", roleId: 0 } });
    expect(actor.getSnapshot().context.problems).toEqual({
      firstName: "required",
      lastName: "required",
      email: "required",
      roleId: "required",
    });
    actor.send({ type: "form.submit", draft: { ...valid, email: "ana@example" } });
    expect(actor.getSnapshot().context.problems).toEqual({ email: "invalidEmail" });
    // the form's two loads, no save
    expect(calls).toHaveLength(2);
  });

  it("sends once however often it is submitted, trimmed, then returns to the list with the message", async () => {
    let answer: (reply: Reply) => void = () => {};
    const { client, calls } = fakeApi({
      "GET /api/roles": { status: 200, data: roles }, "GET /api/agencies": { status: 200, data: [] },
      "POST /api/users/createUser": () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    const { actor, goToList, notify } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { ...valid, firstName: " Ana ", email: "ana@example.com " } });
    actor.send({ type: "form.submit", draft: valid });
    expect(actor.getSnapshot().hasTag("processing")).toBe(true);
    // the form's two loads and one save
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    answer({ status: 200, data: messages.created });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([valid]);
    expect(goToList).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith(messages.created);
  });

  it("shows a refusal about the email by the email field, and clears it when the next save starts", async () => {
    let refuse = true;
    const { client, calls } = fakeApi({
      "GET /api/roles": { status: 200, data: roles }, "GET /api/agencies": { status: 200, data: [] },
      "GET /api/users/4": { status: 200, data: ana },
      "PUT /api/users/updateUser/4": async () =>
        refuse ? { status: 409, data: messages.emailInUse } : { status: 200, data: messages.updated },
    });
    const { actor, goToList } = userForm(client, 4);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: valid });
    await vi.waitFor(() => expect(actor.getSnapshot().context.problems).toEqual({ email: { answer: messages.emailInUse } }));
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.error).toBeNull();
    refuse = false;
    actor.send({ type: "form.submit", draft: valid });
    expect(actor.getSnapshot().context.problems).toEqual({});
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(goToList).toHaveBeenCalledOnce();
    // Each edit sends back the version the form loaded the user at.
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      { ...valid, version: 7 },
      { ...valid, version: 7 },
    ]);
  });

  it("cannot open when the roles are refused", async () => {
    const { client } = fakeApi({ "GET /api/roles": { status: 403, data: messages.forbidden } });
    const { actor } = userForm(client, null);
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(actor.getSnapshot().value).toBe("unavailable");
    expect(actor.getSnapshot().context.error).toBe(messages.forbidden);
  });
});
