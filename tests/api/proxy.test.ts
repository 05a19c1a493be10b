/**
 * Behind a proxy (issue 35, item 3; decision 058): the client's address is the one the trusted
 * proxy saw, the X-Forwarded-For entry it appended last. What the client writes before that entry
 * chooses nothing, so the sign-in throttles and the public lead form's limit still trip when it
 * writes a new address on every request; a different address appended by the proxy is another
 * client. The test's requests come from 127.0.0.1, the proxy here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_PAIR } from "../../server/accounts/loginLimit.ts";
import type { Database } from "../../server/db/database.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, startServer, type TestServer, testEnv } from "./support.ts";

const LEAD_LIMIT = 5;

let db: Database;
let proxied: TestServer;

beforeAll(async () => {
  db = await openTestDatabase();
  proxied = await startServer(db, { env: testEnv({ TRUST_PROXY: "127.0.0.1", LEAD_RATE_LIMIT: String(LEAD_LIMIT) }) });
});

afterAll(async () => {
  await proxied?.close();
  await db?.close();
});

beforeEach(async () => {
  await resetDatabase(db);
  await createStaff(db, { email: "admin@example.com", password: "Admin123" });
});

let forged = 0;

/** What nginx sends on: whatever X-Forwarded-For the client wrote, a new one each time, then the address it saw. */
const through = (seen: string) => {
  forged += 1;
  return { "x-forwarded-for": `203.0.${Math.floor(forged / 250)}.${forged % 250}, 10.9.9.9, ${seen}` };
};

const wrongLogin = (server: TestServer, email: string, seen: string) =>
  request(server, "POST", "/api/auth/login", { body: { email, password: "Wrong123" }, headers: through(seen) });

const lead = (server: TestServer, email: string, seen: string) =>
  request(server, "POST", "/api/leads/createLead", {
    body: { firstName: "Ana", lastName: "Ruiz", email, country: "Ecuador", phone: "+593 99 123 4567", message: "Hola" },
    headers: through(seen),
  });

const statuses = async (answers: ReadonlyArray<() => Promise<{ readonly status: number }>>): Promise<number[]> => {
  const seen: number[] = [];
  for (const answer of answers) seen.push((await answer()).status);
  return seen;
};

describe("behind a trusted proxy", () => {
  it("refuses one email's wrong logins from one client however its forged entries rotate, and not another client's", async () => {
    const tries = Array.from({ length: MAX_FAILURES_PER_PAIR + 2 }, () => () => wrongLogin(proxied, "admin@example.com", "198.51.100.7"));
    expect(await statuses(tries)).toEqual([...Array<number>(MAX_FAILURES_PER_PAIR).fill(401), 429, 429]);
    const other = await wrongLogin(proxied, "admin@example.com", "198.51.100.8");
    expect([other.status, dataOf(other)]).toEqual([401, messages.wrongCredentials]);
  });

  it("refuses one client guessing many emails however its forged entries rotate", async () => {
    const tries = Array.from({ length: MAX_FAILURES_PER_ADDRESS + 1 }, (_, index) => () => wrongLogin(proxied, `guess${index}@example.com`, "198.51.100.7"));
    expect((await statuses(tries)).at(-1)).toBe(429);
    expect((await wrongLogin(proxied, "guess@example.com", "198.51.100.8")).status).toBe(401);
  });

  it("keeps the public lead form to LEAD_RATE_LIMIT per client however its forged entries rotate", async () => {
    const sent = Array.from({ length: LEAD_LIMIT + 1 }, (_, index) => () => lead(proxied, `ana${index}@example.com`, "198.51.100.7"));
    expect(await statuses(sent)).toEqual([...Array<number>(LEAD_LIMIT).fill(200), 429]);
    expect((await lead(proxied, "luis@example.com", "198.51.100.8")).status).toBe(200);
  });
});

describe("a client that is not a trusted proxy", () => {
  it("chooses no address at all with X-Forwarded-For", async () => {
    const elsewhere = await startServer(db, { env: testEnv({ TRUST_PROXY: "10.0.0.1", LEAD_RATE_LIMIT: String(LEAD_LIMIT) }) });
    try {
      const sent = Array.from({ length: LEAD_LIMIT + 1 }, (_, index) => () => lead(elsewhere, `eva${index}@example.com`, `198.51.100.${index + 1}`));
      expect(await statuses(sent)).toEqual([...Array<number>(LEAD_LIMIT).fill(200), 429]);
    } finally {
      await elsewhere.close();
    }
  });
});
