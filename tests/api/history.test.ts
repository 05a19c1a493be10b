import { projections } from "../../server/projections.ts";
import { catalogues, historyReadersWith } from "../../src/records/index.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, sessionFor, startServer, type TestServer, versionIn } from "./support.ts";

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

let adminToken: string;
let salesToken: string;
let marketingId: number;

beforeEach(async () => {
  await resetDatabase(db);
  const adminId = await createStaff(db, { email: "admin@example.com", firstName: "Ada", lastName: "Ríos" });
  const salesId = await createStaff(db, { email: "ventas@example.com", role: "sales", firstName: "Diego", lastName: "Cevallos" });
  adminToken = await sessionFor(server, db, adminId);
  salesToken = await sessionFor(server, db, salesId);
  const created = await request(server, "POST", "/api/users/createUser", {
    token: adminToken,
    body: { firstName: "Marta", lastName: "Andrade", email: "marta@example.com", roleId: 2, active: true },
  });
  expect(created.status).toBe(200);
  const [row] = await db.query<{ id: number }>("select id from users where email = 'marta@example.com'");
  marketingId = row?.id ?? 0;
});

describe("GET /api/history/{stream}/{id}", () => {
  it("tells who changed a user, when, and which fields, without any secret", async () => {
    const loaded = await request(server, "GET", `/api/users/${marketingId}`, { token: adminToken });
    const saved = await request(server, "PUT", `/api/users/updateUser/${marketingId}`, {
      token: adminToken,
      body: { firstName: "Marta", lastName: "Andrade Vega", email: "marta@example.com", roleId: 2, active: false, version: versionIn(loaded) },
    });
    expect(saved.status).toBe(200);
    const answer = await request(server, "GET", `/api/history/user/${marketingId}`, { token: adminToken });
    expect(answer.status).toBe(200);
    const entries = dataOf(answer);
    expect(entries).toMatchObject([
      { version: 1, type: "user.create", actor: { firstName: "Ada", lastName: "Ríos" }, status: { before: null, after: "active" } },
      { version: 2, type: "user.issueTemporaryPassword", changes: [{ field: "expiresAt" }] },
      {
        version: 3,
        type: "user.update",
        changes: [{ field: "lastName", before: "Andrade", after: "Andrade Vega" }],
        status: { before: "active", after: "active" },
      },
      { version: 4, type: "user.deactivate", changes: [], status: { before: "active", after: "inactive" } },
    ]);
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/hash|token|\$argon2/i);
  });

  it("follows a catalogue item for every role that may read it", async () => {
    const created = await request(server, "POST", "/api/feedings/createFeeding", {
      token: salesToken,
      body: { name: "Desayuno", active: true },
    });
    expect(created.status).toBe(200);
    const [row] = await db.query<{ id: number }>("select id from feedings where name = 'Desayuno'");
    const loaded = await request(server, "GET", `/api/feedings/${row?.id}`, { token: adminToken });
    const saved = await request(server, "PUT", `/api/feedings/updateFeeding/${row?.id}`, {
      token: adminToken,
      body: { name: "Desayuno buffet", active: true, version: versionIn(loaded) },
    });
    expect(saved.status).toBe(200);
    const answer = await request(server, "GET", `/api/history/feeding/${row?.id}`, { token: salesToken });
    expect(answer.status).toBe(200);
    expect(dataOf(answer)).toMatchObject([
      { type: "catalogueItem.create", actor: { firstName: "Diego" }, changes: [{ field: "name", after: "Desayuno" }, { field: "active" }] },
      { actor: { firstName: "Ada" }, changes: [{ field: "name", before: "Desayuno", after: "Desayuno buffet" }] },
    ]);
  });

  it("keeps a user's history from readers who may not read users", async () => {
    const answer = await request(server, "GET", `/api/history/user/${marketingId}`, { token: salesToken });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ data: messages.forbidden });
  });

  it("answers 404 for a record without events and for a stream without readable history, 400 for a malformed one", async () => {
    expect((await request(server, "GET", "/api/history/feeding/999", { token: adminToken })).status).toBe(404);
    expect((await request(server, "GET", "/api/history/session/1", { token: adminToken })).status).toBe(404);
    expect((await request(server, "GET", "/api/history/ses$ion/1", { token: adminToken })).status).toBe(400);
  });
});

describe("every stream the event log holds", () => {
  it("has a domain machine and readers, so its records' history is readable", () => {
    const readers = historyReadersWith(catalogues);
    const streams = projections.map((projection) => [projection.stream, projection.machine !== undefined, (readers[projection.stream] ?? []).length > 0]);
    expect(streams.filter(([, machine, read]) => !machine || !read)).toEqual([]);
    expect(streams.length).toBeGreaterThan(20);
  });
});
