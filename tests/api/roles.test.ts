/**
 * The role matrix of PRODUCT.md section 5, read from the contract: every endpoint of
 * src/api/index.ts, called by each role and without a session, answers as its `access` says.
 * Endpoints added later join the table by themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { type Endpoint, everyRole, type RoleName } from "../../src/api/endpoint.ts";
import { INVALID_SESSION } from "../../src/api/errors.ts";
import { endpoints } from "../../src/records/index.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, request, sessionFor, startServer, type TestServer } from "./support.ts";

type Caller = RoleName | "none";
type Expected = "allowed" | 403 | 498;

const callers: ReadonlyArray<Caller> = [...everyRole, "none"];

const expectedFor = (target: Endpoint, caller: Caller): Expected => {
  const { access } = target;
  if (access.kind === "public") return "allowed";
  if (caller === "none") return INVALID_SESSION;
  if (access.kind === "passwordChange") return "allowed";
  return access.roles.includes(caller) ? "allowed" : 403;
};

let db: Database;
let server: TestServer;
const ids = new Map<RoleName, number>();

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
  await resetDatabase(db);
  for (const role of everyRole) {
    ids.set(role, await createStaff(db, { email: `${role}@example.com`, password: null, role }));
  }
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const cases = endpoints.flatMap((target) =>
  callers.map((caller) => [target.name, caller, expectedFor(target, caller), target] as const),
);

describe("the role matrix", () => {
  it.each(cases)("%s called by %s: %s", async (_name, caller, expected, target) => {
    const userId = caller === "none" ? undefined : ids.get(caller);
    // A fresh session per call (a logout must not spoil the next case); the caller's own id in
    // the path, so that endpoints about oneself (upgradePassword) take the request as the caller's.
    const token = userId === undefined ? undefined : await sessionFor(server, db, userId);
    const path = `/api${target.path.replace(/:\w+/g, String(userId ?? 1))}`;
    const body = target.method === "POST" || target.method === "PUT" ? {} : undefined;
    const answer = await request(server, target.method, path, { token, body });
    if (expected === "allowed") {
      expect(answer.status, answer.text).not.toBe(403);
      expect(answer.status, answer.text).not.toBe(INVALID_SESSION);
      expect(answer.status, answer.text).toBeLessThan(500);
    } else {
      expect(answer.status, answer.text).toBe(expected);
    }
  });
});
