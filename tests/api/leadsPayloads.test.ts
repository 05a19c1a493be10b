/**
 * Generated bad payloads for the leads' write endpoints: wrong types, missing fields, huge
 * strings, unknown fields, null, arrays. Whatever arrives, the answer is never a server error, a
 * refusal changes nothing, and a filled honeypot is answered as a success that stores nothing.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { createLead } from "../../server/leads/leads.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, fingerprints, request, sessionFor, startServer, type TestServer, testEnv } from "./support.ts";

/** Each run is one HTTP request and two snapshots; 60 keeps the file to a few seconds. */
const RUNS = 60;

let db: Database;
let server: TestServer;
let token: string;
let salesId: number;
let leadId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  // The fuzzing sends far more than a person would: the limit per address is not what is tested.
  server = await startServer(db, { env: testEnv({ LEAD_RATE_LIMIT: "100000" }) });
  await resetDatabase(db);
  salesId = await createStaff(db, { email: "ventas@example.com", role: "sales" });
  await createStaff(db, { email: "marketing@example.com", password: null, role: "marketing" });
  token = await sessionFor(server, db, salesId);
  leadId = await db.transaction((tx) =>
    createLead(
      tx,
      {
        firstName: "Ana",
        lastName: "Ruiz",
        email: "ana@example.com",
        country: "Ecuador",
        phone: "099",
        message: "Hola",
        yachtName: null,
        details: null,
      },
      { actorId: null, occurredAt: new Date() },
    ),
  );
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** Every row a panel could read; the form's counter per address changes on every attempt by design. */
const snapshot = () =>
  fingerprints(db, [
    ["events", "select id, stream, stream_id, version, type from events"],
    ["leads", "select * from leads"],
    ["notes", "select * from lead_notes", "lead_id, version"],
    ["totals", "select * from lead_totals", "agent"],
    ["users", "select * from users"],
  ]);

const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("", "   ", "\t\n"),
  fc.string({ minLength: 121, maxLength: 6_000 }),
  fc.emailAddress(),
  junk,
);
const id = fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constantFrom("1", 1.5, 2 ** 40), junk);
const unknownFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((key) => key !== "__proto__"),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 4 },
);
const withExtras = <T extends object>(form: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.tuple(unknownFields, form).map(([extra, fields]) => ({ ...extra, ...fields })) },
    { weight: 1, arbitrary: junk },
  );

const details = fc.record(
  {
    in: text,
    out: text,
    itinerary: text,
    spaces: fc.oneof(fc.integer({ min: -3, max: 10 }), junk),
    cabins: fc.oneof(fc.integer({ min: -3, max: 10 }), junk),
    conditions: text,
    isLastMinute: fc.oneof(fc.boolean(), junk),
    mainLowerLm: fc.oneof(fc.double(), junk),
    mainLowerGross: fc.oneof(fc.double(), junk),
    upperLm: fc.oneof(fc.double(), junk),
    upperGross: fc.oneof(fc.double(), junk),
  },
  { requiredKeys: [] },
);

const leadForms = withExtras(
  fc.record(
    {
      firstName: text,
      lastName: text,
      email: text,
      country: text,
      phone: text,
      message: text,
      website: fc.oneof(fc.constant(""), text),
      yachtName: text,
      details: fc.oneof(details, junk),
    },
    { requiredKeys: [] },
  ),
);

const hasHoneypot = (body: unknown): boolean =>
  typeof body === "object" &&
  body !== null &&
  "website" in body &&
  typeof body.website === "string" &&
  body.website.trim() !== "";

const targets: ReadonlyArray<{
  readonly name: string;
  readonly method: "POST" | "PUT";
  readonly path: () => string;
  readonly payloads: fc.Arbitrary<unknown>;
}> = [
  { name: "createLead", method: "POST", path: () => "/api/leads/createLead", payloads: leadForms },
  {
    name: "createTrakin",
    method: "POST",
    path: () => "/api/leads/createTrakin",
    payloads: withExtras(fc.record({ userId: id, leadId: id, coments: text }, { requiredKeys: [] })),
  },
  {
    name: "assingLeadtoUser",
    method: "PUT",
    path: () => `/api/leads/assingLeadtoUser/${leadId}`,
    payloads: withExtras(fc.record({ userId: id }, { requiredKeys: [] })),
  },
];

describe.each(targets.map((target) => [target.name, target] as const))("%s with generated payloads", (_name, target) => {
  it("never answers a server error, and a refusal or a robot's form changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(target.payloads, async (body) => {
        const before = await snapshot();
        const answer = await request(server, target.method, target.path(), { token, body });
        expect(answer.status, answer.text).toBeLessThan(500);
        expect(typeof answer.body === "object" && answer.body !== null && "data" in answer.body).toBe(true);
        if (answer.status !== 200 || (target.name === "createLead" && hasHoneypot(body))) {
          expect(await snapshot()).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ["a body over the 1 MiB limit", JSON.stringify({ message: "x".repeat(1_100_000) }), 413],
    ["malformed JSON", '{"message": ', 400],
  ])("answers %s with %i and changes nothing", async (_case, raw, status) => {
    const before = await snapshot();
    const answer = await request(server, target.method, target.path(), { token, raw });
    expect(answer.status).toBe(status);
    expect(await snapshot()).toEqual(before);
  });
});
