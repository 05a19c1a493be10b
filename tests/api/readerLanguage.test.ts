import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { dataOf, idOfNamed, request, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 37 item 7 (decision 080): reference data is named in the reader's language. The panel
 * sends its language as Accept-Language; the space types, decks, itineraries and identification
 * documents the server names come back in it, Spanish when none is asked for.
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { june: 0, reservation: 0 };

const read = (path: string, language?: string) =>
  request(server, "GET", `/api${path}`, { token: tokens.get("sales") ?? "", ...(language === undefined ? {} : { headers: { "accept-language": language } }) });

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "sales"]);
  const departure = {
    yachtId: await idOfNamed(db, "yachts", "Galápagos Explorer"),
    cruiseItineraryId: await idOfNamed(db, "cruise_itineraries", "Norte 4 días"),
    startDate: "2030-06-06",
    guideIds: [await idOfNamed(db, "guides", "Juan")],
  };
  const created = await request(server, "POST", "/api/cruises/createCruise", { token: tokens.get("admin") ?? "", body: departure });
  expect(created.status, created.text).toBe(200);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  ids.june = june?.id ?? 0;
  const cabins = dataOf(await read(`/cruises/${ids.june}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
  const hold = {
    cruiseId: ids.june,
    agencyId: await idOfNamed(db, "agencies", "Cuenca Travel"),
    type: "general",
    cabins: [{ cabinId: cabins.find((cabin) => cabin.name === "1")?.id ?? 0, spaces: [{ genderId: await idOfNamed(db, "genders", "Mujer adulta") }] }],
  };
  const held = await request(server, "POST", "/api/reservations/createReservation", { token: tokens.get("sales") ?? "", body: hold });
  expect(held.status, held.text).toBe(200);
  ids.reservation = (dataOf(held) as { id: number }).id;
});

describe("reference data in the reader's language", () => {
  it("names a reservation's space types, a departure's itinerary and its decks in English for an English reader, in Spanish otherwise", async () => {
    const spaceTypes = async (language?: string) =>
      ((dataOf(await read(`/reservations/${ids.reservation}`, language)) as { bookings: ReadonlyArray<{ spaces: ReadonlyArray<{ genderName: string }> }> }).bookings
        .flatMap((booking) => booking.spaces.map((space) => space.genderName)));
    expect(await spaceTypes("en")).toEqual(["Female Adult"]);
    expect(await spaceTypes("es")).toEqual(["Mujer adulta"]);
    expect(await spaceTypes()).toEqual(["Mujer adulta"]);
    // a browser's list of languages: its first one counts
    expect(await spaceTypes("en-GB,en;q=0.9,es;q=0.5")).toEqual(["Female Adult"]);

    const itinerary = async (language: string) => (dataOf(await read(`/cruises/${ids.june}`, language)) as { cruiseItineraryName: string }).cruiseItineraryName;
    expect(await itinerary("en")).toBe("North 4 days");
    expect(await itinerary("es")).toBe("Norte 4 días");
    const listed = async (language: string) => (dataOf(await read("/cruises?from=2030-06-01&to=2030-06-30", language)) as ReadonlyArray<{ cruiseItineraryName: string }>).map((cruise) => cruise.cruiseItineraryName);
    expect(await listed("es")).toEqual(["Norte 4 días"]);
    expect(await listed("en")).toEqual(["North 4 days"]);

    const decks = async (language: string) => [...new Set((dataOf(await read(`/cruises/${ids.june}/cabins`, language)) as ReadonlyArray<{ deckName: string | null }>).map((cabin) => cabin.deckName))];
    expect(await decks("en")).toEqual(["Upper deck", "Main deck", "Lower deck"]);
    expect(await decks("es")).toEqual(["Cubierta superior", "Cubierta principal", "Cubierta inferior"]);
  });

  it("names the availability's itineraries in the reader's language, each language from the same kept berths, and as of a past moment", async () => {
    const itineraries = async (path: string, language: string) => {
      const answer = await read(path, language);
      expect(answer.status, answer.text).toBe(200);
      return (dataOf(answer) as ReadonlyArray<{ itineraryName: string }>).map((departure) => departure.itineraryName);
    };
    const period = "/availability?from=2030-06-01&to=2030-06-30";
    // the first reader fills the berth index: the other language is answered from it too
    expect(await itineraries(period, "en")).toEqual(["North 4 days"]);
    expect(await itineraries(period, "es")).toEqual(["Norte 4 días"]);
    expect(await itineraries(period, "en")).toEqual(["North 4 days"]);
    const asOf = `${period}&asOf=${encodeURIComponent(server.clock.now().toISOString())}`;
    expect(await itineraries(asOf, "en")).toEqual(["North 4 days"]);
    expect(await itineraries(asOf, "es")).toEqual(["Norte 4 días"]);
    const one = async (language: string) => (dataOf(await read(`/availability/${ids.june}`, language)) as { itineraryName: string }).itineraryName;
    expect(await one("en")).toBe("North 4 days");
    expect(await one("es")).toBe("Norte 4 días");
  });

  it("writes a departure's documents with the space types and identification documents of their own language", async () => {
    const rowsOf = async (language: string) =>
      (dataOf(await read(`/cruises/${ids.june}/documents/passengers?lang=${language}`)) as { title: string; sections: ReadonlyArray<{ rows: ReadonlyArray<ReadonlyArray<string>> }> }).sections.flatMap(
        (section) => section.rows.flat(),
      );
    expect(await rowsOf("en")).toContain("Female Adult");
    expect(await rowsOf("es")).toContain("Mujer adulta");
    expect(await rowsOf("es")).not.toContain("Female Adult");
  });

  it("answers berth types, yacht kinds and languages with both names, and a document names a guide's languages in its own language", async () => {
    const both = async (resource: string) =>
      (dataOf(await read(`/${resource}`)) as ReadonlyArray<{ name: string; englishName?: string }>).map(({ name, englishName }) => [name, englishName]);
    expect(await both("berths")).toEqual(expect.arrayContaining([["Cama matrimonial", "Double bed"], ["Litera", "Bunk bed"]]));
    expect(await both("kinds")).toEqual(expect.arrayContaining([["Catamarán", "Catamaran"], ["Yate a motor", "Motor yacht"]]));
    expect(await both("languages")).toEqual(expect.arrayContaining([["Alemán", "German"], ["Inglés", "English"]]));
    const guides = async (language: string) =>
      (dataOf(await read(`/cruises/${ids.june}/documents/servicesOrder?lang=${language}`)) as { sections: ReadonlyArray<{ rows: ReadonlyArray<ReadonlyArray<string>> }> }).sections
        .flatMap((section) => section.rows.flat())
        .filter((cell) => cell.startsWith("Juan"));
    expect(await guides("es")).toEqual(["Juan Salcedo (Alemán, Español, Inglés)"]);
    expect(await guides("en")).toEqual(["Juan Salcedo (English, German, Spanish)"]);
  });
});
