import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RoleName } from "../../src/api/endpoint.ts";
import { countries, agencies } from "../../src/records/referenceData.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { dataOf, request, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 34, item 8: the agencies grow to a few hundred, so `GET /agencies` pages, searches and
 * sorts on the server when asked (decision 073), and still answers every agency to the selects.
 */
const db = testDatabase();
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();

const as = (role: RoleName) => tokens.get(role) ?? "";
const listed = (query: string, role: RoleName = "sales") => request(server, "GET", `/api/agencies${query}`, { token: as(role) });
const names = async (query: string): Promise<string[]> =>
  (dataOf(await listed(query)) as ReadonlyArray<{ readonly name: string }>).map(({ name }) => name);

const countryId = async (name: string): Promise<number> => {
  const answer = await request(server, "POST", `/api${countries.api.create.path}`, {
    token: as("admin"),
    body: { name, englishName: name, code: name.slice(0, 2).toUpperCase() },
  });
  expect(answer.status, answer.text).toBe(200);
  const all = dataOf(await request(server, "GET", `/api${countries.api.list.path}`, { token: as("admin") })) as ReadonlyArray<{ id: number; name: string }>;
  return all.find((country) => country.name === name)?.id ?? 0;
};

beforeAll(async () => {
  server = await startServer(db);
});

/** Six agencies (the agency user's own, "Agencia de prueba", a sample's), one inactive, one without a city, in two countries. */
const seed = keptSeed(db, async () => {
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  const ecuador = await countryId("Ecuador");
  const peru = await countryId("Perú");
  const agency = (name: string, details: Record<string, unknown>) =>
    request(server, "POST", `/api${agencies.api.create.path}`, {
      token: as("admin"),
      body: { name, type: "retailer", country: ecuador, commission: 10, ...details },
    });
  for (const [name, details] of [
    ["Galápagos Dreams", { city: "Quito", commission: 15, email: "ventas@dreams.ec", identificationNumber: "1790012345001" }],
    ["Andes Travel", { city: "Lima", country: peru, commission: 5, type: "wholesaler" }],
    ["Blue Islands", { city: "Guayaquil", commission: 25, active: false }],
    ["Ñandú Tours", { city: "Cuenca", commission: 12 }],
    ["Zeta Viajes", {}],
  ] as const) {
    const answer = await agency(name, details);
    expect(answer.status, answer.text).toBe(200);
  }
});

beforeEach(seed);

afterAll(async () => {
  await server?.close();
});

describe("GET /agencies paged on the server", () => {
  it("answers every agency by name, without meta, when no page is asked for (the selects' call)", async () => {
    const answer = await listed("");
    expect(answer.status).toBe(200);
    expect((answer.body as { meta?: unknown }).meta).toBeUndefined();
    expect(await names("")).toEqual(["Agencia de prueba", "Andes Travel", "Blue Islands", "Galápagos Dreams", "Ñandú Tours", "Zeta Viajes"]);
  });

  it("answers one page with the total that matches", async () => {
    const first = await listed("?page=1&pageSize=2");
    expect(first.status).toBe(200);
    expect((first.body as { meta: unknown }).meta).toEqual({ total: 6, page: 1, pageSize: 2 });
    expect(await names("?page=1&pageSize=2")).toEqual(["Agencia de prueba", "Andes Travel"]);
    expect(await names("?page=3&pageSize=2")).toEqual(["Ñandú Tours", "Zeta Viajes"]);
    expect(await names("?page=9&pageSize=2")).toEqual([]);
    expect(((await listed("?page=9&pageSize=2")).body as { meta: { total: number } }).meta.total).toBe(6);
  });

  it("searches every word in the name, tax id, email, city or contact, accents and case ignored", async () => {
    expect(await names("?q=galapagos")).toEqual(["Galápagos Dreams"]);
    expect(await names("?q=NANDU")).toEqual(["Ñandú Tours"]);
    expect(await names("?q=1790012345")).toEqual(["Galápagos Dreams"]);
    expect(await names("?q=dreams.ec")).toEqual(["Galápagos Dreams"]);
    expect(await names("?q=lima")).toEqual(["Andes Travel"]);
    expect(await names("?q=andes%20quito")).toEqual([]);
    expect(await names("?q=100%25")).toEqual([]);
    const page = await listed("?q=tour&page=1&pageSize=10");
    expect((page.body as { meta: unknown }).meta).toEqual({ total: 1, page: 1, pageSize: 10 });
  });

  it("narrows by the active flag", async () => {
    expect(await names("?active=false")).toEqual(["Blue Islands"]);
    expect(await names("?active=true&q=blue")).toEqual([]);
  });

  it("sorts by a detail, a number as one and a country by its name, ties by name", async () => {
    expect(await names("?sort=commission&order=desc&active=true")).toEqual(["Galápagos Dreams", "Ñandú Tours", "Zeta Viajes", "Andes Travel", "Agencia de prueba"]);
    // Cuenca, Guayaquil, Lima, Quito (the sample agency's city aside); Zeta has none: last either way
    const sample = (listed: ReadonlyArray<string>) => listed.filter((name) => name !== "Agencia de prueba");
    expect(sample(await names("?sort=city"))).toEqual(["Ñandú Tours", "Blue Islands", "Andes Travel", "Galápagos Dreams", "Zeta Viajes"]);
    expect(sample(await names("?sort=city&order=desc"))).toEqual(["Galápagos Dreams", "Andes Travel", "Blue Islands", "Ñandú Tours", "Zeta Viajes"]);
    expect((await names("?sort=country&order=desc"))[0]).toBe("Andes Travel");
    expect(await names("?sort=name&order=desc&pageSize=2")).toEqual(["Zeta Viajes", "Ñandú Tours"]);
  });

  it("refuses an unknown sort, order or active value and pages out of bounds", async () => {
    for (const query of ["?sort=password", "?order=up", "?active=yes", "?page=0", "?pageSize=201", "?page=2147483648", "?page=1.5"]) {
      expect((await listed(query)).status, query).toBe(400);
    }
  });

  it("stays refused to agency users and marketing, as before", async () => {
    expect((await listed("?page=1", "agency")).status).toBe(403);
    expect((await listed("", "agency")).status).toBe(403);
    expect((await listed("?q=a", "marketing")).status).toBe(403);
  });
});
