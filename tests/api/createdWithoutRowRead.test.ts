import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loggingStatements } from "../../server/db/statementLog.ts";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { dataOf, idOfNamed, request, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Decision 104, second pass (decision 108): a hold and a passenger registered take their ids from
 * the sequences and are decided from no row, without reading one; a hold numbers itself and its
 * spaces in one statement. The server runs on the test database with every statement told here.
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
const told: string[] = [];
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();

const call = (method: string, path: string, body?: unknown) => request(server, method, `/api${path}`, { token: tokens.get("sales") ?? "", ...(body === undefined ? {} : { body }) });

/** The statements told since `from` that read the status and version of `table`'s row. */
const rowReads = (table: string, from: number) => told.slice(from).filter((sql) => new RegExp(`^select status, version from ${table} where id = \\$1`).test(sql.trim()));

beforeAll(async () => {
  // after the test database opened (its beforeAll ran first): the server's statements go through the log
  server = await startServer(loggingStatements(db, (entry) => told.push(entry.sql)));
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "sales"]);
});

describe("a record created on an id it took (decision 108)", () => {
  it("holds berths without reading the new reservation's row, numbering it and its spaces in one statement", async () => {
    const scheduled = await request(server, "POST", "/api/cruises/createCruise", {
      token: tokens.get("admin") ?? "",
      body: {
        yachtId: await idOfNamed(db, "yachts", "Galápagos Explorer"),
        cruiseItineraryId: await idOfNamed(db, "cruise_itineraries", "Norte 4 días"),
        startDate: "2030-06-06",
        guideIds: [await idOfNamed(db, "guides", "Juan")],
      },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
    const cabins = dataOf(await call("GET", `/cruises/${june?.id}/cabins`)) as ReadonlyArray<{ id: number }>;
    const male = await idOfNamed(db, "genders", "Hombre adulto");
    const from = told.length;
    const held = await call("POST", "/reservations/createReservation", {
      cruiseId: june?.id,
      agencyId: null,
      type: "general",
      cabins: [
        { cabinId: cabins[0]?.id, spaces: [{ genderId: male }, { genderId: male }] },
        { cabinId: cabins[1]?.id, spaces: [{ genderId: male }] },
      ],
    });
    expect(held.status, held.text).toBe(200);
    const id = (dataOf(held) as { id: number }).id;
    expect(rowReads("reservations", from)).toEqual([]);
    expect(told.slice(from).filter((sql) => sql.includes("nextval("))).toHaveLength(1);
    const stored = await db.query<{ id: number; cabin_id: number }>("select id, cabin_id from spaces where reservation_id = $1 order by id", [id]);
    expect(stored.map((space) => space.cabin_id)).toEqual([cabins[0]?.id, cabins[0]?.id, cabins[1]?.id]);
    const [row] = await db.query<{ code: string; version: number }>("select code, version from reservations where id = $1", [id]);
    expect(row).toEqual({ code: `RES-${String(id).padStart(6, "0")}`, version: 1 });
    // a later event on it reads its row, as every event after the first does
    const next = told.length;
    expect((await call("PUT", `/reservations/extendTimeLimit/${id}`, { timeLimit: "2030-06-01T12:00:00.000Z" })).status).toBeLessThan(500);
    expect(rowReads("reservations", next)).toHaveLength(1);
  });

  it("registers a passenger without reading the new passenger's row", async () => {
    const from = told.length;
    const registered = await call("POST", "/passengers/createPassenger", {
      firstName: "Lucía",
      lastName: "Andrade",
      identificationTypeId: await idOfNamed(db, "identification_types", "Pasaporte"),
      identification: "AB123456",
      birthday: "1985-04-12",
      countryId: await idOfNamed(db, "countries", "Estados Unidos"),
      gender: "female",
      maritalStatus: "married",
      email: "lucia@example.com",
      agencyId: await idOfNamed(db, "agencies", "Cuenca Travel"),
      vegetarian: true,
    });
    expect(registered.status, registered.text).toBe(200);
    expect(rowReads("passengers", from)).toEqual([]);
    const [row] = await db.query<{ version: number }>("select version from passengers where id = $1", [(dataOf(registered) as { id: number }).id]);
    expect(row).toEqual({ version: 1 });
  });
});
