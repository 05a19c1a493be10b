/**
 * Sessions on every protected endpoint of the contract, beyond tests/api/access.test.ts (which
 * covers a missing, empty, malformed, expired and signed-out token and a deactivated user): a
 * forged token shaped like a real one, another authorisation scheme, a session of a deleted user,
 * a session expiring at this very moment, and a change-password token outside its one endpoint.
 * Every one answers 498 with the contract's message; nothing is written.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSession } from "../../server/accounts/sessions.ts";
import type { Database } from "../../server/db/database.ts";
import { decide } from "../../server/events/command.ts";
import { userRecord } from "../../server/accounts/usersProjection.ts";
import type { Endpoint } from "../../src/api/endpoint.ts";
import { INVALID_SESSION } from "../../src/api/errors.ts";
import { endpoints } from "../../src/records/index.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase } from "../setup/database.ts";
import { createStaff, HOUR, request, sessionFor, startServer, type TestServer } from "../api/support.ts";
import { eventCount } from "./support.ts";

let db: Database;
let server: TestServer;
let deletedUsersToken: string;
let expiringNowToken: string;
let passwordChangeToken: string;
let validToken: string;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
  await createStaff(db, { email: "admin@example.com", password: null, role: "admin" });
  const goneId = await createStaff(db, { email: "gone@example.com", password: null, role: "admin" });
  const staffId = await createStaff(db, { email: "staff@example.com", password: null, role: "admin" });
  deletedUsersToken = await sessionFor(server, db, goneId);
  await db.transaction((tx) =>
    decide(tx, userRecord, String(goneId), { type: "user.delete" }, { actorId: null, occurredAt: server.clock.now() }),
  );
  validToken = await sessionFor(server, db, staffId);
  const at = server.clock.now();
  expiringNowToken = await db.transaction((tx) =>
    openSession(tx, { userId: staffId, kind: "full", expiresAt: at }, { actorId: staffId, occurredAt: at }),
  );
  passwordChangeToken = await db.transaction((tx) =>
    openSession(
      tx,
      { userId: staffId, kind: "passwordChange", expiresAt: new Date(at.getTime() + HOUR) },
      { actorId: staffId, occurredAt: at },
    ),
  );
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const protectedEndpoints = endpoints.filter((target) => target.access.kind !== "public");

const call = (target: Endpoint, authorization: string) =>
  request(server, target.method, `/api${target.path.replace(/:\w+/g, "1")}`, {
    headers: { authorization },
    body: target.method === "GET" || target.method === "DELETE" ? undefined : {},
  });

describe("a caller without a valid session", () => {
  it.each(protectedEndpoints.map((target) => [target.name, target] as const))("%s answers 498", async (_name, target) => {
    const before = await eventCount(db);
    const forged = randomBytes(32).toString("base64url");
    const authorizations = [
      `Bearer ${forged}`,
      // The valid token under another scheme, and with a character changed.
      `Basic ${validToken}`,
      `Bearer ${validToken.slice(0, -1)}${validToken.endsWith("A") ? "B" : "A"}`,
      `Bearer ${deletedUsersToken}`,
      `Bearer ${expiringNowToken}`,
      ...(target.access.kind === "passwordChange" ? [] : [`Bearer ${passwordChangeToken}`]),
    ];
    for (const authorization of authorizations) {
      const answer = await call(target, authorization);
      expect(answer.status, authorization).toBe(INVALID_SESSION);
      expect(answer.body).toEqual({ data: messages.invalidSession });
    }
    expect(await eventCount(db)).toBe(before);
  });
});
