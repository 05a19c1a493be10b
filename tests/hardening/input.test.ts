/**
 * Input that must never cost a 500 (issue 13, item 6): text PostgreSQL cannot hold (unpaired
 * surrogates), nesting deeper than any contract (the input walk used to overflow the stack),
 * control characters, a header block too large for Node; every refusal in the `{"data": ...}`
 * envelope with `Cache-Control: no-store`; HSTS only when the request came over HTTPS.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { messages } from "../../src/api/messages.ts";
import { request, startServer, type TestServer, testEnv } from "../api/support.ts";
import { openTestDatabase } from "../setup/database.ts";
import { eventCount } from "./support.ts";

let db: Database;
let server: TestServer;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db, { env: testEnv({ LEAD_RATE_LIMIT: "1000", TRUST_PROXY: "127.0.0.1" }) });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const lead = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  country: "Ecuador",
  phone: "+593 99 123 4567",
  message: "Hola",
  ...overrides,
});

const createLead = (raw: string) => request(server, "POST", "/api/leads/createLead", { raw });

const deep = (depth: number, open: string, close: string, inner = "1") => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

describe("input no storage can hold", () => {
  it.each([
    ["a lone high surrogate", "Ana\ud800"],
    ["a lone low surrogate", "\udc00Ana"],
    ["reversed surrogates", "Ana\udc00\ud800"],
  ])("refuses %s in a text with 400", async (_name, firstName) => {
    const before = await eventCount(db);
    const answer = await createLead(JSON.stringify(lead({ firstName })));
    expect([answer.status, answer.body]).toEqual([400, { data: messages.invalidInput }]);
    expect(await eventCount(db)).toBe(before);
  });

  it("refuses a lone surrogate in a key too", async () => {
    const answer = await createLead(JSON.stringify({ ...lead(), "\ud800": "x" }));
    expect(answer.status).toBe(400);
  });

  it("still takes text with paired surrogates (emoji, astral letters)", async () => {
    expect((await createLead(JSON.stringify(lead({ firstName: "Ana 😀 𝕏" })))).status).toBe(200);
  });

  it.each([
    ["arrays", deep(10_000, "[", "]")],
    ["objects", deep(10_000, '{"a":', "}")],
    ["a field", `{"firstName":${deep(10_000, "[", "]")}}`],
    ["an object with __proto__", deep(10_000, '{"__proto__":', "}", "{}")],
  ])("refuses JSON nested 10,000 deep (%s) with 400", async (_name, raw) => {
    const answer = await createLead(raw);
    expect([answer.status, answer.body]).toEqual([400, { data: messages.invalidInput }]);
  });

  it.each([
    ["a bell", "Ana\u0007"],
    ["an escape sequence", "\u001b[31mAna"],
    ["a delete", "An\u007fa"],
    ["a C1 control", "Ana\u0085"],
  ])("refuses %s in a name with 400", async (_name, firstName) => {
    const answer = await createLead(JSON.stringify(lead({ firstName })));
    expect([answer.status, answer.body]).toEqual([400, { data: messages.invalidInput }]);
  });

  it("keeps line breaks and tabs in a message", async () => {
    expect((await createLead(JSON.stringify(lead({ message: "Hola,\r\n\tquisiera información." })))).status).toBe(200);
  });
});

/** A raw HTTP request, so that headers larger than fetch would send reach the server. */
const rawRequest = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const url = new URL(`${server.base}${path}`);
    const outgoing = httpRequest({ host: url.hostname, port: url.port, path, method: "GET", headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });

describe("every answer in the envelope", () => {
  it("answers headers too large with 431 in the envelope, not cached", async () => {
    const answer = await rawRequest("/api/health", { "x-filler": "a".repeat(20_000) });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.text)).toEqual({ data: messages.invalidInput });
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    ["a missing route", "GET", "/api/no/such/thing", undefined],
    ["malformed JSON", "POST", "/api/leads/createLead", "{"],
    ["a missing session", "GET", "/api/leads", undefined],
    ["a refused form", "POST", "/api/leads/createLead", JSON.stringify(lead({ email: "x" }))],
  ])("marks %s as not to be cached", async (_name, method, path, raw) => {
    const answer = await request(server, method, path, raw === undefined ? {} : { raw });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body).toEqual({ data: expect.any(String) });
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});

describe("HSTS", () => {
  it("is not sent over plain HTTP, where browsers ignore it and a proxy may not speak TLS", async () => {
    const answer = await request(server, "GET", "/api/health");
    expect(answer.headers.get("strict-transport-security")).toBeNull();
  });

  it("is sent when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy)", async () => {
    const answer = await request(server, "GET", "/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const refused = await request(server, "GET", "/api/leads", { headers: { "x-forwarded-proto": "https" } });
    expect(refused.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});
