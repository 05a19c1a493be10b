import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tableOf } from "../../server/catalogues/storage.ts";
import type { Database } from "../../server/db/database.ts";
import { readStream } from "../../server/events/store.ts";
import { catalogueRoutes } from "../../server/catalogues/routes.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, sessionFor, snapshot, startServer, type TestServer, versionIn } from "./support.ts";

let db: Database;
let server: TestServer;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** Every role may edit the catalogues; the tests use a sales user, the least privileged. */
let token: string;
let salesId: number;

beforeEach(async () => {
  await resetDatabase(db);
  salesId = await createStaff(db, { email: "ventas@example.com", password: null, role: "sales" });
  token = await sessionFor(server, db, salesId);
});

const pathOf = (template: string, id?: number) => `/api${template.replace(":id", String(id))}`;

describe.each(
  catalogueRoutes.filter(({ api }) => api.details.length === 0).map(({ api, record }) => [api.resource, api, record] as const),
)("%s", (_resource, api, record) => {
  const list = () => request(server, "GET", pathOf(api.list.path), { token });
  const get = (id: number) => request(server, "GET", pathOf(api.get.path, id), { token });
  const create = (body: unknown) => request(server, "POST", pathOf(api.create.path), { token, body });
  /**
   * Saves the edit form, sending back the version it loaded: the item's current one unless told
   * (a body that is no form, such as a list or a text, goes as it is).
   */
  const update = async (id: number, body: unknown, version?: number) =>
    request(server, "PUT", pathOf(api.update.path, id), {
      token,
      body:
        typeof body === "object" && body !== null && !Array.isArray(body)
          ? { ...body, version: version ?? versionIn(await get(id)) }
          : body,
    });
  const remove = (id: number) => request(server, "DELETE", pathOf(api.remove.path, id), { token });

  const idOf = async (name: string): Promise<number> => {
    const [row] = await db.query<{ id: number }>(`select id from ${tableOf(record)} where name = $1`, [name]);
    if (!row) throw new Error(`no item ${name}`);
    return row.id;
  };

  const link = (id: number, catalogue: string = record.stream) =>
    db.query("insert into itinerary_catalogue_items (itinerary_id, catalogue, item_id) values (1, $1, $2)", [catalogue, id]);

  const eventTypes = async (id: number) => (await readStream(db, record.stream, String(id))).map((event) => event.type);

  it("creates items with trimmed names, lists them by name and answers one by id", async () => {
    for (const name of ["Cena", "  almuerzo ", "Desayuno", "Ábaco"]) {
      const answer = await create({ name });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: messages.created });
    }
    expect((await create({ name: "Oculto", active: false })).status).toBe(200);
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        { id: await idOf("Ábaco"), name: "Ábaco", active: true, version: 1 },
        { id: await idOf("almuerzo"), name: "almuerzo", active: true, version: 1 },
        { id: await idOf("Cena"), name: "Cena", active: true, version: 1 },
        { id: await idOf("Desayuno"), name: "Desayuno", active: true, version: 1 },
        { id: await idOf("Oculto"), name: "Oculto", active: false, version: 1 },
      ],
    });
    const cena = await idOf("Cena");
    expect((await get(cena)).body).toEqual({ data: { id: cena, name: "Cena", active: true, version: 1 } });
    const [created] = await readStream(db, record.stream, String(cena));
    expect(created).toMatchObject({ type: "catalogueItem.create", data: { name: "Cena", active: true }, actorId: salesId });
  });

  it("renames, deactivates and activates, one event per change, none for an unchanged form", async () => {
    await create({ name: "Cena" });
    const id = await idOf("Cena");
    expect((await update(id, { name: "Cena buffet", active: false })).body).toEqual({ data: messages.updated });
    expect((await get(id)).body).toEqual({ data: { id, name: "Cena buffet", active: false, version: 3 } });
    expect(await eventTypes(id)).toEqual(["catalogueItem.create", "catalogueItem.edit", "catalogueItem.deactivate"]);

    const before = await snapshot(db);
    expect((await update(id, { name: " Cena buffet " })).status).toBe(200);
    expect((await update(id, { name: "Cena buffet", active: false })).status).toBe(200);
    expect(await snapshot(db)).toEqual(before);

    expect((await update(id, { name: "Cena buffet", active: true })).status).toBe(200);
    expect((await get(id)).body).toEqual({ data: { id, name: "Cena buffet", active: true, version: 4 } });
  });

  it("deletes an item: gone from the list, 404 from then on", async () => {
    await create({ name: "Cena" });
    await create({ name: "Desayuno" });
    const id = await idOf("Cena");
    // An edit form loaded the item before it was deleted.
    const loaded = versionIn(await get(id));
    const answer = await remove(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: messages.deleted });
    expect(dataOf(await list())).toEqual([{ id: await idOf("Desayuno"), name: "Desayuno", active: true, version: 1 }]);
    for (const again of [await get(id), await update(id, { name: "Cena" }, loaded), await remove(id)]) {
      expect(again).toMatchObject({ status: 404, body: { data: messages.notFound } });
    }
    expect(await eventTypes(id)).toEqual(["catalogueItem.create", "catalogueItem.delete"]);
  });

  it("refuses to delete an item a destination uses (409), but lets it be deactivated", async () => {
    await create({ name: "Cena" });
    const id = await idOf("Cena");
    await link(id);
    const before = await snapshot(db);
    const answer = await remove(id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ data: messages.itemInUse });
    expect(await snapshot(db)).toEqual(before);
    expect((await update(id, { name: "Cena", active: false })).status).toBe(200);
  });

  it("refuses a name another live item has, ignoring case, accents and blanks, on create and rename", async () => {
    await create({ name: "Café de altura" });
    await create({ name: "Cena" });
    const cena = await idOf("Cena");
    const before = await snapshot(db);
    for (const name of ["café de altura", "  CAFE  de   altura ", "Cafe de altura"]) {
      expect(await create({ name })).toMatchObject({ status: 409, body: { data: messages.nameInUse } });
      expect(await update(cena, { name })).toMatchObject({ status: 409, body: { data: messages.nameInUse } });
    }
    expect(await snapshot(db)).toEqual(before);
    // the item itself may change its own name's case; a deleted item's name is free again
    expect((await update(cena, { name: "CENA" })).status).toBe(200);
    expect((await remove(await idOf("Café de altura"))).status).toBe(200);
    expect((await create({ name: "cafe de altura" })).status).toBe(200);
    // two creations of one name at once: exactly one is kept
    const answers = await Promise.all([create({ name: "Merienda" }), create({ name: "merienda" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("is not blocked by another catalogue's item with the same id", async () => {
    await create({ name: "Cena" });
    const id = await idOf("Cena");
    const other = catalogueRoutes.find((candidate) => candidate.record.stream !== record.stream)?.record.stream ?? "";
    await link(id, other);
    expect((await remove(id)).status).toBe(200);
  });

  it("answers 404 for an unknown item and 400 for a malformed id", async () => {
    expect(await get(999)).toMatchObject({ status: 404, body: { data: messages.notFound } });
    expect(await update(999, { name: "Cena" }, 1)).toMatchObject({ status: 404, body: { data: messages.notFound } });
    expect(await remove(999)).toMatchObject({ status: 404, body: { data: messages.notFound } });
    expect(await request(server, "GET", `/api/${api.resource}/0`, { token })).toMatchObject({
      status: 400,
      body: { data: messages.invalidInput },
    });
  });

  it("accepts a name of 120 characters and ignores unknown fields", async () => {
    const name = "é".repeat(120);
    expect((await create({ name, id: 50, status: "deleted" })).status).toBe(200);
    const id = await idOf(name);
    expect(id).not.toBe(50);
    expect((await get(id)).body).toEqual({ data: { id, name, active: true, version: 1 } });
  });

  it.each([
    ["a blank name", { name: "   " }, messages.requiredInformation],
    ["an empty name", { name: "" }, messages.requiredInformation],
    ["a missing name", { active: true }, messages.requiredInformation],
    ["a null name", { name: null }, messages.requiredInformation],
    ["a name of 121 characters", { name: "a".repeat(121) }, messages.invalidInput],
    ["a numeric name", { name: 5 }, messages.invalidInput],
    ["an active flag sent as text", { name: "Cena", active: "false" }, messages.invalidInput],
    ["an array", [{ name: "Cena" }], messages.invalidInput],
    ["a string", "Cena", messages.invalidInput],
  ])("refuses %s with 400 on create and update, changing nothing", async (_case, body, message) => {
    await create({ name: "Existente" });
    const id = await idOf("Existente");
    const before = await snapshot(db);
    expect(await create(body)).toMatchObject({ status: 400, body: { data: message } });
    expect(await update(id, body)).toMatchObject({ status: 400, body: { data: message } });
    expect(await snapshot(db)).toEqual(before);
  });
});
