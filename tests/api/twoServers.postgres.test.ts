import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { testDatabase } from "../setup/database.ts";
import { dataOf, request, staffTokens, startServer, type TestServer, idOfNamed } from "./support.ts";

/**
 * Issue 19, item 3: two servers on one PostgreSQL database, each with its own remembered answers
 * and kept berths (decision 046). A write acknowledged by one is never answered stale by the
 * other: a hold in its availability, a lead in its leads list, a departure's change in the
 * departures list, a closed session in its sign-in check. PGlite has one server: this is
 * PostgreSQL's: this file runs in npm run test:pg alone.
 */
const db = testDatabase();
let writer: TestServer;
let reader: TestServer;
let readerDatabase: Database | undefined;
let tokens: ReadonlyMap<RoleName, string> = new Map();

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (server: TestServer, method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });

interface Departure {
  readonly cruiseId: number;
  readonly free: number;
}

describe("two servers sharing one PostgreSQL database", () => {
  beforeAll(async () => {
    readerDatabase = await db.openAgain();
    writer = await startServer(db);
    reader = await startServer(readerDatabase);
  });

  afterAll(async () => {
    await reader?.close();
    await writer?.close();
    await readerDatabase?.close();
  });

  beforeEach(async () => {
    await db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) }));
    tokens = await staffTokens(writer, db, ["admin", "sales"]);
  });

  /** Schedules the Explorer's June departure on the writer: answers its draft and id. */
  const scheduleJune = async () => {
    const draft = {
      yachtId: await idNamed("yachts", "Galápagos Explorer"),
      cruiseItineraryId: await idNamed("cruise_itineraries", "Norte 4 días"),
      startDate: "2030-06-06",
      guideIds: [await idNamed("guides", "Juan")],
    };
    const created = await call(writer, "POST", "/cruises/createCruise", draft, "admin");
    expect(created.status, created.text).toBe(200);
    const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
    return { draft, id: june?.id ?? 0 };
  };

  it("answers a hold made on the other server in the very next availability, every time", async () => {
    const male = await idNamed("genders", "Hombre adulto");
    const retailer = await idNamed("agencies", "Cuenca Travel");
    const june = await scheduleJune();
    const cabins = dataOf(await call(reader, "GET", `/cruises/${june.id}/cabins`)) as ReadonlyArray<{ id: number; capacity: number }>;
    const freeOnReader = async () => {
      const answer = await call(reader, "GET", "/availability?from=2030-06-01&to=2030-06-30");
      expect(answer.status, answer.text).toBe(200);
      return (dataOf(answer) as ReadonlyArray<Departure>).find((departure) => departure.cruiseId === june.id)?.free;
    };
    let free = cabins.reduce((total, cabin) => total + cabin.capacity, 0);
    expect(await freeOnReader()).toBe(free);
    // each hold is answered by the writer, then asked of the reader at once: its kept berths must not answer from before it
    for (const cabin of cabins.slice(0, 4)) {
      const held = await call(writer, "POST", "/reservations/createReservation", {
        cruiseId: june.id,
        agencyId: retailer,
        type: "general",
        cabins: [{ cabinId: cabin.id, spaces: [{ genderId: male }] }],
      });
      expect(held.status, held.text).toBe(200);
      free -= 1;
      expect(await freeOnReader()).toBe(free);
    }
  });

  it("answers a lead, a departure's change and a closed session from the other server at once", async () => {
    const total = async () => {
      const answer = await call(reader, "GET", "/leads?page=1&pageSize=20");
      expect(answer.status, answer.text).toBe(200);
      return (answer.body as { meta: { total: number } }).meta.total;
    };
    const before = await total();
    expect(await total()).toBe(before);
    const lead = { firstName: "Ana", lastName: "Ruiz", email: "ana@example.com", country: "Ecuador", phone: "+593 99 123 4567", message: "Quisiera información." };
    expect((await request(writer, "POST", "/api/leads/createLead", { body: lead })).status).toBe(200);
    expect(await total()).toBe(before + 1);

    const notesOnReader = async (id: number) => {
      const answer = await call(reader, "GET", "/cruises?from=2030-01-01&pageSize=50");
      expect(answer.status, answer.text).toBe(200);
      return (dataOf(answer) as ReadonlyArray<{ id: number; notes: string }>).find((departure) => departure.id === id)?.notes;
    };
    const june = await scheduleJune();
    expect(await notesOnReader(june.id)).toBe("");
    const { version } = dataOf(await call(writer, "GET", `/cruises/${june.id}`, undefined, "admin")) as { version: number };
    const edited = await call(writer, "PUT", `/cruises/updateCruise/${june.id}`, { ...june.draft, notes: "Cambio de guía", version }, "admin");
    expect(edited.status, edited.text).toBe(200);
    expect(await notesOnReader(june.id)).toBe("Cambio de guía");

    expect((await call(reader, "GET", "/auth/session")).status).toBe(200);
    expect((await request(writer, "POST", "/api/auth/logout", { token: tokens.get("sales") ?? "", body: {} })).status).toBe(200);
    expect((await call(reader, "GET", "/auth/session")).status).toBe(498);
  });
});
