/**
 * Generated bad payloads for the JSON write endpoints of users, catalogues, calls to action and
 * the recommended destinations: wrong types, missing
 * fields, huge strings, unknown fields, null, arrays, numbers as strings. An edit's form mostly
 * carries the record's current version (as the panel's form does), else none, a stale one or junk.
 * Whatever arrives, the answer is never a server error, and a refused request changes nothing.
 */
import type { Detail } from "../../src/api/details.ts";
import { fittingValue, sampleDetails, sampleName } from "../catalogueSamples.ts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { catalogueRoutes } from "../../server/catalogues/routes.ts";
import { createItem } from "../../server/catalogues/items.ts";
import { createCallAction } from "../../server/home/callActions.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, sessionFor, snapshot, startServer, type TestServer, versionIn } from "./support.ts";

/** Each run is one HTTP request and two snapshots; 50 keeps the file to a few seconds. */
const RUNS = 50;

/**
 * Every catalogue is served by one engine (decision 027): each of its calls gets fewer runs, and
 * the fifteen of them together still try the engine ten times as often as one record's calls.
 */
const CATALOGUE_RUNS = 15;

let db: Database;
let server: TestServer;
let admin: string;
let targetUserId: number;
let targetCallActionId: number;
const targetItemIds = new Map<string, number>();

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
  await resetDatabase(db);
  const adminId = await createStaff(db, { email: "admin@example.com", password: null });
  admin = await sessionFor(server, db, adminId);
  targetUserId = await createStaff(db, { email: "target@example.com", password: null, role: "marketing" });
  for (const { record } of catalogueRoutes) {
    const details = await sampleDetails(db, record);
    const id = await db.transaction((tx) =>
      createItem(tx, record, { ...details, name: sampleName(record, "Existente", 9), active: true }, { actorId: adminId, occurredAt: new Date() }),
    );
    targetItemIds.set(record.stream, id);
  }
  const cotizar = { title: "Cotice", text: "Texto", buttonLabel: "Cotizar", link: "https://example.com" };
  targetCallActionId = await db.transaction((tx) =>
    createCallAction(tx, cotizar, { actorId: adminId, occurredAt: new Date() }),
  );
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
const hugeString = fc.string({ minLength: 121, maxLength: 2_000 });
const numberAsString = fc.integer({ min: -5, max: 5 }).map(String);
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("", "   ", "\t\n"),
  hugeString,
  numberAsString,
  fc.emailAddress(),
  junk,
);
const unknownFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((key) => key !== "__proto__"),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 4 },
);

/** A form-like object with any field missing, mistyped or huge, plus unknown fields; or no object at all. */
const withExtras = <T extends object>(form: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.tuple(unknownFields, form).map(([extra, fields]) => ({ ...extra, ...fields })) },
    { weight: 1, arbitrary: junk },
  );

const userPayloads = withExtras(
  fc.record(
    {
      firstName: text,
      lastName: text,
      email: text,
      roleId: fc.oneof(fc.integer({ min: -1, max: 5 }), numberAsString, junk),
      active: fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "1", 0), junk),
    },
    { requiredKeys: [] },
  ),
);

/** A catalogue's detail as a careless client sends it: a fitting value, a near miss, or junk. */
const detailPayload = (detail: Detail) =>
  fc.oneof(fc.constant(fittingValue(detail, 1)), fc.integer({ min: -1_000, max: 1_000 }), fc.double(), text, fc.array(fc.integer(), { maxLength: 3 }), junk);

/** A catalogue item's form: its name, the flag and each declared detail, any of them missing. */
const itemPayloads = (details: ReadonlyArray<Detail>) =>
  withExtras(
    fc.record(
      {
        name: text,
        active: fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "1", 0), junk),
        ...Object.fromEntries(details.map((detail) => [detail.name, detailPayload(detail)])),
      },
      { requiredKeys: [] },
    ),
  );

const callActionPayloads = withExtras(
  fc.record(
    {
      title: text,
      text,
      buttonLabel: text,
      link: fc.oneof(text, fc.webUrl(), fc.constantFrom("javascript:alert(1)", "https://", "ftp://x")),
      active: fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "1", 0), junk),
    },
    { requiredKeys: [] },
  ),
);

const recommendationPayloads = withExtras(
  fc.record(
    {
      itineraries: fc.oneof(
        fc.array(fc.oneof(fc.integer({ min: -2, max: 20 }), fc.constant(2 ** 40), numberAsString, junk), { maxLength: 14 }),
        junk,
      ),
    },
    { requiredKeys: [] },
  ),
);

/** The version an edit's form loaded: the record's current one as its GET answers it. */
const versionAt = async (path: string): Promise<number> => versionIn(await request(server, "GET", path, { token: admin }));

/** The recommendations list's current version, as the panel's home content answers it. */
const recommendationsVersion = async (): Promise<number> => {
  const content = dataOf(await request(server, "GET", "/api/homeScreen/adminContent", { token: admin }));
  if (typeof content !== "object" || content === null || !("recomendationVersion" in content) || typeof content.recomendationVersion !== "number") {
    throw new Error("no recommendations version");
  }
  return content.recomendationVersion;
};

/** Which version an edit's form sends: mostly the current one, else none, a stale one or anything. */
type VersionChoice = { readonly kind: "current" | "missing" | "stale" } | { readonly kind: "junk"; readonly value: unknown };
const versionChoice: fc.Arbitrary<VersionChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: "current" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "missing" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "stale" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.integer({ min: -2, max: 2 ** 31 }), fc.constant(2 ** 40), numberAsString, junk)
      .map((value) => ({ kind: "junk" as const, value })),
  },
);

/** The body sent: a form-like object gets the chosen version; anything else goes as it is. */
const withVersion = async (body: unknown, choice: VersionChoice, current: () => Promise<number>): Promise<unknown> => {
  if (typeof body !== "object" || body === null || Array.isArray(body) || choice.kind === "missing") return body;
  if (choice.kind === "junk") return { ...body, version: choice.value };
  return { ...body, version: (await current()) + (choice.kind === "stale" ? 1 : 0) };
};

const targets: ReadonlyArray<{
  readonly name: string;
  readonly method: "POST" | "PUT";
  readonly path: () => string;
  readonly payloads: fc.Arbitrary<unknown>;
  /** An edit's record's current version, which its form sends back. */
  readonly version?: () => Promise<number>;
  readonly runs?: number;
}> = [
  { name: "createUser", method: "POST", path: () => "/api/users/createUser", payloads: userPayloads },
  {
    name: "updateUser",
    method: "PUT",
    path: () => `/api/users/updateUser/${targetUserId}`,
    payloads: userPayloads,
    version: () => versionAt(`/api/users/${targetUserId}`),
  },
  ...catalogueRoutes.flatMap(({ api, record }) => [
    {
      name: api.create.name,
      method: "POST" as const,
      path: () => `/api${api.create.path}`,
      payloads: itemPayloads(api.details),
      runs: CATALOGUE_RUNS,
    },
    {
      name: api.update.name,
      method: "PUT" as const,
      path: () => `/api${api.update.path.replace(":id", String(targetItemIds.get(record.stream)))}`,
      payloads: itemPayloads(api.details),
      runs: CATALOGUE_RUNS,
      version: () => versionAt(`/api${api.get.path.replace(":id", String(targetItemIds.get(record.stream)))}`),
    },
  ]),
  { name: "createCallAction", method: "POST", path: () => "/api/homeScreen/createCallAction", payloads: callActionPayloads },
  {
    name: "updateCallAction",
    method: "PUT",
    path: () => `/api/homeScreen/updateCallAction/${targetCallActionId}`,
    payloads: callActionPayloads,
    version: () => versionAt(`/api/homeScreen/getCallAction/${targetCallActionId}`),
  },
  {
    name: "updateRecomendation",
    method: "PUT",
    path: () => "/api/homeScreen/updateRecomendation",
    payloads: recommendationPayloads,
    version: recommendationsVersion,
  },
];

describe.each(targets.map((target) => [target.name, target] as const))("%s with generated payloads", (_name, target) => {
  it("never answers a server error, and a refusal changes nothing", async () => {
    // Only the requests write: the rows after one request are the rows before the next, so each
    // run takes one snapshot, right after its request, whatever its assertions then find.
    let settled = await snapshot(db);
    await fc.assert(
      fc.asyncProperty(target.payloads, versionChoice, async (payload, choice) => {
        const body = target.version === undefined ? payload : await withVersion(payload, choice, target.version);
        const answer = await request(server, target.method, target.path(), { token: admin, body });
        const before = settled;
        settled = await snapshot(db);
        expect(answer.status, answer.text).toBeLessThan(500);
        expect(typeof answer.body === "object" && answer.body !== null && "data" in answer.body).toBe(true);
        if (answer.status !== 200) expect(settled).toEqual(before);
      }),
      { numRuns: target.runs ?? RUNS },
    );
  });

  it.each([
    ["a string of 200,000 characters", { name: "x".repeat(200_000), firstName: "x".repeat(200_000) }, 400],
    ["a body over the 1 MiB limit", { name: "x".repeat(1_100_000) }, 413],
    ["malformed JSON", "{\"name\": ", 400],
  ])("answers %s with %i and changes nothing", async (_case, body, status) => {
    const before = await snapshot(db);
    // An edit's form sends its version: what is refused is the body itself.
    const form = typeof body === "string" || target.version === undefined ? body : { ...body, version: await target.version() };
    const raw = typeof form === "string" ? form : JSON.stringify(form);
    const answer = await request(server, target.method, target.path(), { token: admin, raw });
    expect(answer.status).toBe(status);
    expect(await snapshot(db)).toEqual(before);
  });
});
