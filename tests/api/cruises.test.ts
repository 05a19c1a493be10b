import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, dataOf, request, snapshot, staffTokens, startServer, type TestServer, versionIn, idOfNamed } from "./support.ts";

/**
 * Issue 17, item 1: departures scheduled one by one or a period's at once from an itinerary,
 * changed and canceled, each through the cruise machine; never two of one yacht at sea together.
 */
const db = testDatabase();
/** The demo's fleet and rates, loaded again before each test (its rows put back after the first). */
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2027, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids: Record<string, number> = {};

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

beforeAll(async () => {
  server = await startServer(db);
  // the departures here sail in 2027, the year the selling demo is seeded in: the clock is before them
  server.clock.advance(Date.UTC(2027, 0, 10) - server.clock.now().getTime());
});

beforeEach(async () => {
  await seedSelling();
  ids.explorer = await idNamed("yachts", "Galápagos Explorer");
  ids.seaLion = await idNamed("yachts", "Sea Lion");
  ids.north = await idNamed("cruise_itineraries", "Norte 4 días");
  ids.south = await idNamed("cruise_itineraries", "Sur 5 días");
  ids.eight = await idNamed("cruise_itineraries", "Norte y Sur 8 días");
  const [guide] = await db.query<{ id: number }>("select id from guides where status <> 'deleted' order by id limit 1");
  ids.guide = guide?.id ?? 0;
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
});

afterAll(async () => {
  await server?.close();
});

const call = (method: string, path: string, body?: unknown, role: RoleName = "admin") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });
const refusal = (answer: Answer) => [answer.status, dataOf(answer)];

interface CruiseAnswer {
  readonly id: number;
  readonly code: string;
  readonly yachtId: number;
  readonly yachtName: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly state: string;
  readonly cancelReason: string | null;
  readonly guideIds: ReadonlyArray<number>;
  readonly availability: { readonly capacity: number; readonly free: number; readonly status: string };
}

const cruises = async (query = ""): Promise<ReadonlyArray<CruiseAnswer>> => {
  const answer = await call("GET", `/cruises${query}`);
  expect(answer.status).toBe(200);
  return dataOf(answer) as ReadonlyArray<CruiseAnswer>;
};

/** A Thursday departure of the Explorer's four-day North cruise. */
const draft = (overrides: Record<string, unknown> = {}) => ({
  yachtId: ids.explorer,
  cruiseItineraryId: ids.north,
  startDate: "2027-03-04",
  guideIds: [ids.guide],
  languageIds: [],
  captainId: null,
  hotelierId: null,
  notes: "Salida de prueba",
  ...overrides,
});

describe("scheduling a departure", () => {
  it("gives it the yacht's initials and start day as code, its end after the itinerary's nights, and the yacht's berths as availability", async () => {
    expect(refusal(await call("POST", "/cruises/createCruise", draft()))).toEqual([200, messages.created]);
    const [cruise] = await cruises();
    expect(cruise).toMatchObject({ code: "GEX-20270304", startDate: "2027-03-04", endDate: "2027-03-07", state: "scheduled", guideIds: [ids.guide] });
    const [capacity] = await db.query<{ capacity: number }>(
      `select sum((b.details->>'capacity')::int)::int as capacity from cabins c
         cross join lateral jsonb_array_elements_text(c.details->'berths') as berth(id) join berths b on b.id = berth.id::int
        where (c.details->>'yacht')::int = $1 and c.active`,
      [ids.explorer],
    );
    expect(capacity?.capacity).toBeGreaterThan(0);
    expect(cruise?.availability).toEqual({ capacity: capacity?.capacity, held: 0, confirmed: 0, waiting: 0, free: capacity?.capacity, status: "available" });
  });

  it("refuses a missing field, a day that is not one, another yacht's itinerary and an overlap, writing nothing", async () => {
    await call("POST", "/cruises/createCruise", draft());
    const before = await snapshot(db);
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ startDate: null })))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ yachtId: null })))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ startDate: "2027-02-30" })))).toEqual([400, messages.invalidInput]);
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ guideIds: [999_999] })))).toEqual([400, messages.invalidInput]);
    // issue 34, item 8: a departure typed in has a guide, and sails on a day to come
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ guideIds: [] })))).toEqual([400, messages.selectGuide]);
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ startDate: "2027-01-07" })))).toEqual([409, messages.departureInPast]);
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ cruiseItineraryId: ids.eight })))).toEqual([400, messages.invalidInput]);
    // the South cruise leaves on Sunday the 7th, the day the North one ends: allowed; on the 6th it overlaps
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ cruiseItineraryId: ids.south, startDate: "2027-03-06" })))).toEqual([
      409,
      messages.departureOverlaps,
    ]);
    expect(await snapshot(db)).toEqual(before);
    expect(refusal(await call("POST", "/cruises/createCruise", draft({ cruiseItineraryId: ids.south, startDate: "2027-03-07" })))).toEqual([
      200,
      messages.created,
    ]);
  });

  it("is for admins; marketing and sales read; agencies neither", async () => {
    for (const role of ["marketing", "sales", "agency"] as const) {
      expect((await call("POST", "/cruises/createCruise", draft(), role)).status).toBe(403);
    }
    await call("POST", "/cruises/createCruise", draft());
    for (const role of ["marketing", "sales"] as const) expect((await call("GET", "/cruises", undefined, role)).status).toBe(200);
    expect((await call("GET", "/cruises", undefined, "agency")).status).toBe(403);
  });
});

describe("generating a period's departures", () => {
  it("schedules one on every start weekday of the period, leaving out days the yacht sails, and answers the codes", async () => {
    await call("POST", "/cruises/createCruise", draft({ startDate: "2027-03-11" }));
    const answer = await call("POST", "/cruises/generateCruises", { cruiseItineraryId: ids.north, from: "2027-03-01", to: "2027-03-31" });
    // Thursdays of March 2027: 4, 11 (taken), 18, 25
    expect(refusal(answer)).toEqual([200, ["GEX-20270304", "GEX-20270318", "GEX-20270325"]]);
    // the South cruise fills the Sundays between them
    const south = await call("POST", "/cruises/generateCruises", { cruiseItineraryId: ids.south, from: "2027-03-01", to: "2027-03-31" });
    expect(dataOf(south)).toEqual(["GEX-20270307", "GEX-20270314", "GEX-20270321", "GEX-20270328"]);
    expect((await cruises(`?yachtId=${ids.explorer}`)).map(({ code }) => code)).toEqual([
      "GEX-20270304",
      "GEX-20270307",
      "GEX-20270311",
      "GEX-20270314",
      "GEX-20270318",
      "GEX-20270321",
      "GEX-20270325",
      "GEX-20270328",
    ]);
  });

  it("refuses blank fields, a period that ends before it starts or spans over two years", async () => {
    const before = await snapshot(db);
    const generate = (body: Record<string, unknown>) => call("POST", "/cruises/generateCruises", body);
    expect(refusal(await generate({ cruiseItineraryId: null, from: "2027-03-01", to: "2027-03-31" }))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await generate({ cruiseItineraryId: ids.north, from: "2027-03-31", to: "2027-03-01" }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await generate({ cruiseItineraryId: ids.north, from: "2027-01-01", to: "2029-06-01" }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await generate({ cruiseItineraryId: 999_999, from: "2027-03-01", to: "2027-03-31" }))).toEqual([400, messages.invalidInput]);
    expect(await snapshot(db)).toEqual(before);
  });
});

describe("a departure's list, change and cancellation", () => {
  it("lists by start day within a period and a yacht, a page at a time with the total", async () => {
    await call("POST", "/cruises/generateCruises", { cruiseItineraryId: ids.north, from: "2027-03-01", to: "2027-04-30" });
    await call("POST", "/cruises/generateCruises", { cruiseItineraryId: ids.eight, from: "2027-03-01", to: "2027-04-30" });
    const april = await call("GET", `/cruises?from=2027-04-01&to=2027-04-30&yachtId=${ids.seaLion}&pageSize=2&page=2`);
    expect(april.body).toMatchObject({ meta: { total: 5, page: 2, pageSize: 2 } });
    expect((dataOf(april) as ReadonlyArray<CruiseAnswer>).map(({ startDate }) => startDate)).toEqual(["2027-04-15", "2027-04-22"]);
    expect((await call("GET", "/cruises?from=2027-02-30")).status).toBe(400);
  });

  it("reads a page in a column's order, searched by words and narrowed to a state", async () => {
    await call("POST", "/cruises/generateCruises", { cruiseItineraryId: ids.north, from: "2027-03-01", to: "2027-03-31" });
    await call("POST", "/cruises/generateCruises", { cruiseItineraryId: ids.eight, from: "2027-03-01", to: "2027-03-31" });
    const all = await cruises("?from=2027-03-01&to=2027-03-31");
    const codes = all.map(({ code }) => code);
    expect((await cruises("?from=2027-03-01&to=2027-03-31&sort=code&order=desc")).map(({ code }) => code)).toEqual([...codes].sort().reverse());
    const byYacht = (await cruises("?from=2027-03-01&to=2027-03-31&sort=yacht")).map(({ yachtName }) => yachtName);
    expect(byYacht).toEqual([...byYacht].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(new Set(byYacht).size).toBe(2);
    // every word: the yacht's name and a code's day
    const [first] = all.filter(({ yachtId }) => yachtId === ids.seaLion);
    const words = `lion ${first?.code.slice(-8)}`;
    expect((await cruises(`?q=${encodeURIComponent(words)}`)).map(({ id }) => id)).toEqual([first?.id]);
    expect(refusal(await call("PUT", `/cruises/cancelCruise/${first?.id}`, { reason: "engine" }))).toEqual([200, messages.updated]);
    expect((await cruises("?state=canceled")).map(({ id }) => id)).toEqual([first?.id]);
    expect((await cruises("?from=2027-03-01&to=2027-03-31&state=scheduled")).length).toBe(all.length - 1);
    // the canceled one sells nothing, yet keeps its berths free: free berths order as the availability counts them
    const byFree = await cruises("?from=2027-03-01&to=2027-03-31&sort=free&order=desc");
    expect(byFree.map(({ availability }) => availability.free)).toEqual([...byFree.map(({ availability }) => availability.free)].sort((a, b) => b - a));
    expect((await call("GET", "/cruises?sort=berths")).status).toBe(400);
    expect((await call("GET", "/cruises?sort=code&order=up")).status).toBe(400);
  });

  it("changes a departure's day and code with the version it was loaded at, and refuses a stale edit", async () => {
    await call("POST", "/cruises/createCruise", draft());
    const [cruise] = await cruises();
    const loaded = await call("GET", `/cruises/${cruise?.id}`);
    const version = versionIn(loaded);
    const edit = (startDate: string, at: number) => call("PUT", `/cruises/updateCruise/${cruise?.id}`, { ...draft({ startDate }), version: at });
    expect(refusal(await edit("2027-03-11", version))).toEqual([200, messages.updated]);
    expect(refusal(await edit("2027-03-18", version))).toEqual([409, messages.stale]);
    expect(dataOf(await call("GET", `/cruises/${cruise?.id}`))).toMatchObject({ code: "GEX-20270311", endDate: "2027-03-14" });
  });

  it("cancels for a reason, for good; the day can be scheduled again under a new code", async () => {
    await call("POST", "/cruises/createCruise", draft());
    const [cruise] = await cruises();
    const cancel = (reason: string) => call("PUT", `/cruises/cancelCruise/${cruise?.id}`, { reason });
    expect(refusal(await cancel("  "))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await cancel("x".repeat(301)))).toEqual([400, messages.invalidInput]);
    expect(refusal(await cancel("Mantenimiento del yate"))).toEqual([200, messages.updated]);
    expect(refusal(await cancel("Otra vez"))).toEqual([409, messages.notAllowedNow]);
    const version = versionIn(await call("GET", `/cruises/${cruise?.id}`));
    expect(refusal(await call("PUT", `/cruises/updateCruise/${cruise?.id}`, { ...draft(), version }))).toEqual([409, messages.notAllowedNow]);
    expect(refusal(await call("POST", "/cruises/createCruise", draft()))).toEqual([200, messages.created]);
    expect((await cruises()).map(({ code, state, cancelReason }) => [code, state, cancelReason])).toEqual([
      ["GEX-20270304", "canceled", "Mantenimiento del yate"],
      ["GEX-20270304-2", "scheduled", null],
    ]);
  });

  it("answers 404 for a departure that does not exist", async () => {
    expect(refusal(await call("GET", "/cruises/999999"))).toEqual([404, messages.notFound]);
    expect(refusal(await call("PUT", "/cruises/cancelCruise/999999", { reason: "x" }))).toEqual([404, messages.notFound]);
  });
});
