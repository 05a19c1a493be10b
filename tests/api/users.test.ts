import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteStaff } from "../../server/accounts/staff.ts";
import type { Database } from "../../server/db/database.ts";
import { readStream } from "../../server/events/store.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { roleIds } from "../../src/machines/domain/user.machine.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import {
  createStaff,
  dataOf,
  HOUR,
  lastMailTo,
  login,
  request,
  sessionFor,
  snapshot,
  startServer,
  type TestServer,
  temporaryPasswordIn,
  versionIn,
} from "./support.ts";

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

let adminId: number;
let admin: string;

beforeEach(async () => {
  await resetDatabase(db);
  adminId = await createStaff(db, { email: "admin@example.com", password: null, firstName: "Ada", lastName: "Ríos" });
  admin = await sessionFor(server, db, adminId);
});

const payload = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Marta",
  lastName: "Andrade",
  email: "marta@example.com",
  roleId: roleIds.marketing,
  ...overrides,
});

const createUser = (body: unknown, token = admin) => request(server, "POST", "/api/users/createUser", { token, body });
const deleteUser = (id: number, token = admin) => request(server, "DELETE", `/api/users/${id}`, { token });
const resetPassword = (id: number, token = admin) => request(server, "PUT", `/api/users/resetPassword/${id}`, { token });
const getUser = (id: number, token = admin) => request(server, "GET", `/api/users/${id}`, { token });

/** The version the user form loads the user at: its GET answer's. */
const versionOf = async (id: number): Promise<number> => versionIn(await getUser(id));

/**
 * Saves the user form, sending back the version it loaded: the user's current one unless told
 * (a body that is no form, such as null, goes as it is).
 */
const updateUser = async (id: number, body: Record<string, unknown> | null, token = admin, version?: number) =>
  request(server, "PUT", `/api/users/updateUser/${id}`, {
    token,
    body: body === null ? body : { ...body, version: version ?? (await versionOf(id)) },
  });
const whoAmI = (token: string) => request(server, "GET", "/api/auth/session", { token });

const idOf = async (email: string): Promise<number> => {
  const [row] = await db.query<{ id: number }>("select id from users where email = $1 and status <> 'deleted'", [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/** A user as the API answers it; `version` counts the user's events (1 for a user just created). */
const apiUser = (
  id: number,
  first: string,
  last: string,
  email: string,
  role: "admin" | "marketing" | "sales",
  active = true,
  version = 1,
) => ({
  id,
  first_name: first,
  last_name: last,
  email,
  role_id: roleIds[role],
  user_rol: { id: roleIds[role], name: role },
  agency_id: null,
  active,
  version,
});

const eventTypes = async (id: number) => (await readStream(db, "user", String(id))).map((event) => event.type);

describe("GET /api/users", () => {
  it("lists every user not deleted, by last then first name, in the contract's shape", async () => {
    const zapata = await createStaff(db, { email: "z@example.com", password: null, firstName: "Ana", lastName: "Zapata", role: "sales" });
    const avila = await createStaff(db, { email: "av@example.com", password: null, firstName: "Luis", lastName: "Ávila", role: "marketing", active: false });
    const andrade = await createStaff(db, { email: "an@example.com", password: null, firstName: "Pía", lastName: "andrade", role: "sales" });
    const bravoB = await createStaff(db, { email: "bb@example.com", password: null, firstName: "Berta", lastName: "Bravo" });
    const bravoA = await createStaff(db, { email: "ba@example.com", password: null, firstName: "Alba", lastName: "Bravo" });
    const gone = await createStaff(db, { email: "gone@example.com", password: null, lastName: "Borrado" });
    expect((await deleteUser(gone)).status).toBe(200);

    const answer = await request(server, "GET", "/api/users", { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        apiUser(andrade, "Pía", "andrade", "an@example.com", "sales"),
        apiUser(avila, "Luis", "Ávila", "av@example.com", "marketing", false),
        apiUser(bravoA, "Alba", "Bravo", "ba@example.com", "admin"),
        apiUser(bravoB, "Berta", "Bravo", "bb@example.com", "admin"),
        apiUser(adminId, "Ada", "Ríos", "admin@example.com", "admin"),
        apiUser(zapata, "Ana", "Zapata", "z@example.com", "sales"),
      ],
    });
    // The version is the contract's (what an edit sends back); nothing else of the stored row shows.
    expect(answer.text).not.toMatch(/hash|password|status/i);
  });
});

describe("GET /api/users/getSalesUsers", () => {
  it("lists the active sales users only, to every role", async () => {
    const diego = await createStaff(db, { email: "diego@example.com", password: null, firstName: "Diego", lastName: "Cevallos", role: "sales" });
    await createStaff(db, { email: "off@example.com", password: null, role: "sales", active: false });
    await createStaff(db, { email: "mk@example.com", password: null, role: "marketing" });
    const gone = await createStaff(db, { email: "gone@example.com", password: null, role: "sales" });
    await deleteUser(gone);
    for (const token of [admin, await sessionFor(server, db, diego), await sessionFor(server, db, await idOf("mk@example.com"))]) {
      const answer = await request(server, "GET", "/api/users/getSalesUsers", { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: [apiUser(diego, "Diego", "Cevallos", "diego@example.com", "sales")] });
    }
  });
});

describe("GET /api/users/:id and GET /api/roles", () => {
  it("answers one user, and 404 for an unknown or deleted one", async () => {
    expect((await getUser(adminId)).body).toEqual({ data: apiUser(adminId, "Ada", "Ríos", "admin@example.com", "admin") });
    expect(await getUser(999)).toMatchObject({ status: 404, body: { data: messages.notFound } });
    const gone = await createStaff(db, { email: "gone@example.com", password: null });
    await deleteUser(gone);
    expect(await getUser(gone)).toMatchObject({ status: 404, body: { data: messages.notFound } });
  });

  it("lists the four roles", async () => {
    const answer = await request(server, "GET", "/api/roles", { token: admin });
    expect(answer.body).toEqual({
      data: [
        { id: 1, name: "admin" },
        { id: 2, name: "marketing" },
        { id: 3, name: "sales" },
        { id: 4, name: "agency" },
      ],
    });
  });
});

describe("POST /api/users/createUser", () => {
  it("creates the user with trimmed names and normalised email, and mails a temporary password that forces a change", async () => {
    const answer = await createUser(payload({ firstName: "  Marta ", lastName: " Andrade  ", email: "  Marta@Example.COM " }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: messages.created });
    const id = await idOf("marta@example.com");
    // Two events: the user's creation and the temporary password.
    expect((await getUser(id)).body).toEqual({ data: apiUser(id, "Marta", "Andrade", "marta@example.com", "marketing", true, 2) });

    const history = await readStream(db, "user", String(id));
    expect(history.map((event) => [event.type, event.actorId])).toEqual([
      ["user.create", adminId],
      ["user.issueTemporaryPassword", adminId],
    ]);
    expect(history[0]?.data).toMatchObject({ passwordHash: null, changePassword: true });

    const mail = await lastMailTo(db, "marta@example.com");
    expect(mail).toContain("Hola Marta");
    const loggedIn = await login(server, "marta@example.com", temporaryPasswordIn(mail));
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toMatchObject({ data: { id, rol: "marketing", changePassword: true } });
  });

  it("creates an inactive user who cannot sign in until activated", async () => {
    expect((await createUser(payload({ active: false }))).status).toBe(200);
    const id = await idOf("marta@example.com");
    expect((await getUser(id)).body).toMatchObject({ data: { active: false } });
    const temporary = temporaryPasswordIn(await lastMailTo(db, "marta@example.com"));
    expect((await login(server, "marta@example.com", temporary)).status).toBe(401);
    expect((await updateUser(id, payload({ active: true }))).status).toBe(200);
    expect((await login(server, "marta@example.com", temporary)).body).toMatchObject({ data: { changePassword: true } });
  });

  it.each([
    ["a blank first name", payload({ firstName: "   " }), messages.requiredInformation],
    ["an empty last name", payload({ lastName: "" }), messages.requiredInformation],
    ["a blank email", payload({ email: " " }), messages.requiredInformation],
    ["a missing email", { firstName: "Marta", lastName: "Andrade", roleId: 2 }, messages.requiredInformation],
    ["a missing role", { firstName: "Marta", lastName: "Andrade", email: "marta@example.com" }, messages.requiredInformation],
    ["a null role", payload({ roleId: null }), messages.requiredInformation],
    ["an email without a domain", payload({ email: "marta@example" }), messages.invalidEmail],
    ["an email with a space", payload({ email: "marta andrade@example.com" }), messages.invalidEmail],
    ["an unknown role", payload({ roleId: 9 }), messages.unknownRole],
    ["no role chosen (a negative id)", payload({ roleId: -1 }), messages.requiredInformation],
    ["a blank name before an unknown role", payload({ firstName: " ", roleId: 9 }), messages.requiredInformation],
    ["a malformed email before an unknown role", payload({ email: "marta@", roleId: 9 }), messages.invalidEmail],
    ["a first name of 121 characters", payload({ firstName: "a".repeat(121) }), messages.invalidInput],
    ["an email of 255 characters", payload({ email: `${"m".repeat(243)}@example.com` }), messages.invalidInput],
    ["a role sent as text", payload({ roleId: "2" }), messages.invalidInput],
    ["a role that is not an integer", payload({ roleId: 1.5 }), messages.invalidInput],
    ["an active flag sent as text", payload({ active: "true" }), messages.invalidInput],
    ["an array", [payload()], messages.invalidInput],
    ["a number", 42, messages.invalidInput],
  ])("refuses %s with 400 and changes nothing", async (_case, body, message) => {
    const before = await snapshot(db);
    const answer = await createUser(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: message });
    expect(await snapshot(db)).toEqual(before);
  });

  it("accepts names of 120 characters and ignores unknown fields", async () => {
    const long = "ñ".repeat(120);
    const answer = await createUser({ ...payload({ firstName: long }), id: 77, password: "Secret123", status: "deleted" });
    expect(answer.status).toBe(200);
    const id = await idOf("marta@example.com");
    expect(id).not.toBe(77);
    expect((await getUser(id)).body).toMatchObject({ data: { first_name: long, active: true } });
  });

  it("refuses an email a live user has, whatever its case and blanks, with 409; a deleted user's email is free", async () => {
    await createUser(payload());
    const before = await snapshot(db);
    const duplicate = await createUser(payload({ firstName: "Otra", email: " MARTA@example.com  " }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ data: messages.emailInUse });
    expect(await snapshot(db)).toEqual(before);
    await deleteUser(await idOf("marta@example.com"));
    expect((await createUser(payload())).status).toBe(200);
  });
});

describe("two creations of one email at once", () => {
  it("let one win; the other is refused with 409 emailInUse", async () => {
    const answers = await Promise.all([createUser(payload()), createUser(payload({ firstName: "Otra" }))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({ data: messages.emailInUse });
    const [row] = await db.query<{ users: number }>("select count(*)::int as users from users where email = 'marta@example.com'");
    expect(row?.users).toBe(1);
  });
});

describe("PUT /api/users/updateUser/:id", () => {
  let martaId: number;
  beforeEach(async () => {
    martaId = await createStaff(db, { email: "marta@example.com", password: null, firstName: "Marta", lastName: "Andrade", role: "marketing" });
  });

  it("changes names, email and role in one event", async () => {
    const answer = await updateUser(martaId, payload({ firstName: "Marta Elena", email: "ME@example.com", roleId: roleIds.sales }));
    expect(answer.body).toEqual({ data: messages.updated });
    expect((await getUser(martaId)).body).toEqual({
      data: apiUser(martaId, "Marta Elena", "Andrade", "me@example.com", "sales", true, 2),
    });
    expect(await eventTypes(martaId)).toEqual(["user.create", "user.update"]);
  });

  it("writes nothing when the form changes nothing, and keeps the state when active is left out", async () => {
    const before = await snapshot(db);
    expect((await updateUser(martaId, payload({ email: " Marta@example.com" }))).body).toEqual({ data: messages.updated });
    expect((await updateUser(martaId, payload({ active: true }))).status).toBe(200);
    expect(await snapshot(db)).toEqual(before);
  });

  it("ends every session of a deactivated user for good, even once activated again", async () => {
    const token = await sessionFor(server, db, martaId);
    const other = await sessionFor(server, db, martaId);
    expect((await whoAmI(token)).status).toBe(200);
    expect((await updateUser(martaId, payload({ active: false }))).status).toBe(200);
    expect(await eventTypes(martaId)).toEqual(["user.create", "user.deactivate"]);
    expect((await updateUser(martaId, payload({ active: true }))).status).toBe(200);
    expect((await whoAmI(token)).status).toBe(498);
    expect((await whoAmI(other)).status).toBe(498);
    const reasons = await db.query<{ reason: string }>(
      "select data->>'reason' as reason from events where type = 'session.close' order by id",
    );
    expect(reasons).toEqual([{ reason: "userDeactivated" }, { reason: "userDeactivated" }]);
    expect((await whoAmI(await sessionFor(server, db, martaId))).status).toBe(200);
  });

  it("refuses another live user's email with 409 and changes nothing", async () => {
    const before = await snapshot(db);
    const answer = await updateUser(martaId, payload({ email: "ADMIN@example.com" }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ data: messages.emailInUse });
    expect(await snapshot(db)).toEqual(before);
  });

  it.each([
    ["a blank name", payload({ lastName: " " }), messages.requiredInformation],
    ["a bad email", payload({ email: "marta" }), messages.invalidEmail],
    // A role of 0 or less is the form's "none chosen" (userProblems), as a missing role.
    ["no role chosen (0)", payload({ roleId: 0 }), messages.requiredInformation],
    ["an unknown role", payload({ roleId: 9 }), messages.unknownRole],
    ["a role id past any row", payload({ roleId: 2 ** 31 - 1 }), messages.unknownRole],
    // No integer column holds it: the contract refuses it before any rule (decision 057).
    ["a role id past any column", payload({ roleId: 2 ** 40 }), messages.invalidInput],
    ["a long last name", payload({ lastName: "x".repeat(500) }), messages.invalidInput],
    // The contract refuses a text over its limit before any rule reads the form.
    ["a long last name and a blank first name", payload({ firstName: "", lastName: "x".repeat(500) }), messages.invalidInput],
    ["null", null, messages.requiredInformation],
  ])("refuses %s with 400 and changes nothing", async (_case, body, message) => {
    const before = await snapshot(db);
    const answer = await updateUser(martaId, body);
    expect(answer).toMatchObject({ status: 400, body: { data: message } });
    expect(await snapshot(db)).toEqual(before);
  });

  it("answers 404 for an unknown or deleted user", async () => {
    expect(await updateUser(999, payload(), admin, 1)).toMatchObject({ status: 404, body: { data: messages.notFound } });
    // The form loaded Marta before someone deleted her.
    const loaded = await versionOf(martaId);
    await deleteUser(martaId);
    const before = await snapshot(db);
    expect(await updateUser(martaId, payload(), admin, loaded)).toMatchObject({ status: 404, body: { data: messages.notFound } });
    expect(await snapshot(db)).toEqual(before);
  });
});

describe("the last active admin", () => {
  it("cannot be deactivated or given another role; with a second admin both are allowed", async () => {
    const self = payload({ firstName: "Ada", lastName: "Ríos", email: "admin@example.com", roleId: roleIds.admin });
    const before = await snapshot(db);
    for (const body of [{ ...self, active: false }, { ...self, roleId: roleIds.sales }]) {
      const answer = await updateUser(adminId, body);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ data: messages.lastAdmin });
    }
    expect(await snapshot(db)).toEqual(before);
    // An inactive admin does not count.
    await createStaff(db, { email: "off-admin@example.com", password: null, active: false });
    expect((await updateUser(adminId, { ...self, roleId: roleIds.sales })).status).toBe(409);

    await createStaff(db, { email: "second@example.com", password: null });
    expect((await updateUser(adminId, { ...self, roleId: roleIds.marketing })).status).toBe(200);
    // Demoted: the same token is now a marketing session.
    expect((await request(server, "GET", "/api/users", { token: admin })).status).toBe(403);
  });

  it("cannot be deleted, even by a caller who is no longer an admin", async () => {
    const marketing = await createStaff(db, { email: "mk@example.com", password: null, role: "marketing" });
    const attempt = db.transaction((tx) =>
      deleteStaff(tx, adminId, marketing, { actorId: marketing, occurredAt: server.clock.now() }),
    );
    await expect(attempt.catch((error: unknown) => (error instanceof ApiError ? error.message : error))).resolves.toBe(
      messages.lastAdmin,
    );
    expect(await eventTypes(adminId)).toEqual(["user.create"]);
  });

  it("survives two admins deleting each other at once: one wins, the other is refused", async () => {
    const secondId = await createStaff(db, { email: "second@example.com", password: null });
    const second = await sessionFor(server, db, secondId);
    const answers = await Promise.all([deleteUser(secondId, admin), deleteUser(adminId, second)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 498]).toContain(statuses[1]);
    const [row] = await db.query<{ admins: number }>(
      "select count(*)::int as admins from users where status = 'active' and role_id = 1",
    );
    expect(row?.admins).toBe(1);
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes the user, ends their sessions, and answers 404 from then on", async () => {
    const diego = await createStaff(db, { email: "diego@example.com", password: null, role: "sales" });
    const token = await sessionFor(server, db, diego);
    expect((await whoAmI(token)).status).toBe(200);
    const loaded = await versionOf(diego);
    const answer = await deleteUser(diego);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: messages.deleted });
    expect((await whoAmI(token)).status).toBe(498);
    expect(await eventTypes(diego)).toEqual(["user.create", "user.delete"]);
    const [closed] = await db.query<{ reason: string }>("select data->>'reason' as reason from events where type = 'session.close'");
    expect(closed?.reason).toBe("userDeleted");
    const edited = await updateUser(diego, payload(), admin, loaded);
    for (const again of [await getUser(diego), await deleteUser(diego), edited, await resetPassword(diego)]) {
      expect(again).toMatchObject({ status: 404, body: { data: messages.notFound } });
    }
  });

  it("refuses to delete oneself with 409, even with another admin", async () => {
    await createStaff(db, { email: "second@example.com", password: null });
    const before = await snapshot(db);
    const answer = await deleteUser(adminId);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ data: messages.selfDelete });
    expect(await snapshot(db)).toEqual(before);
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    expect((await deleteUser(999)).status).toBe(404);
    expect(await request(server, "DELETE", "/api/users/abc", { token: admin })).toMatchObject({
      status: 400,
      body: { data: messages.invalidInput },
    });
  });
});

describe("PUT /api/users/resetPassword/:id", () => {
  it("mails a temporary password and forces a change at the next login, whichever password is used", async () => {
    const diego = await createStaff(db, { email: "diego@example.com", password: "Secret123", firstName: "Diego", role: "sales" });
    const answer = await resetPassword(diego);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: messages.temporaryPasswordSent });
    expect(await eventTypes(diego)).toEqual(["user.create", "user.resetPassword"]);
    const mail = await lastMailTo(db, "diego@example.com");
    expect(mail).toContain("Hola Diego");
    const temporary = temporaryPasswordIn(mail);

    const withOld = await login(server, "diego@example.com", "Secret123");
    expect(withOld.body).toMatchObject({ data: { id: diego, changePassword: true } });
    const withTemporary = await login(server, "diego@example.com", temporary);
    expect(withTemporary.body).toMatchObject({ data: { id: diego, changePassword: true } });
    const token = dataOf(withTemporary);
    const changeToken = typeof token === "object" && token !== null && "token" in token ? String(token.token) : "";
    const upgrade = await request(server, "PUT", `/api/auth/upgradePassword/${diego}`, {
      token: changeToken,
      body: { password: "Better123", confirmPassword: "Better123" },
    });
    expect(upgrade.status).toBe(200);
    expect((await login(server, "diego@example.com", "Better123")).body).toMatchObject({ data: { changePassword: false } });
  });

  it("expires the temporary password after TEMP_PASSWORD_HOURS", async () => {
    const diego = await createStaff(db, { email: "diego@example.com", password: null, role: "sales" });
    await resetPassword(diego);
    const temporary = temporaryPasswordIn(await lastMailTo(db, "diego@example.com"));
    server.clock.advance(24 * HOUR);
    expect((await login(server, "diego@example.com", temporary)).body).toEqual({ data: messages.temporaryPasswordExpired });
  });

  it("answers 404 for an unknown user and sends no mail", async () => {
    const before = await snapshot(db);
    expect((await resetPassword(999)).status).toBe(404);
    expect(await snapshot(db)).toEqual(before);
  });
});
