import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedReferenceLists } from "../../server/demo/referenceData.ts";
import { andeanPactCodes, countryCodes } from "../../src/api/countries.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { detail, detailProblem } from "../../src/api/details.ts";
import { messages } from "../../src/api/messages.ts";
import type { CatalogueDeclaration } from "../../src/records/catalogue.ts";
import { cabins, cruiseItineraries, decks, yachts } from "../../src/records/fleet.ts";
import {
  agencies,
  airlines,
  berths,
  companies,
  countries,
  flights,
  genders,
  guides,
  identificationTypes,
  kinds,
  languages,
  months,
  referenceData,
  seasons,
} from "../../src/records/referenceData.ts";
import { resetDatabase, testDatabase } from "../setup/database.ts";
import { dataOf, request, snapshot, staffTokens, startServer, type TestServer, versionIn } from "./support.ts";

/**
 * Issue 15: the fleet's reference data (DOMAIN.md section 3), each catalogue one declaration on the
 * catalogue engine, with its details' rules refused by the catalogue-item machine's guards.
 */
const db = testDatabase();
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  tokens = await staffTokens(server, db);
});

const as = (role: RoleName) => tokens.get(role) ?? "";
const at = (template: string, id?: number) => `/api${template.replace(":id", String(id ?? 0))}`;

const create = (catalogue: CatalogueDeclaration, body: Record<string, unknown>, role: RoleName = "admin") =>
  request(server, "POST", at(catalogue.api.create.path), { token: as(role), body });

const list = async (catalogue: CatalogueDeclaration): Promise<ReadonlyArray<Record<string, unknown>>> =>
  dataOf(await request(server, "GET", at(catalogue.api.list.path), { token: as("sales") })) as ReadonlyArray<Record<string, unknown>>;

const idNamed = async (catalogue: CatalogueDeclaration, name: string): Promise<number> => {
  const found = (await list(catalogue)).find((item) => item.name === name);
  if (found === undefined) throw new Error(`no ${name} in ${catalogue.key}`);
  return Number(found.id);
};

const refusal = (answer: { readonly status: number }) => [answer.status, dataOf(answer as never)];

describe("the reference data's calls", () => {
  it("serves each catalogue at the path DOMAIN.md section 9 fixes, with its details in every answer", async () => {
    expect(referenceData.map((catalogue) => catalogue.api.list.path)).toEqual([
      "/languages",
      "/kinds",
      "/berths",
      "/identificationTypes",
      "/countries",
      "/airlines",
      "/captains",
      "/hoteliers",
      "/guides",
      "/genders",
      "/companies",
      "/flights",
      "/seasons",
      "/agencies",
    ]);
    expect(languages.api.create.path).toBe("/languages/createLanguage");
    expect(identificationTypes.api.update.path).toBe("/identificationTypes/updateIdentificationType/:id");

    expect(dataOf(await create(languages, { name: "Inglés", englishName: "English", initials: "ING" }))).toBe(messages.created);
    const [english] = await list(languages);
    expect(english).toEqual({ id: 1, name: "Inglés", englishName: "English", active: true, version: 1, initials: "ING" });

    const loaded = await request(server, "GET", at(languages.api.get.path, 1), { token: as("marketing") });
    const edited = await request(server, "PUT", at(languages.api.update.path, 1), {
      token: as("admin"),
      body: { name: "Inglés", initials: "ENG", version: versionIn(loaded) },
    });
    expect(dataOf(edited)).toBe(messages.updated);
    expect((await list(languages))[0]).toMatchObject({ initials: "ENG", version: 2 });
  });

  it("lets admins write, marketing and sales read what DOMAIN.md section 2 lets them, and nobody else in", async () => {
    // seasons, rates and agencies are the sales side's: marketing does not see them
    const salesOnly = new Set(["seasons", "agencies"]);
    for (const catalogue of referenceData) {
      for (const role of ["marketing", "sales"] as const) {
        const refused = await create(catalogue, { name: "Intruso" }, role);
        expect(refusal(refused), `${role} creating in ${catalogue.key}`).toEqual([403, messages.forbidden]);
        const reads = role === "sales" || !salesOnly.has(catalogue.key);
        const listed = await request(server, "GET", at(catalogue.api.list.path), { token: as(role) });
        expect(listed.status, `${role} reading ${catalogue.key}`).toBe(reads ? 200 : 403);
      }
      expect((await request(server, "GET", at(catalogue.api.list.path))).status).toBe(498);
      expect((await request(server, "DELETE", at(catalogue.api.remove.path, 1), { token: as("sales") })).status).toBe(403);
    }
  });

  it("keeps a detail the edit leaves out, and a list's (de)activate changes only the flag", async () => {
    await create(berths, { name: "Litera", capacity: 1 });
    const loaded = await request(server, "GET", at(berths.api.get.path, 1), { token: as("admin") });
    await request(server, "PUT", at(berths.api.update.path, 1), {
      token: as("admin"),
      body: { name: "Litera", active: false, version: versionIn(loaded) },
    });
    expect((await list(berths))[0]).toMatchObject({ name: "Litera", capacity: 1, active: false });
  });
});

describe("the details' rules, each refused by a guard and leaving everything as it was", () => {
  const expectRefused = async (answer: Promise<{ readonly status: number }>, status: number, message: string) => {
    const before = await snapshot(db);
    const refused = await answer;
    expect(refusal(refused)).toEqual([status, message]);
    expect(await snapshot(db)).toEqual(before);
  };

  it("refuses a missing required detail, a number out of range, a malformed email", async () => {
    await expectRefused(create(languages, { name: "Quichua" }), 400, messages.requiredInformation);
    await expectRefused(create(berths, { name: "Cama king", capacity: 6 }), 400, messages.invalidInput);
    await expectRefused(create(berths, { name: "Media cama", capacity: 1.5 }), 400, messages.invalidInput);
    await expectRefused(create(guides, { name: "Ana", lastName: "Paz", level: "II", email: "ana@" }), 400, messages.invalidEmail);
    expect(await list(languages)).toEqual([]);
  });

  it("refuses a negative GPS tax with the spec's message, and keeps the cents of one", async () => {
    const child = { name: "Child", initials: "CH", gpsTaxNational: 15, gpsTaxForeign: 100, gpsTaxAndean: 50 };
    await expectRefused(create(genders, { ...child, gpsTaxNational: -1 }), 400, messages.gpsTaxBelowZero);
    await expectRefused(create(genders, { ...child, gpsTaxAndean: 10.005 }), 400, messages.gpsTaxBelowZero);
    expect(dataOf(await create(genders, { ...child, gpsTaxForeign: 100.5 }))).toBe(messages.created);
    expect((await list(genders))[0]).toMatchObject({ gpsTaxForeign: 100.5, gpsTaxNational: 15 });
  });

  it("refuses a choice outside its options and a guide's language that is gone, inactive or never was", async () => {
    const choice = await create(identificationTypes, { name: "Licencia", appliesTo: "driver" });
    expect(refusal(choice)).toEqual([400, messages.invalidInput]);

    await create(languages, { name: "Inglés", initials: "ING" });
    await create(languages, { name: "Francés", initials: "FRA", active: false });
    const english = await idNamed(languages, "Inglés");
    const french = await idNamed(languages, "Francés");
    const guide = { name: "Ana", lastName: "Paz", level: "II" };
    await expectRefused(create(guides, { ...guide, languages: [english, 999] }), 400, messages.invalidInput);
    await expectRefused(create(guides, { ...guide, languages: [french] }), 400, messages.invalidInput);
    expect(dataOf(await create(guides, { ...guide, languages: [english] }))).toBe(messages.created);
  });

  it("lets a guide keep a language deactivated since, and refuses to delete a language a guide speaks", async () => {
    await create(languages, { name: "Inglés", initials: "ING" });
    await create(languages, { name: "Alemán", initials: "ALM" });
    const english = await idNamed(languages, "Inglés");
    const german = await idNamed(languages, "Alemán");
    await create(guides, { name: "Juan", lastName: "Salcedo", level: "III", languages: [english, german] });
    const guideId = await idNamed(guides, "Juan");

    const germanLoaded = await request(server, "GET", at(languages.api.get.path, german), { token: as("admin") });
    await request(server, "PUT", at(languages.api.update.path, german), {
      token: as("admin"),
      body: { name: "Alemán", initials: "ALM", active: false, version: versionIn(germanLoaded) },
    });
    const guideLoaded = await request(server, "GET", at(guides.api.get.path, guideId), { token: as("admin") });
    const kept = await request(server, "PUT", at(guides.api.update.path, guideId), {
      token: as("admin"),
      body: { name: "Juan", lastName: "Salcedo Ruiz", level: "III", languages: [english, german], version: versionIn(guideLoaded) },
    });
    expect(dataOf(kept)).toBe(messages.updated);

    await expectRefused(request(server, "DELETE", at(languages.api.remove.path, german), { token: as("admin") }), 409, messages.itemInUse);
    await request(server, "DELETE", at(guides.api.remove.path, guideId), { token: as("admin") });
    const freed = await request(server, "DELETE", at(languages.api.remove.path, german), { token: as("admin") });
    expect(dataOf(freed)).toBe(messages.deleted);
  });

  it("lets two guides or captains share a first name, but not two languages one name", async () => {
    const guide = { name: "Carlos", lastName: "Ortiz", level: "I" };
    expect(dataOf(await create(guides, guide))).toBe(messages.created);
    expect(dataOf(await create(guides, { ...guide, lastName: "Andrade" }))).toBe(messages.created);
    await create(languages, { name: "Inglés", initials: "ING" });
    await expectRefused(create(languages, { name: " INGLES ", initials: "ENG" }), 409, messages.nameInUse);
  });
});

describe("the sales side's catalogues", () => {
  const expectRefused = async (answer: Promise<{ readonly status: number }>, status: number, message: string) => {
    const before = await snapshot(db);
    expect(refusal(await answer)).toEqual([status, message]);
    expect(await snapshot(db)).toEqual(before);
  };
  const highAndLow = Object.fromEntries(months.map((month, index) => [month, index < 4 ? "high" : "low"]));

  it("keeps one season per year, and a season's name is a year", async () => {
    expect(dataOf(await create(seasons, { name: "2027", ...highAndLow }))).toBe(messages.created);
    await expectRefused(create(seasons, { name: "2027", ...highAndLow }), 409, messages.seasonYearTaken);
    await expectRefused(create(seasons, { name: "Alta", ...highAndLow }), 400, messages.invalidInput);
    await expectRefused(create(seasons, { name: "2028", ...highAndLow, march: "medium" }), 400, messages.invalidInput);
    await expectRefused(create(seasons, { name: "2028", ...highAndLow, march: null }), 400, messages.requiredInformation);
  });

  it("refuses a flight without its times with the spec's message, and an agency's commission outside 0-99", async () => {
    await create(airlines, { name: "Avianca", code: "AV" });
    const flight = { name: "AV1630", airline: 1, origin: "UIO", destination: "GPS", departureTime: "07:50", arrivalTime: "11:35" };
    await expectRefused(create(flights, { ...flight, arrivalTime: null }), 400, messages.selectFlightTime);
    await expectRefused(create(flights, { ...flight, departureTime: "7h50" }), 400, messages.invalidInput);
    expect(dataOf(await create(flights, flight))).toBe(messages.created);

    await create(countries, { name: "Alemania", englishName: "Germany", code: "DE" });
    const agency = { name: "Ikarus Tours", type: "wholesaler", country: 1, commission: 30, credit: 50_000 };
    await expectRefused(create(agencies, { ...agency, commission: 100 }), 400, messages.numberOutOfRange);
    await expectRefused(create(agencies, { ...agency, commission: -1 }), 400, messages.numberOutOfRange);
    await expectRefused(create(agencies, { ...agency, commission: 12.5 }), 400, messages.numberOutOfRange);
    expect(dataOf(await create(agencies, agency))).toBe(messages.created);
    expect((await list(agencies))[0]).toMatchObject({ commission: 30, credit: 50_000, type: "wholesaler", country: 1 });
  });
});

describe("the fleet", () => {
  it("refuses a yacht without a live company with the spec's message, and a malformed colour", async () => {
    const before = await snapshot(db);
    await create(kinds, { name: "Catamarán", initials: "CAT" });
    await create(companies, { name: "Islas Cruceros", code: "GIC", ruc: "1791234567001", active: false });
    const yacht = { name: "Sea Lion", initials: "SEL", code: "SEL-02", kind: 1, order: 1, colour: "#2a9d8f" };
    expect(refusal(await create(yachts, yacht))).toEqual([400, messages.selectCompany]);
    expect(refusal(await create(yachts, { ...yacht, company: 1 }))).toEqual([400, messages.selectCompany]);
    expect(refusal(await create(yachts, { ...yacht, company: 7 }))).toEqual([400, messages.selectCompany]);
    await create(companies, { name: "Galápagos Islas Cruceros", code: "GIC2", ruc: "1791234567002" });
    expect(refusal(await create(yachts, { ...yacht, company: 2, colour: "blue" }))).toEqual([400, messages.invalidInput]);
    expect(dataOf(await create(yachts, { ...yacht, company: 2 }))).toBe(messages.created);
    expect((await list(yachts))[0]).toMatchObject({ name: "Sea Lion", company: 2, kind: 1, colour: "#2a9d8f", order: 1 });
    expect(yachts.api.list.path).toBe("/yachts");
    expect(before).not.toEqual(await snapshot(db));
    const companyInUse = await request(server, "DELETE", at(companies.api.remove.path, 2), { token: as("admin") });
    expect(refusal(companyInUse)).toEqual([409, messages.itemInUse]);
  });

  it("adds up a cabin's capacity from its berths and a yacht's from its cabins, and narrows cabins to one yacht", async () => {
    await create(kinds, { name: "Yate a motor", initials: "MY" });
    await create(companies, { name: "Islas Cruceros", code: "GIC", ruc: "1791234567001" });
    await create(berths, { name: "Cama individual", capacity: 1 });
    await create(berths, { name: "Cama matrimonial", capacity: 2 });
    const yacht = { initials: "X", code: "X-1", kind: 1, company: 1, order: 1, colour: "#2a9d8f" };
    await create(yachts, { ...yacht, name: "Coral I" });
    await create(yachts, { ...yacht, name: "Coral II", initials: "Y" });
    const coral = await idNamed(yachts, "Coral I");
    const coralTwo = await idNamed(yachts, "Coral II");
    await create(decks, { name: "Principal", yacht: coral, order: 1 });
    await create(decks, { name: "Principal", yacht: coralTwo, order: 1 });
    const [mainDeck, otherDeck] = (await list(decks)).map((deck) => Number(deck.id));
    const cabin = { yacht: coral, deck: mainDeck, category: "double", familyRoom: false };
    expect(dataOf(await create(cabins, { ...cabin, name: "1", berths: [1, 1] }))).toBe(messages.created);
    expect(dataOf(await create(cabins, { ...cabin, name: "2", berths: [2, 1], familyRoom: true }))).toBe(messages.created);
    await create(cabins, { ...cabin, yacht: coralTwo, deck: otherDeck, name: "1", berths: [2] });

    const coralCabins = dataOf(await request(server, "GET", `/api/cabins?yachtId=${coral}`, { token: as("sales") }));
    expect(coralCabins).toMatchObject([
      { name: "1", capacity: 2, berths: [1, 1] },
      { name: "2", capacity: 3, familyRoom: true },
    ]);
    expect(await list(cabins)).toHaveLength(3);
    expect((await list(yachts)).map(({ name, capacity }) => [name, capacity])).toEqual([
      ["Coral I", 5],
      ["Coral II", 2],
    ]);
    const answer = await request(server, "GET", "/api/cabins?yachtId=abc", { token: as("sales") });
    expect(answer.status).toBe(400);
  });

  it("refuses a deck of another yacht, a number twice on one yacht, and deleting a berth type or a yacht in use", async () => {
    await create(kinds, { name: "Catamarán", initials: "CAT" });
    await create(companies, { name: "Islas Cruceros", code: "GIC", ruc: "1791234567001" });
    await create(berths, { name: "Litera", capacity: 1 });
    const yacht = { initials: "X", code: "X-1", kind: 1, company: 1, order: 1, colour: "#2a9d8f" };
    await create(yachts, { ...yacht, name: "Coral I" });
    await create(yachts, { ...yacht, name: "Coral II" });
    await create(decks, { name: "Principal", yacht: 1, order: 1 });
    await create(decks, { name: "Principal", yacht: 2, order: 1 });
    expect(refusal(await create(decks, { name: "principal ", yacht: 1, order: 2 }))).toEqual([409, messages.nameInUse]);
    const before = await snapshot(db);
    const cabin = { name: "1", yacht: 1, deck: 2, category: "catamaran", berths: [1, 1] };
    expect(refusal(await create(cabins, cabin))).toEqual([400, messages.invalidInput]);
    expect(refusal(await create(cabins, { ...cabin, deck: 1, category: "suite" }))).toEqual([400, messages.invalidInput]);
    expect((await create(cabins, { ...cabin, deck: 1 }, "marketing")).status).toBe(403);
    expect(await snapshot(db)).toEqual(before);
    expect(dataOf(await create(cabins, { ...cabin, deck: 1 }))).toBe(messages.created);
    expect(refusal(await create(cabins, { ...cabin, deck: 1 }))).toEqual([409, messages.nameInUse]);
    expect(detailProblem(detail.references("languages"), [1, 1])).toBe("invalid");
    expect(detailProblem(detail.references("berths", { repeats: true }), [1, 1])).toBeNull();
    for (const [catalogue, id] of [
      [berths, 1],
      [yachts, 1],
      [decks, 1],
    ] as const) {
      const inUse = await request(server, "DELETE", at(catalogue.api.remove.path, id), { token: as("admin") });
      expect(refusal(inUse)).toEqual([409, messages.itemInUse]);
    }
    expect(dataOf(await request(server, "DELETE", at(decks.api.remove.path, 2), { token: as("admin") }))).toBe(messages.deleted);
  });
});

describe("the cruise itineraries", () => {
  it("keep a day-by-day program, refuse a blank or malformed visit, and narrow to one yacht", async () => {
    await create(kinds, { name: "Catamarán", initials: "CAT" });
    await create(companies, { name: "Islas Cruceros", code: "GIC", ruc: "1791234567001" });
    await create(yachts, { name: "Coral I", initials: "X", code: "X-1", kind: 1, company: 1, order: 1, colour: "#2a9d8f" });
    const day = (number: number, period: string, visit: string) => ({ day: number, period, visit, activities: "" });
    const itinerary = {
      name: "Norte 4 días",
      code: "N4",
      yacht: 1,
      days: 4,
      nights: 3,
      from: "Baltra",
      to: "Baltra",
      startWeekday: "thursday",
      endWeekday: "sunday",
      route: "Santa Cruz – Genovesa",
      program: [day(1, "AM", "Aeropuerto de Baltra"), day(1, "PM", "Bachas")],
    };
    const before = await snapshot(db);
    for (const [program, message] of [
      [[day(1, "AM", " ")], messages.requiredInformation],
      [[day(1, "noon", "Bachas")], messages.invalidInput],
      [[day(0, "AM", "Bachas")], messages.invalidInput],
      [Array.from({ length: 31 }, (_, index) => day(1, "AM", `Visita ${index}`)), messages.invalidInput],
    ] as const) {
      expect(refusal(await create(cruiseItineraries, { ...itinerary, program }))).toEqual([400, message]);
    }
    expect(await snapshot(db)).toEqual(before);
    expect(dataOf(await create(cruiseItineraries, itinerary))).toBe(messages.created);
    const [saved] = dataOf(await request(server, "GET", "/api/cruiseItineraries?yachtId=1", { token: as("marketing") })) as ReadonlyArray<
      Record<string, unknown>
    >;
    expect(saved).toMatchObject({ code: "N4", days: 4, startWeekday: "thursday", program: itinerary.program });
    expect(dataOf(await request(server, "GET", "/api/cruiseItineraries?yachtId=2", { token: as("marketing") }))).toEqual([]);
    const yachtInUse = await request(server, "DELETE", at(yachts.api.remove.path, 1), { token: as("admin") });
    expect(refusal(yachtInUse)).toEqual([409, messages.itemInUse]);
  });
});

describe("the reference lists", () => {
  it("are loaded once into catalogues that never held an item: every country in both languages, the Andean pact marked", async () => {
    await resetDatabase(db);
    const options = { actorId: null, occurredAt: new Date() };
    await db.transaction((tx) => seedReferenceLists(tx, options));
    await db.transaction((tx) => seedReferenceLists(tx, options));
    tokens = await staffTokens(server, db, ["sales"]);
    const loaded = await list(countries);
    expect(loaded).toHaveLength(countryCodes.length);
    expect(loaded.find((country) => country.code === "DE")).toMatchObject({ name: "Alemania", englishName: "Germany", andeanPact: false });
    expect(loaded.filter((country) => country.andeanPact === true).map((country) => country.code).sort()).toEqual([...andeanPactCodes].sort());
    expect((await list(languages)).map((language) => language.initials).sort()).toEqual(["ALM", "ESP", "FRA", "ING", "NA"]);
    // each space type and identification document named in both languages (decision 080)
    expect((await list(genders)).map(({ name, englishName }) => [name, englishName]).sort()).toEqual([
      ["Hombre adulto", "Male Adult"],
      ["Mujer adulta", "Female Adult"],
      ["Niño", "Child"],
    ]);
    expect((await list(identificationTypes)).map(({ name, englishName }) => [name, englishName]).sort()).toEqual([
      ["Cédula de identidad", "Identity card"],
      ["Pasaporte", "Passport"],
      ["RUC", "Tax number (RUC)"],
    ]);
  });
});
