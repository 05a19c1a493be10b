import { Schema } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerEndpoint } from "../../server/http/register.ts";
import type { Database } from "../../server/db/database.ts";
import { decide } from "../../server/events/command.ts";
import { userRecord } from "../../server/accounts/usersProjection.ts";
import { endpoint, type Endpoint } from "../../src/api/endpoint.ts";
import { idParams, SerialId } from "../../src/api/ids.ts";
import { endpoints } from "../../src/records/index.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, HOUR, login, request, startServer, type TestServer } from "./support.ts";

/** Test-only endpoints: one restricted to admins, one with required input. */
const adminOnly = endpoint({
  name: "test.adminOnly",
  method: "GET",
  path: "/test/adminOnly",
  response: Schema.String,
  access: { kind: "session", roles: ["admin"] },
  description: "test",
});

const withInput = endpoint({
  name: "test.withInput",
  method: "PUT",
  path: "/test/withInput/:id",
  params: idParams(SerialId),
  query: Schema.Struct({ page: Schema.optionalKey(Schema.FiniteFromString) }),
  body: Schema.Struct({ name: Schema.Trim.check(Schema.isNonEmpty()), count: Schema.Int }),
  response: Schema.Struct({ id: Schema.Int, name: Schema.String }),
  access: { kind: "public" },
  description: "test",
});

let db: Database;
let server: TestServer;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db, {
    prepare: (app) => {
      const context = { db, now: () => server.clock.now() };
      registerEndpoint(app, context, adminOnly, async () => "welcome");
      registerEndpoint(app, context, withInput, async ({ params, body }) => ({
        id: params.id,
        name: body.name,
        // Not in the response schema: must never reach the wire.
        passwordHash: "secret",
      }));
    },
  });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const protectedEndpoints = endpoints.filter((candidate) => candidate.access.kind !== "public");

/** A request the endpoint would accept apart from the session: path filled, an empty JSON body. */
const callWith = (target: Endpoint, token?: string) =>
  request(server, target.method, `/api${target.path.replace(/:\w+/g, "1")}`, {
    token,
    body: target.method === "GET" || target.method === "DELETE" ? undefined : {},
  });

const tokenOf = async (email: string, password: string): Promise<string> => {
  const answer = await login(server, email, password);
  const body = answer.body;
  if (typeof body === "object" && body !== null && "data" in body) {
    const data = body.data;
    if (typeof data === "object" && data !== null && "token" in data && typeof data.token === "string") return data.token;
  }
  throw new Error(`login failed: ${answer.text}`);
};

describe("every protected endpoint of the contract", () => {
  /**
   * Sessions no endpoint may accept, made once for all of them (each sign-in is an Argon2
   * verification): none, malformed, expired, signed out, and of a user deactivated since, whether
   * begun before or after the others expired. The refusal comes before any statement, so every
   * endpoint meets the same rows.
   */
  let refusedTokens: ReadonlyArray<string | undefined>;

  beforeAll(async () => {
    await resetDatabase(db);
    const userId = await createStaff(db, { email: "staff@example.com", password: "Secret123" });
    const expired = await tokenOf("staff@example.com", "Secret123");
    const revoked = await tokenOf("staff@example.com", "Secret123");
    const ofInactive = await tokenOf("staff@example.com", "Secret123");
    await request(server, "POST", "/api/auth/logout", { token: revoked, body: {} });
    server.clock.advance(12 * HOUR);
    const fresh = await tokenOf("staff@example.com", "Secret123");
    await db.transaction((tx) =>
      decide(tx, userRecord, String(userId), { type: "user.deactivate" }, { actorId: null, occurredAt: new Date() }),
    );
    refusedTokens = [undefined, "", "not-a-token", expired, revoked, ofInactive, fresh];
  });

  it("has at least one endpoint to check", () => {
    expect(protectedEndpoints.length).toBeGreaterThan(0);
  });

  it.each(protectedEndpoints.map((target) => [target.name, target] as const))(
    "%s answers 498 without a valid session",
    async (_name, target) => {
      for (const token of refusedTokens) {
        const answer = await callWith(target, token);
        expect(answer.status, `token ${token}`).toBe(498);
        expect(answer.body).toEqual({ data: messages.invalidSession });
      }
    },
  );
});

describe("roles", () => {
  beforeEach(async () => {
    await resetDatabase(db);
  });

  it("answers 403 to a role outside the endpoint's list and 200 to one inside", async () => {
    await createStaff(db, { email: "admin@example.com", password: "Secret123", role: "admin" });
    await createStaff(db, { email: "sales@example.com", password: "Secret123", role: "sales" });
    const refused = await request(server, "GET", "/api/test/adminOnly", { token: await tokenOf("sales@example.com", "Secret123") });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ data: messages.forbidden });
    const allowed = await request(server, "GET", "/api/test/adminOnly", { token: await tokenOf("admin@example.com", "Secret123") });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ data: "welcome" });
  });

  it("accepts a change-password token only where the endpoint allows it", async () => {
    await createStaff(db, { email: "admin@example.com", password: null, role: "admin" });
    await request(server, "PUT", "/api/auth/forgotPassword", { body: { email: "admin@example.com" } });
    const [mail] = await db.query<{ text: string }>("select text from outbox");
    const temporary = /Your temporary password is: (\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const token = await tokenOf("admin@example.com", temporary);
    expect((await request(server, "GET", "/api/test/adminOnly", { token })).status).toBe(498);
  });
});

describe("input decoding", () => {
  const put = (path: string, body: unknown) => request(server, "PUT", path, { body });

  it("decodes params, query and body and answers only the response schema's fields", async () => {
    const answer = await request(server, "PUT", "/api/test/withInput/7?page=2", { body: { name: "Ana", count: 1 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { id: 7, name: "Ana" } });
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it.each([
    ["a missing field", "/api/test/withInput/7", { count: 1 }],
    ["a blank field", "/api/test/withInput/7", { name: "  ", count: 1 }],
    ["an empty field", "/api/test/withInput/7", { name: "", count: 1 }],
    ["a null field", "/api/test/withInput/7", { name: null, count: 1 }],
  ])("answers required_information for %s", async (_case, path, body) => {
    const answer = await put(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.requiredInformation });
  });

  it.each([
    ["a wrong type", "/api/test/withInput/7", { name: "Ana", count: "many" }],
    ["a bad path id", "/api/test/withInput/seven", { name: "Ana", count: 1 }],
    ["a negative path id", "/api/test/withInput/-3", { name: "Ana", count: 1 }],
    ["a bad query", "/api/test/withInput/7?page=abc", { name: "Ana", count: 1 }],
  ])("answers invalid information for %s", async (_case, path, body) => {
    const answer = await put(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.invalidInput });
  });
});
