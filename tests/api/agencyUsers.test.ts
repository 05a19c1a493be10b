/**
 * Issue 15: the agencies' users (DOMAIN.md section 2). An agency user has the role `agency` and
 * one live agency; they read their own agency's users and nothing of the operator's data.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createItem } from "../../server/catalogues/items.ts";
import { messages } from "../../src/api/messages.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { agencies } from "../../src/records/referenceData.ts";
import { sampleDetails } from "../catalogueSamples.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";
import { anyAgency, createStaff, dataOf, request, sessionFor, snapshot, startServer, type TestServer } from "./support.ts";

const db = testDatabase();
let server: TestServer;
let admin: string;
let ikarus: number;
let andes: number;

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

const newAgency = async (name: string, active = true): Promise<number> => {
  const details = await sampleDetails(db, agencies);
  return db.transaction((tx) => createItem(tx, agencies, { ...details, name, active }, { actorId: null, occurredAt: new Date() }));
};

beforeEach(async () => {
  await resetDatabase(db);
  admin = await sessionFor(server, db, await createStaff(db, { email: "admin@example.com", password: null }));
  ikarus = await anyAgency(db);
  andes = await newAgency("Andes Travel");
});

const agencyUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Rosa",
  lastName: "Vera",
  email: "reservas@ikarus.example.com",
  roleId: roleIds.agency,
  agencyId: ikarus,
  ...overrides,
});

const createUser = (body: unknown) => request(server, "POST", "/api/users/createUser", { token: admin, body });
const usersOf = (agencyId: number, token: string) => request(server, "GET", `/api/agencies/${agencyId}/users`, { token });

describe("an agency user", () => {
  it("needs a live, active agency: 400 'select an agency' and nothing written otherwise", async () => {
    const closed = await newAgency("Cerrada", false);
    const before = await snapshot(db);
    for (const agencyId of [undefined, null, 0, 99_999, closed]) {
      const answer = await createUser(agencyUser({ agencyId }));
      expect([answer.status, dataOf(answer)]).toEqual([400, messages.selectAgency]);
    }
    expect(await snapshot(db)).toEqual(before);
    expect(dataOf(await createUser(agencyUser()))).toBe(messages.created);
    // a staff user keeps no agency, whatever the form sends
    expect(dataOf(await createUser({ ...agencyUser({ email: "ana@example.com" }), roleId: roleIds.sales }))).toBe(messages.created);
    const users = dataOf(await request(server, "GET", "/api/users", { token: admin })) as ReadonlyArray<Record<string, unknown>>;
    expect(users.map(({ email, agency_id, user_rol }) => [email, agency_id, (user_rol as { name: string }).name])).toEqual([
      ["admin@example.com", null, "admin"],
      ["reservas@ikarus.example.com", ikarus, "agency"],
      ["ana@example.com", null, "sales"],
    ]);
  });

  it("reads their own agency's users, and of another agency learns not even that it exists", async () => {
    const rosa = await createStaff(db, { email: "rosa@ikarus.example.com", role: "agency", agencyId: ikarus, firstName: "Rosa" });
    await createStaff(db, { email: "luis@ikarus.example.com", role: "agency", agencyId: ikarus, firstName: "Luis", lastName: "Ayala" });
    await createStaff(db, { email: "eva@andes.example.com", role: "agency", agencyId: andes, firstName: "Eva" });
    const token = await sessionFor(server, db, rosa);
    const own = dataOf(await usersOf(ikarus, token)) as ReadonlyArray<{ email: string }>;
    expect(own.map(({ email }) => email)).toEqual(["luis@ikarus.example.com", "rosa@ikarus.example.com"]);
    expect((await usersOf(andes, token)).status).toBe(404);
    expect((await usersOf(99_999, token)).status).toBe(404);
    const sales = await sessionFor(server, db, await createStaff(db, { email: "ventas@example.com", role: "sales" }));
    expect((dataOf(await usersOf(andes, sales)) as ReadonlyArray<{ email: string }>).map(({ email }) => email)).toEqual(["eva@andes.example.com"]);
    const marketing = await sessionFor(server, db, await createStaff(db, { email: "marketing@example.com", role: "marketing" }));
    expect((await usersOf(andes, marketing)).status).toBe(403);
  });

  it("signs in to their agency and sees none of the operator's data", async () => {
    const token = await sessionFor(server, db, await createStaff(db, { email: "rosa@ikarus.example.com", role: "agency" }));
    expect(dataOf(await request(server, "GET", "/api/auth/session", { token }))).toMatchObject({
      rol: "agency",
      agency: { id: ikarus, name: "Agencia de prueba" },
    });
    for (const path of ["/api/agencies", `/api/agencies/${ikarus}`, "/api/yachts", "/api/cabins", "/api/feedings", "/api/leads", "/api/users"]) {
      expect((await request(server, "GET", path, { token })).status, path).toBe(403);
    }
    const staff = await request(server, "GET", "/api/auth/session", { token: admin });
    expect(dataOf(staff)).toMatchObject({ rol: "admin", agency: null });
  });
});
