import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import type { Quote } from "../../src/api/quote.ts";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, createStaff, dataOf, request, sessionFor, snapshot, staffTokens, startServer, type TestServer, idOfNamed } from "./support.ts";

/**
 * Issue 16, item 3: `POST /rates/quote` prices a draft over the demo's fleet and rates, line by
 * line, by the precedence of DOMAIN.md section 6, and writes nothing.
 */
const db = testDatabase();
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
/** The demo's ids by name. */
const ids: Record<string, number> = {};

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const YEAR = 2027;
/** The demo's fleet and rates, loaded again before each test (its rows put back after the first). */
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(YEAR, 0, 10)) })));

beforeAll(async () => {
  server = await startServer(db);
  // the quoted departures sail in YEAR, whose rates the selling demo holds: the clock is before them
  server.clock.advance(Date.UTC(YEAR, 0, 10) - server.clock.now().getTime());
});

beforeEach(async () => {
  await seedSelling();
  ids.explorer = await idNamed("yachts", "Galápagos Explorer");
  ids.darwin = await idNamed("yachts", "Darwin Star");
  ids.ikarus = await idNamed("agencies", "Ikarus Tours");
  ids.retailer = await idNamed("agencies", "Cuenca Travel");
  ids.adult = await idNamed("genders", "Hombre adulto");
  ids.child = await idNamed("genders", "Niño");
  ids.flight = await idNamed("flights", "AV1630");
  const [double] = await db.query<{ id: number }>(
    "select id from cabins where (details->>'yacht')::int = $1 and details->>'category' = 'double' and not (details->>'familyRoom')::boolean order by id limit 1",
    [ids.explorer],
  );
  ids.double = double?.id ?? 0;
  const [darwinCabin] = await db.query<{ id: number }>("select id from cabins where (details->>'yacht')::int = $1 order by id limit 1", [ids.darwin]);
  ids.darwinCabin = darwinCabin?.id ?? 0;
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
});

afterAll(async () => {
  await server?.close();
});

const quote = (body: Record<string, unknown>, role: RoleName = "sales") =>
  request(server, "POST", "/api/rates/quote", { token: tokens.get(role) ?? "", body });
const refusal = (answer: Answer) => [answer.status, dataOf(answer)];

/** A March departure (high season in the demo) of the Explorer's four-day cruise. */
const draft = () => ({
  yachtId: ids.explorer,
  days: 4,
  startDate: `${YEAR}-03-08`,
  agencyId: ids.retailer,
  cabins: [{ cabinId: ids.double, spaces: [{ genderId: ids.adult }, { genderId: ids.child }] }],
  flights: [{ flightId: ids.flight, adults: 1, children: 1 }],
});

interface QuoteAnswer {
  readonly lines: ReadonlyArray<Record<string, unknown> & { readonly total: number; readonly rate: { readonly kind: string; readonly name: string } }>;
  readonly total: number;
  readonly commission: number;
  readonly net: number;
}

/** A line's discounts as the rules take them (the amounts each takes off are checked on their own). */
const percents = (discounts: unknown) =>
  (discounts as ReadonlyArray<{ readonly kind: string; readonly percent: number }>).map(({ kind, percent }) => ({ kind, percent }));

describe("the quote", () => {
  it("prices a retailer's spaces by the general rate, a child's with its discount, and the flight leg's fares", async () => {
    const before = await snapshot(db);
    const answer = await quote(draft());
    expect(answer.status).toBe(200);
    const priced = dataOf(answer) as QuoteAnswer;
    expect(priced.lines.map((line) => [line.kind, line.rate.kind, line.season, percents(line.discounts)])).toEqual([
      ["space", "general", "high", []],
      ["space", "general", "high", [{ kind: "child", percent: 25 }]],
      ["flight", "airTicket", null, []],
      ["flight", "airTicket", null, []],
    ]);
    const [adult, child] = priced.lines;
    expect(child?.total).toBe(Math.round((adult?.total ?? 0) * 75) / 100);
    expect(priced.total).toBeCloseTo(priced.lines.reduce((sum, line) => sum + line.total, 0), 2);
    // Cuenca Travel's commission is 12 %; air tickets earn none
    expect(priced.commission).toBeCloseTo(((adult?.total ?? 0) + (child?.total ?? 0)) * 0.12, 1);
    expect(priced.net).toBeCloseTo(priced.total - priced.commission, 2);
    expect(await snapshot(db)).toEqual(before);
  });

  it("prices a wholesaler's spaces by its contract rate first, and its Ikarus rate for a group in range", async () => {
    const contract = dataOf(await quote({ ...draft(), agencyId: ids.ikarus })) as QuoteAnswer;
    expect(contract.lines[0]?.rate.kind).toBe("contract");
    const group = {
      ...draft(),
      yachtId: ids.darwin,
      days: 8,
      agencyId: ids.ikarus,
      cabins: [{ cabinId: ids.darwinCabin, spaces: [{ genderId: ids.adult, tourLeader: true }, { genderId: ids.adult }] }],
      flights: [],
    };
    // two passengers: below the active Ikarus rate's range (10-20), so the general rate prices them
    expect((dataOf(await quote(group)) as QuoteAnswer).lines.map((line) => line.rate.kind)).toEqual(["general", "general"]);
    await db.query("update ikarus_rates set details = details || '{\"passengersFrom\": 1}'::jsonb where status = 'active'");
    const ikarus = dataOf(await quote(group)) as QuoteAnswer;
    expect(ikarus.lines.map((line) => [line.rate.kind, percents(line.discounts)])).toEqual([
      ["ikarus", [{ kind: "tourLeader", percent: 50 }]],
      ["ikarus", []],
    ]);
    // the Ikarus rate's own commission (12 %), not the agency's (30 %)
    expect(ikarus.commission).toBeCloseTo(ikarus.total * 0.12, 1);
  });

  it("itemizes each line in cents: the rack price, each discount's amount, the total and the commission, and sums them", async () => {
    const andean = await idNamed("agencies", "Andean Travel Company");
    const priced = dataOf(await quote({ ...draft(), agencyId: andean })) as Quote;
    const [adult, child] = priced.lines;
    // a wholesaler's general rate: the rack price shown whole, its 10 % on its own line
    expect(adult?.listCents).toBe(Math.round((adult?.unitPrice ?? 0) * 100));
    expect(adult?.discounts).toEqual([{ kind: "wholesaler", percent: 10, amountCents: Math.round((adult?.listCents ?? 0) / 10) }]);
    expect(adult?.totalCents).toBe(Math.round((adult?.total ?? 0) * 100));
    expect(child?.discounts.map(({ kind }) => kind)).toEqual(["child", "wholesaler"]);
    for (const line of priced.lines) {
      expect(line.listCents - line.discounts.reduce((sum, { amountCents }) => sum + amountCents, 0)).toBe(line.totalCents);
    }
    expect(priced.subtotalCents).toBe(priced.lines.reduce((sum, line) => sum + line.listCents, 0));
    expect(priced.totalCents).toBe(Math.round(priced.total * 100));
    expect(priced.commissionCents).toBe(Math.round(priced.commission * 100));
    expect(priced.commissionCents).toBe(priced.lines.reduce((sum, line) => sum + line.commissionCents, 0));
    expect(priced.netCents).toBe(priced.totalCents - priced.commissionCents);
  });

  it("prices a direct client's draft (no agency): no wholesaler discount, no commission, the net is the total", async () => {
    const priced = dataOf(await quote({ ...draft(), agencyId: null })) as Quote;
    expect(priced.lines.map((line) => [line.rate.kind, line.discounts.length, line.commissionPercent])).toEqual([
      ["general", 0, 0],
      ["general", 1, 0],
      ["airTicket", 0, 0],
      ["airTicket", 0, 0],
    ]);
    expect([priced.commissionCents, priced.netCents]).toEqual([0, priced.totalCents]);
  });

  it("answers 'rate not defined' and 'flight rate not defined' when a line has no rate, and refuses what is malformed", async () => {
    const before = await snapshot(db);
    expect(refusal(await quote({ ...draft(), startDate: "2031-03-08" }))).toEqual([409, messages.rateNotDefined]);
    expect(refusal(await quote({ ...draft(), days: 6 }))).toEqual([409, messages.rateNotDefined]);
    await db.query("update air_ticket_rates set status = 'deleted' where name = $1", [`AV1630 ${YEAR}`]);
    expect(refusal(await quote(draft()))).toEqual([409, messages.flightRateNotDefined]);
    expect(refusal(await quote({ ...draft(), cabins: [] }))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await quote({ ...draft(), startDate: `${YEAR}-02-30` }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await quote({ ...draft(), cabins: [{ cabinId: ids.darwinCabin, spaces: [{ genderId: ids.adult }] }] }))).toEqual([
      400,
      messages.invalidInput,
    ]);
    expect(refusal(await quote({ ...draft(), agencyId: 9_999 }))).toEqual([400, messages.invalidInput]);
    const crowded = { cabinId: ids.double, spaces: Array.from({ length: 5 }, () => ({ genderId: ids.adult })) };
    expect(refusal(await quote({ ...draft(), cabins: [crowded] }))).toEqual([400, messages.invalidInput]);
    await db.query("update air_ticket_rates set status = 'active' where name = $1", [`AV1630 ${YEAR}`]);
    expect((await snapshot(db)).events).toEqual(before.events);
  });

  it("prices a scheduled departure named by its id as its yacht, length and day, and refuses a draft without either", async () => {
    const [north] = await db.query<{ id: number }>("select id from cruise_itineraries where name = 'Norte 4 días'");
    const scheduled = await request(server, "POST", "/api/cruises/createCruise", {
      token: tokens.get("admin") ?? "",
      body: { yachtId: ids.explorer, cruiseItineraryId: north?.id, startDate: `${YEAR}-03-04`, guideIds: [await idNamed("guides", "Juan")] },
    });
    expect(scheduled.status).toBe(200);
    const [cruise] = await db.query<{ id: number }>("select id from cruises where start_date = $1::date", [`${YEAR}-03-04`]);
    const { yachtId: _yacht, days: _days, startDate: _day, ...rest } = draft();
    const byDeparture = await quote({ ...rest, cruiseId: cruise?.id });
    expect(byDeparture.status).toBe(200);
    expect(dataOf(byDeparture)).toEqual(dataOf(await quote({ ...draft(), startDate: `${YEAR}-03-04` })));
    expect(refusal(await quote(rest))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await quote({ ...rest, cruiseId: 999_999 }))).toEqual([400, messages.invalidInput]);
  });

  it("answers admins, sales and agency users, not marketing", async () => {
    expect((await quote(draft(), "admin")).status).toBe(200);
    expect(refusal(await quote(draft(), "marketing"))).toEqual([403, messages.forbidden]);
  });

  it("prices an agency user's draft for its own agency: the rack price, each discount, its commission and what it pays", async () => {
    const ikarusUser = await createStaff(db, { email: "reservas@ikarus.example.com", password: null, role: "agency", agencyId: ids.ikarus });
    const token = await sessionFor(server, db, ikarusUser);
    const own = { ...draft(), agencyId: ids.ikarus };
    const answer = await request(server, "POST", "/api/rates/quote", { token, body: own });
    expect(answer.status, answer.text).toBe(200);
    const priced = dataOf(answer) as Quote;
    // the same quote staff get for that agency
    expect(priced).toEqual(dataOf(await quote(own)));
    const [adult] = priced.lines;
    expect(adult?.rate.kind).toBe("contract");
    expect(priced.subtotalCents - priced.lines.flatMap((line) => line.discounts).reduce((sum, discount) => sum + discount.amountCents, 0)).toBe(priced.totalCents);
    expect(priced.commissionCents).toBeGreaterThan(0);
    expect(priced.netCents).toBe(priced.totalCents - priced.commissionCents);
  });

  it("refuses an agency user's draft for another agency, a direct client or no agency at all alike, as its hold is refused", async () => {
    const ikarusUser = await createStaff(db, { email: "ventas@ikarus.example.com", password: null, role: "agency", agencyId: ids.ikarus });
    const token = await sessionFor(server, db, ikarusUser);
    const before = await snapshot(db);
    const asIkarus = (agencyId: number | null) => request(server, "POST", "/api/rates/quote", { token, body: { ...draft(), agencyId } });
    const held = await request(server, "POST", "/api/reservations/createReservation", {
      token,
      body: { cruiseId: 999_999, agencyId: ids.retailer, type: "general", cabins: [{ cabinId: ids.double, spaces: [{ genderId: ids.adult }] }] },
    });
    expect(refusal(held)).toEqual([403, messages.forbidden]);
    for (const agencyId of [ids.retailer ?? 0, null, 9_999]) expect(refusal(await asIkarus(agencyId))).toEqual(refusal(held));
    expect(await snapshot(db)).toEqual(before);
  });
});
