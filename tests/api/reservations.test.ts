import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { runDueWork } from "../../server/reservations/worker.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { outboxMailer } from "../../server/mail/mailer.ts";
import { createLogger } from "../../server/log.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import type { CruiseCabin } from "../../src/api/reservations.ts";
import { EXPIRY_REASON } from "../../src/machines/domain/space.machine.ts";
import { defaultHoldPolicy } from "../../src/machines/domain/timeLimit.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { encodePng } from "../../server/demo/png.ts";
import { defaultMoneyPolicy } from "../../src/api/money.ts";
import { type Answer, dataOf, type HeardChange, HOUR, openLiveStream, payDeposit, request, sessionFor, snapshot, staffTokens, startServer, type TestServer, idOfNamed } from "./support.ts";

/**
 * Issue 17, item 3: reservations held with a time limit, confirmed, extended, canceled, expired by
 * the server and promoted from the waiting list; every rule of DOMAIN.md section 5 a guard of the
 * reservation machine, answered with its message, writing nothing.
 */
const db = testDatabase();
/** The demo's fleet and rates, loaded again before each test (its rows put back after the first). */
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
/** The demo's ids this file uses, set before each test. */
const ids = { explorer: 0, north: 0, retailer: 0, male: 0, female: 0, child: 0, ownAgency: 0, june: 0, cabin1: 0, family: 0, cabin3: 0, cabin4: 0 };
/** The June departure's berths. */
let capacity = 0;
const DAY = 24 * HOUR;

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

beforeAll(async () => {
  server = await startServer(db);
});

interface CabinAnswer {
  readonly id: number;
  readonly name: string;
  readonly capacity: number;
  readonly familyRoom: boolean;
  readonly berths: ReadonlyArray<{ readonly state: string; readonly reservationCode: string | null } | null>;
}

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });
const refusal = (answer: Answer) => [answer.status, dataOf(answer)];

/** Schedules a departure of an itinerary through the API and answers its id. */
const schedule = async (itinerary: number, yacht: number, startDate: string): Promise<number> => {
  const answer = await call("POST", "/cruises/createCruise", { yachtId: yacht, cruiseItineraryId: itinerary, startDate, guideIds: [await idNamed("guides", "Juan")] }, "admin");
  expect(refusal(answer)).toEqual([200, messages.created]);
  const [row] = await db.query<{ id: number }>("select id from cruises where start_date = $1::date and yacht_id = $2", [startDate, yacht]);
  return row?.id ?? 0;
};

/** Sessions last 12 hours: after the clock moves a day, each role signs in again. */
const signInAgain = async (): Promise<void> => {
  const fresh = new Map<RoleName, string>();
  for (const role of tokens.keys()) {
    const [user] = await db.query<{ id: number }>("select id from users where email = $1", [`${role}@example.com`]);
    fresh.set(role, await sessionFor(server, db, user?.id ?? 0));
  }
  tokens = fresh;
};

const cabinsOf = async (cruise: number): Promise<ReadonlyArray<CabinAnswer>> => dataOf(await call("GET", `/cruises/${cruise}/cabins`)) as ReadonlyArray<CabinAnswer>;

beforeEach(async () => {
  server.clock.advance(0);
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  ids.explorer = await idNamed("yachts", "Galápagos Explorer");
  ids.north = await idNamed("cruise_itineraries", "Norte 4 días");
  ids.retailer = await idNamed("agencies", "Cuenca Travel");
  ids.male = await idNamed("genders", "Hombre adulto");
  ids.female = await idNamed("genders", "Mujer adulta");
  ids.child = await idNamed("genders", "Niño");
  const [agencyUser] = await db.query<{ agency_id: number }>("select agency_id from users where email = 'agency@example.com'");
  ids.ownAgency = agencyUser?.agency_id ?? 0;
  // a June departure, more than 45 days after the test clock's 1 March 2030
  ids.june = await schedule(ids.north, ids.explorer, "2030-06-06");
  const cabins = await cabinsOf(ids.june);
  const named = (name: string) => cabins.find((cabin) => cabin.name === name)?.id ?? 0;
  ids.cabin1 = named("1");
  ids.family = named("2");
  ids.cabin3 = named("3");
  ids.cabin4 = named("4");
  capacity = cabins.reduce((total, cabin) => total + cabin.capacity, 0);
});

afterAll(async () => {
  await server?.close();
});

const draft = (overrides: Record<string, unknown> = {}) => ({
  cruiseId: ids.june,
  agencyId: ids.retailer,
  type: "general",
  cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.male }, { genderId: ids.male }] }],
  ...overrides,
});

interface Summary {
  readonly id: number;
  readonly code: string;
  readonly state: string;
  readonly timeLimit: string | null;
  readonly spaces: number;
  readonly price: { readonly total: number; readonly commission: number; readonly net: number };
}

const hold = async (overrides: Record<string, unknown> = {}, role: RoleName = "sales"): Promise<Summary> => {
  const answer = await call("POST", "/reservations/createReservation", draft(overrides), role);
  expect(answer.status, answer.text).toBe(200);
  return dataOf(answer) as Summary;
};

const availability = async (cruise = ids.june) =>
  (dataOf(await call("GET", `/cruises/${cruise}`)) as { availability: Record<string, unknown> }).availability;

describe("holding berths", () => {
  it("holds with the policy's time limit, prices the spaces and counts them in the departure's berths", async () => {
    const held = await hold();
    expect(held).toMatchObject({ state: "reserved", spaces: 2, timeLimit: new Date(server.clock.now().getTime() + 7 * DAY).toISOString() });
    expect(held.price.total).toBeGreaterThan(0);
    expect(held.price.net).toBeCloseTo(held.price.total - held.price.commission, 2);
    expect(await availability()).toMatchObject({ capacity, held: 2, confirmed: 0, free: capacity - 2, status: "available" });
    const cabin = (await cabinsOf(ids.june)).find((candidate) => candidate.id === ids.cabin3);
    expect(cabin?.berths.map((berth) => berth?.state ?? null)).toEqual(["reserved", "reserved"]);
    const detail = dataOf(await call("GET", `/reservations/${held.id}`)) as { bookings: ReadonlyArray<{ cabinId: number; spaces: ReadonlyArray<unknown> }> };
    expect(detail.bookings.map(({ cabinId, spaces }) => [cabinId, spaces.length])).toEqual([[ids.cabin3, 2]]);
  });

  it("refuses a full cabin, a full departure, a shared cabin of another gender, a lone child and a taken family room, writing nothing", async () => {
    await hold({ cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.male }] }] });
    await hold({ cabins: [{ cabinId: ids.family, spaces: [{ genderId: ids.female }] }] });
    const before = await snapshot(db);
    const create = (cabins: unknown) => call("POST", "/reservations/createReservation", draft({ cabins }));
    expect(refusal(await create([{ cabinId: ids.cabin1, spaces: [{ genderId: ids.female }] }]))).toEqual([409, messages.genderNotAllowed]);
    expect(refusal(await create([{ cabinId: ids.cabin3, spaces: [{ genderId: ids.child }] }]))).toEqual([409, messages.genderNotAllowed]);
    expect(refusal(await create([{ cabinId: ids.family, spaces: [{ genderId: ids.female }] }]))).toEqual([409, messages.familyRoomTaken]);
    expect(refusal(await create([{ cabinId: ids.cabin3, spaces: [{ genderId: ids.male }, { genderId: ids.male }, { genderId: ids.male }] }]))).toEqual([
      409,
      messages.cabinNotAvailable,
    ]);
    const everyBerth = (await cabinsOf(ids.june)).map((cabin) => ({ cabinId: cabin.id, spaces: cabin.berths.map(() => ({ genderId: ids.male })) }));
    expect(refusal(await create(everyBerth))).toEqual([409, messages.cruiseFull]);
    expect(refusal(await create([]))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await create([{ cabinId: 999_999, spaces: [{ genderId: ids.male }] }]))).toEqual([400, messages.invalidInput]);
    expect(await snapshot(db)).toEqual(before);
  });

  it("charters the whole yacht only when nobody else holds a berth, and then the departure is full", async () => {
    const charter = { type: "charter", cabins: [] };
    const other = await hold({ cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }] });
    expect(refusal(await call("POST", "/reservations/createReservation", draft(charter)))).toEqual([409, messages.charterBlocked]);
    await call("PUT", `/reservations/cancelReservation/${other.id}`, { reason: "Cambio de planes" });
    const chartered = await hold(charter);
    expect(chartered.spaces).toBe(capacity);
    expect(await availability()).toMatchObject({ free: 0, held: capacity });
    expect(refusal(await call("POST", "/reservations/createReservation", draft(charter)))).toEqual([409, messages.charterExists]);
    expect(refusal(await call("POST", "/reservations/createReservation", draft()))).toEqual([409, messages.cruiseFull]);
  });

  it("refuses a charter of part of the yacht, whatever else is held (issue 34, item 3)", async () => {
    const oneCabin = { type: "charter", cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.male }, { genderId: ids.male }] }] };
    expect(refusal(await call("POST", "/reservations/createReservation", draft(oneCabin)))).toEqual([409, messages.charterNotWhole]);
    expect(await availability()).toMatchObject({ free: capacity, held: 0 });
  });

  it("refuses a departure without rates for its year, and a time limit in the past or beyond the policy", async () => {
    const later = await schedule(ids.north, ids.explorer, "2033-06-02");
    expect(refusal(await call("POST", "/reservations/createReservation", draft({ cruiseId: later })))).toEqual([409, messages.rateNotDefined]);
    const at = (offset: number) => new Date(server.clock.now().getTime() + offset).toISOString();
    expect(refusal(await call("POST", "/reservations/createReservation", draft({ timeLimit: at(-HOUR) })))).toEqual([409, messages.timeLimitNotAllowed]);
    expect(refusal(await call("POST", "/reservations/createReservation", draft({ timeLimit: at(8 * DAY) })))).toEqual([409, messages.timeLimitNotAllowed]);
    expect((await hold({ timeLimit: at(2 * DAY) })).timeLimit).toBe(at(2 * DAY));
  });

  it("refuses a time limit without an offset or on a day that is none, instead of reading it in some zone or moving it (issue 34, item 8)", async () => {
    for (const timeLimit of ["2030-03-03T10:00", "2030-03-03T10:00:00", "2030-02-30T10:00:00Z", "2030-03-03T24:30:00Z", "2030-03-03"]) {
      expect(refusal(await call("POST", "/reservations/createReservation", draft({ timeLimit }))), timeLimit).toEqual([400, messages.invalidInput]);
    }
    expect(await availability()).toMatchObject({ held: 0 });
    expect((await hold({ timeLimit: "2030-03-03T10:00:00-05:00" })).timeLimit).toBe("2030-03-03T15:00:00.000Z");
  });

  it("holds at most the final hours within 45 days of the departure", async () => {
    const soon = await schedule(ids.north, ids.explorer, "2030-03-28");
    const held = await hold({ cruiseId: soon });
    expect(held.timeLimit).toBe(new Date(server.clock.now().getTime() + 48 * HOUR).toISOString());
  });
});

describe("the last berths", () => {
  it("go to exactly as many holds as there are berths when 64 ask at the same instant; the rest hear 'cruise full'", async () => {
    const cabins = await cabinsOf(ids.june);
    const everyOther = cabins.filter((cabin) => cabin.id !== ids.cabin3).map((cabin) => ({ cabinId: cabin.id, spaces: cabin.berths.map(() => ({ genderId: ids.male })) }));
    await hold({ cabins: everyOther });
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => call("POST", "/reservations/createReservation", draft({ cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.male }] }] }))),
    );
    const outcomes = answers.map((answer) => (answer.status === 200 ? "held" : String(dataOf(answer))));
    expect(outcomes.filter((outcome) => outcome === "held")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome !== "held")).toEqual(Array.from({ length: 62 }, () => messages.cruiseFull));
    expect(await availability()).toMatchObject({ free: 0, held: capacity });
  });
});

describe("a held reservation", () => {
  it("is confirmed before its time limit, not after", async () => {
    const first = await hold();
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${first.id}`))).toEqual([200, messages.updated]);
    expect(await availability()).toMatchObject({ held: 0, confirmed: 2 });
    const second = await hold({ cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }], timeLimit: new Date(server.clock.now().getTime() + HOUR).toISOString() });
    server.clock.advance(2 * HOUR);
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${second.id}`))).toEqual([409, messages.timeLimitNotAllowed]);
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${first.id}`))).toEqual([409, messages.notAllowedNow]);
  });

  it("is confirmed only with its deposit received, or by an admin for a direct client with a reason; a refusal writes nothing", async () => {
    const direct = await hold({ agencyId: null });
    const confirm = (body: unknown, role: RoleName = "sales") => call("PUT", `/reservations/confirmReservation/${direct.id}`, body, role);
    const before = await snapshot(db);
    expect(refusal(await confirm({}))).toEqual([409, messages.depositNotReceived]);
    // sales cannot override, whatever the reason; an admin needs one
    expect(refusal(await confirm({ reason: "Cliente habitual" }))).toEqual([409, messages.depositNotReceived]);
    expect(refusal(await confirm({ reason: "   " }, "admin"))).toEqual([409, messages.depositNotReceived]);
    expect(refusal(await confirm({ reason: "x".repeat(301) }, "admin"))).toEqual([400, messages.invalidInput]);
    expect(await snapshot(db)).toEqual(before);
    expect(refusal(await confirm({ reason: "Cliente habitual: paga al embarcar" }, "admin"))).toEqual([200, messages.updated]);
    const [event] = await db.query<{ data: { reason?: string; terms?: { depositPercent: number; confirmedOn: string } } }>(
      "select data from events where stream = 'reservation' and stream_id = $1 and type = 'reservation.confirm'",
      [String(direct.id)],
    );
    expect(event?.data).toMatchObject({ reason: "Cliente habitual: paga al embarcar", terms: { depositPercent: 30, confirmedOn: "2030-03-01" } });
    // with its deposit received, sales confirms a direct client's reservation
    const paid = await hold({ agencyId: null, cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }] });
    await payDeposit(server, tokens.get("sales") ?? "", paid.id);
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${paid.id}`))).toEqual([200, messages.updated]);
  });

  it("is confirmed on its agency's credit while the open balance and the deposit stay within it, else 'agency credit exceeded'", async () => {
    // Cuenca Travel's credit is US$ 3,000: every other cabin held for it is an open balance beyond it
    const cabins = await cabinsOf(ids.june);
    const everyOther = cabins.filter((cabin) => cabin.id !== ids.cabin3).map((cabin) => ({ cabinId: cabin.id, spaces: cabin.berths.map(() => ({ genderId: ids.male })) }));
    const first = await hold();
    const big = await hold({ cabins: everyOther });
    expect(big.price.net).toBeGreaterThan(3_000);
    const before = await snapshot(db);
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${first.id}`, { reason: "Cliente de confianza" }, "admin"))).toEqual([409, messages.agencyCreditExceeded]);
    expect(await snapshot(db)).toEqual(before);
    await payDeposit(server, tokens.get("sales") ?? "", first.id);
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${first.id}`))).toEqual([200, messages.updated]);
    // an agency given no credit confirms with its deposit, as a direct client does
    const patagonia = await idNamed("agencies", "Patagonia & Galápagos");
    await call("PUT", `/reservations/cancelReservation/${big.id}`, { reason: "Cambio de planes" });
    const none = await hold({ agencyId: patagonia, cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }] });
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${none.id}`))).toEqual([409, messages.depositNotReceived]);
  });

  it("counts a canceled reservation's kept penalty still owed in the agency's open balance (decision 076)", async () => {
    const account = async (id: number) => dataOf(await call("GET", `/reservations/${id}/account`)) as { balanceCents: number; depositDueCents: number };
    const sold = await hold();
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${sold.id}`))).toEqual([200, messages.updated]);
    // canceled 97 days before its departure: the deposit due is kept, and owed, for nothing was paid
    expect(refusal(await call("PUT", `/reservations/cancelReservation/${sold.id}`, { reason: "Cambio de planes" }))).toEqual([200, messages.updated]);
    const owed = (await account(sold.id)).balanceCents;
    expect(owed).toBeGreaterThan(0);
    const next = await hold({ cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }] });
    const deposit = (await account(next.id)).depositDueCents;
    const creditOf = (cents: number) => db.query("update agencies set details = jsonb_set(details, '{creditCents}', to_jsonb($1::bigint)) where id = $2", [cents, ids.retailer]);
    await creditOf(owed + deposit - 1);
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${next.id}`))).toEqual([409, messages.agencyCreditExceeded]);
    await creditOf(owed + deposit);
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${next.id}`))).toEqual([200, messages.updated]);
  });

  it("keeps the terms it was confirmed on when the policy changes", async () => {
    const confirmed = await hold();
    expect(refusal(await call("PUT", `/reservations/confirmReservation/${confirmed.id}`))).toEqual([200, messages.updated]);
    const held = await hold({ cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }] });
    expect(refusal(await call("PUT", "/policies/updateMoneyPolicy", { ...defaultMoneyPolicy, depositPercent: 50, version: 0 }, "admin"))).toEqual([200, messages.updated]);
    const account = async (id: number) => dataOf(await call("GET", `/reservations/${id}/account`)) as { dueCents: number; depositDueCents: number; depositDueDate: string | null };
    const sold = await account(confirmed.id);
    expect(sold).toMatchObject({ depositDueCents: Math.floor((sold.dueCents * 30 + 50) / 100), depositDueDate: "2030-03-01" });
    const waiting = await account(held.id);
    expect(waiting).toMatchObject({ depositDueCents: Math.floor((waiting.dueCents * 50 + 50) / 100), depositDueDate: null });
  });

  it("is extended later within the policy; an agency at most twice", async () => {
    const mine = await hold({ agencyId: ids.ownAgency, timeLimit: new Date(server.clock.now().getTime() + DAY).toISOString() }, "agency");
    const extend = (hours: number, role: RoleName = "agency") =>
      call("PUT", `/reservations/extendTimeLimit/${mine.id}`, { timeLimit: new Date(server.clock.now().getTime() + hours * HOUR).toISOString() }, role);
    expect(refusal(await extend(12))).toEqual([409, messages.timeLimitNotAllowed]);
    expect(refusal(await extend(48))).toEqual([200, messages.updated]);
    expect(refusal(await extend(72))).toEqual([200, messages.updated]);
    expect(refusal(await extend(96))).toEqual([409, messages.timeLimitNotAllowed]);
    expect(refusal(await extend(96, "sales"))).toEqual([200, messages.updated]);
    expect(refusal(await extend(24 * 9, "sales"))).toEqual([409, messages.timeLimitNotAllowed]);
  });

  it("counts only an agency user's extensions, and tells the latest time limit allowed and the extensions left (issue 34, item 5)", async () => {
    const mine = await hold({ agencyId: ids.ownAgency, timeLimit: new Date(server.clock.now().getTime() + DAY).toISOString() }, "agency");
    const extend = (hours: number, role: RoleName) =>
      call("PUT", `/reservations/extendTimeLimit/${mine.id}`, { timeLimit: new Date(server.clock.now().getTime() + hours * HOUR).toISOString() }, role);
    const read = async (role: RoleName) => dataOf(await call("GET", `/reservations/${mine.id}`, undefined, role)) as { latestTimeLimit: string | null; extensionsLeft: number | null };
    expect(await read("agency")).toMatchObject({ latestTimeLimit: new Date(server.clock.now().getTime() + 7 * DAY).toISOString(), extensionsLeft: 2 });
    expect((await read("sales")).extensionsLeft).toBeNull();
    expect(refusal(await extend(48, "agency"))).toEqual([200, messages.updated]);
    expect(refusal(await extend(72, "sales"))).toEqual([200, messages.updated]);
    expect(refusal(await extend(96, "sales"))).toEqual([200, messages.updated]);
    expect((await read("agency")).extensionsLeft).toBe(1);
    expect(refusal(await extend(120, "agency"))).toEqual([200, messages.updated]);
    expect((await read("agency")).extensionsLeft).toBe(0);
    expect(refusal(await extend(144, "agency"))).toEqual([409, messages.timeLimitNotAllowed]);
    const latest = Date.parse((await read("agency")).latestTimeLimit ?? "");
    expect(refusal(await call("PUT", `/reservations/extendTimeLimit/${mine.id}`, { timeLimit: new Date(latest).toISOString() }, "sales"))).toEqual([200, messages.updated]);
    expect(refusal(await call("PUT", `/reservations/extendTimeLimit/${mine.id}`, { timeLimit: new Date(latest + 1).toISOString() }, "sales"))).toEqual([409, messages.timeLimitNotAllowed]);
  });

  it("refuses cancelling the last adult beside the reservation's child, and cancels both with the reservation (issue 34, item 4)", async () => {
    const family = await hold({ cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.male }, { genderId: ids.child }] }] });
    const detail = dataOf(await call("GET", `/reservations/${family.id}`)) as { bookings: ReadonlyArray<{ spaces: ReadonlyArray<{ id: number; genderId: number }> }> };
    const spaces = detail.bookings[0]?.spaces ?? [];
    const adult = spaces.find((space) => space.genderId === ids.male);
    const child = spaces.find((space) => space.genderId === ids.child);
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${adult?.id}`, { reason: "El adulto no viaja" }))).toEqual([409, messages.genderNotAllowed]);
    expect(dataOf(await call("GET", `/reservations/${family.id}`))).toMatchObject({ spaces: 2 });
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${child?.id}`, { reason: "El niño no viaja" }))).toEqual([200, messages.updated]);
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${adult?.id}`, { reason: "El adulto tampoco" }))).toEqual([200, messages.updated]);
  });

  it("takes a family-room type only on family rooms, and a contract or Ikarus type only with such a rate (issue 34, item 7)", async () => {
    expect(refusal(await call("POST", "/reservations/createReservation", draft({ type: "familyRoom" })))).toEqual([409, messages.familyRoomTypeUnfit]);
    expect(refusal(await call("POST", "/reservations/createReservation", draft({ type: "contract" })))).toEqual([409, messages.agencyRateTypeMissing]);
    expect(refusal(await call("POST", "/reservations/createReservation", draft({ type: "ikarus" })))).toEqual([409, messages.agencyRateTypeMissing]);
    expect(await availability()).toMatchObject({ held: 0 });
    const familyRoom = await hold({ type: "familyRoom", cabins: [{ cabinId: ids.family, spaces: [{ genderId: ids.male }, { genderId: ids.female }] }] });
    expect(familyRoom.state).toBe("reserved");
  });

  it("is priced by its live spaces' lines: a canceled space's line is struck and out of the total (issue 34, item 6)", async () => {
    interface Priced {
      readonly price: { readonly total: number; readonly commission: number; readonly net: number };
      readonly lines: ReadonlyArray<{ readonly total: number; readonly commission: number; readonly spaceIds?: ReadonlyArray<number>; readonly canceled?: boolean }>;
      readonly bookings: ReadonlyArray<{ readonly spaces: ReadonlyArray<{ readonly id: number }> }>;
      readonly priceCents: { readonly subtotalCents: number; readonly totalCents: number; readonly commissionCents: number; readonly netCents: number };
    }
    const held = await hold({ cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.male }, { genderId: ids.male }] }, { cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }] });
    const before = dataOf(await call("GET", `/reservations/${held.id}`)) as Priced;
    expect(before.lines.map((line) => line.spaceIds?.length)).toEqual([1, 1, 1]);
    const [first] = before.bookings[0]?.spaces ?? [];
    const firstLine = before.lines.find((line) => line.spaceIds?.[0] === first?.id);
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Un pasajero desistió" }))).toEqual([200, messages.updated]);
    const after = dataOf(await call("GET", `/reservations/${held.id}`)) as Priced;
    const cents = (amount: number) => Math.round(amount * 100);
    const live = after.lines.filter((line) => line.canceled !== true);
    expect(after.lines.filter((line) => line.canceled === true).map((line) => line.spaceIds)).toEqual([[first?.id]]);
    expect(cents(after.price.total)).toBe(cents(before.price.total) - cents(firstLine?.total ?? 0));
    expect(cents(after.price.total)).toBe(live.reduce((total, line) => total + cents(line.total), 0));
    expect(cents(after.price.commission)).toBe(live.reduce((total, line) => total + cents(line.commission), 0));
    expect(cents(after.price.net)).toBe(cents(after.price.total) - cents(after.price.commission));
    // the same sums in whole cents, itemized as the quote is (decision 079): the struck line in none of them
    expect(after.priceCents).toEqual({
      subtotalCents: live.reduce((total, line) => total + (line as unknown as { listCents: number }).listCents, 0),
      totalCents: cents(after.price.total),
      commissionCents: cents(after.price.commission),
      netCents: cents(after.price.net),
    });
    const listed = (dataOf(await call("GET", `/reservations?cruiseId=${ids.june}`)) as ReadonlyArray<{ id: number; price: { total: number } }>).find((row) => row.id === held.id);
    expect(listed?.price.total).toBe(after.price.total);
  });

  it("is canceled for a reason, one space or all, and deleted only without live spaces", async () => {
    const held = await hold();
    const detail = dataOf(await call("GET", `/reservations/${held.id}`)) as { bookings: ReadonlyArray<{ spaces: ReadonlyArray<{ id: number }> }> };
    const [first, second] = detail.bookings[0]?.spaces ?? [];
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: " " }))).toEqual([400, messages.requiredInformation]);
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Un pasajero desistió" }))).toEqual([200, messages.updated]);
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Otra vez" }))).toEqual([409, messages.notAllowedNow]);
    expect(dataOf(await call("GET", `/reservations/${held.id}`))).toMatchObject({ state: "reserved", spaces: 1 });
    expect(refusal(await call("DELETE", `/reservations/${held.id}`))).toEqual([409, messages.reservationHasSpaces]);
    expect(refusal(await call("PUT", `/reservations/cancelReservation/${held.id}`, { reason: "x".repeat(301) }))).toEqual([400, messages.invalidInput]);
    expect(refusal(await call("PUT", `/spaces/cancelSpace/${second?.id}`, { reason: "El último desistió" }))).toEqual([200, messages.updated]);
    expect(dataOf(await call("GET", `/reservations/${held.id}`))).toMatchObject({ state: "canceled", spaces: 0, cancelReason: "El último desistió" });
    expect(refusal(await call("DELETE", `/reservations/${held.id}`))).toEqual([200, messages.deleted]);
    expect((await call("GET", `/reservations/${held.id}`)).status).toBe(404);
  });
});

describe("changing a reservation's cabins", () => {
  interface Detail {
    readonly version: number;
    readonly notes: string;
    readonly state: string;
    readonly price: { readonly total: number };
    readonly lines: ReadonlyArray<unknown>;
    readonly bookings: ReadonlyArray<{ readonly cabinId: number; readonly spaces: ReadonlyArray<{ readonly id: number; readonly genderId: number; readonly state: string }> }>;
  }
  const detail = async (id: number) => dataOf(await call("GET", `/reservations/${id}`)) as Detail;
  const update = (id: number, version: number, cabins: ReadonlyArray<unknown>, notes = "") =>
    call("PUT", `/reservations/updateReservation/${id}`, { notes, cabins, version });
  const two = (genderId: number) => [{ genderId }, { genderId }];

  it("adds a cabin under the hold's rules and prices it, keeps the notes, and refuses a stale edit", async () => {
    const held = await hold();
    const before = await detail(held.id);
    const refusedFull = await update(held.id, before.version, [{ cabinId: ids.cabin3, spaces: [...two(ids.male), { genderId: ids.male }] }]);
    expect(refusal(refusedFull)).toEqual([409, messages.cabinNotAvailable]);
    const cabins = [
      { cabinId: ids.cabin3, spaces: two(ids.male) },
      { cabinId: ids.cabin4, spaces: two(ids.female) },
    ];
    expect(refusal(await update(held.id, before.version, cabins, "Dos cabinas para la familia"))).toEqual([200, messages.updated]);
    const after = await detail(held.id);
    expect(after.bookings.map((booking) => [booking.cabinId, booking.spaces.map((space) => space.state)])).toEqual([
      [ids.cabin3, ["reserved", "reserved"]],
      [ids.cabin4, ["reserved", "reserved"]],
    ]);
    expect(after.notes).toBe("Dos cabinas para la familia");
    expect(after.price.total).toBeGreaterThan(before.price.total);
    expect(after.lines.length).toBe(before.lines.length + 2);
    expect(await availability()).toMatchObject({ held: 4 });
    expect(refusal(await update(held.id, before.version, cabins, "otra"))).toEqual([409, messages.stale]);
  });

  it("refuses to drop or shrink a booking with live spaces, and removes it once they are canceled", async () => {
    const held = await hold({ cabins: [{ cabinId: ids.cabin3, spaces: two(ids.male) }, { cabinId: ids.cabin4, spaces: two(ids.male) }] });
    const current = await detail(held.id);
    const snap = await snapshot(db);
    expect(refusal(await update(held.id, current.version, [{ cabinId: ids.cabin3, spaces: two(ids.male) }]))).toEqual([409, messages.bookingHasSpaces]);
    expect(refusal(await update(held.id, current.version, [{ cabinId: ids.cabin3, spaces: two(ids.male) }, { cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }]))).toEqual([
      409,
      messages.bookingHasSpaces,
    ]);
    expect(await snapshot(db)).toEqual(snap);
    for (const space of current.bookings[1]?.spaces ?? []) {
      expect((await call("PUT", `/spaces/cancelSpace/${space.id}`, { reason: "Cambio de planes" })).status).toBe(200);
    }
    const canceled = await detail(held.id);
    expect(refusal(await update(held.id, canceled.version, [{ cabinId: ids.cabin3, spaces: two(ids.male) }]))).toEqual([200, messages.updated]);
    expect((await detail(held.id)).bookings.map((booking) => booking.cabinId)).toEqual([ids.cabin3]);
  });

  it("adds confirmed spaces to a confirmed reservation, and refuses a canceled one", async () => {
    const held = await hold();
    await call("PUT", `/reservations/confirmReservation/${held.id}`);
    const confirmed = await detail(held.id);
    expect(refusal(await update(held.id, confirmed.version, [{ cabinId: ids.cabin3, spaces: two(ids.male) }, { cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }]))).toEqual([
      200,
      messages.updated,
    ]);
    expect(await detail(held.id)).toMatchObject({ state: "confirmed" });
    expect(await availability()).toMatchObject({ held: 0, confirmed: 3 });
    await call("PUT", `/reservations/cancelReservation/${held.id}`, { reason: "Se cayó el grupo" });
    const gone = await detail(held.id);
    expect(refusal(await update(held.id, gone.version, []))).toEqual([409, messages.notAllowedNow]);
  });
});

describe("time limits and the waiting list", () => {
  const dueWork = () =>
    runDueWork({ db, mailer: outboxMailer(db, createLogger("silent")), policy: defaultHoldPolicy, now: server.clock.now(), log: createLogger("silent") });

  it("expire once, even asked twice at the same time, and promote who waits, first come first served", async () => {
    const cabins = await cabinsOf(ids.june);
    const everyOther = cabins.filter((cabin) => cabin.id !== ids.cabin3).map((cabin) => ({ cabinId: cabin.id, spaces: cabin.berths.map(() => ({ genderId: ids.male })) }));
    await hold({ cabins: everyOther });
    const holder = await hold({ timeLimit: new Date(server.clock.now().getTime() + DAY).toISOString() });
    const waitlist = { waitlist: true, cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.female }] }] };
    const first = await hold(waitlist);
    const second = await hold(waitlist);
    expect([first.state, second.state, first.timeLimit]).toEqual(["waiting", "waiting", null]);
    expect(await availability()).toMatchObject({ free: 0, waiting: 2, status: "wait" });

    server.clock.advance(DAY + HOUR);
    await signInAgain();
    const rounds = await Promise.all([dueWork(), dueWork()]);
    expect(rounds.reduce((total, round) => total + round.expired, 0)).toBe(1);
    const expired = dataOf(await call("GET", `/reservations/${holder.id}`));
    expect(expired).toMatchObject({ state: "canceled", cancelReason: EXPIRY_REASON });
    const events = await db.query<{ type: string }>("select type from events where stream = 'reservation' and stream_id = $1 order by version", [String(holder.id)]);
    expect(events.map(({ type }) => type)).toEqual(["reservation.hold", "reservation.expire"]);
    expect(dataOf(await call("GET", `/reservations/${first.id}`))).toMatchObject({
      state: "reserved",
      timeLimit: new Date(server.clock.now().getTime() + 7 * DAY).toISOString(),
    });
    expect(dataOf(await call("GET", `/reservations/${second.id}`))).toMatchObject({ state: "reserved" });
  });

  it("mail the executive once, a day before the time limit", async () => {
    await hold({ timeLimit: new Date(server.clock.now().getTime() + 3 * DAY).toISOString() });
    const outbox = () => db.query<{ subject: string }>("select subject from outbox where \"to\" = 'sales@example.com'");
    expect((await dueWork()).reminded).toBe(0);
    server.clock.advance(2 * DAY + HOUR);
    expect((await dueWork()).reminded).toBe(1);
    expect((await dueWork()).reminded).toBe(0);
    expect((await outbox()).map(({ subject }) => subject)).toEqual([expect.stringContaining("RES-")]);
  });
});

describe("the reservations list's order", () => {
  it("sorts a page by a column either way, ties newest first, and refuses an unknown order", async () => {
    const two = await hold();
    const one = await hold({ cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }] });
    const direct = await hold({ agencyId: null, cabins: [
        { cabinId: ids.cabin1, spaces: [{ genderId: ids.male }, { genderId: ids.male }] },
        { cabinId: ids.family, spaces: [{ genderId: ids.female }] },
      ],
    });
    const order = async (query: string) => (dataOf(await call("GET", `/reservations?${query}`)) as ReadonlyArray<Summary>).map(({ id }) => id);
    expect(await order("")).toEqual([direct.id, one.id, two.id]);
    expect(await order("sort=berths")).toEqual([one.id, two.id, direct.id]);
    expect(await order("sort=berths&order=desc")).toEqual([direct.id, two.id, one.id]);
    const byTotal = [two, one, direct].sort((a, b) => a.price.total - b.price.total).map(({ id }) => id);
    expect(await order("sort=total&order=asc")).toEqual(byTotal);
    // a direct sale has no agency: last whichever way the agencies go
    expect((await order("sort=agency")).at(-1)).toBe(direct.id);
    expect((await order("sort=agency&order=desc")).at(-1)).toBe(direct.id);
    // paged in that order, with the filters as before
    expect(await order("sort=code&order=desc&pageSize=1&page=2")).toEqual([[two, one, direct].map(({ code, id }) => ({ code, id })).sort((a, b) => b.code.localeCompare(a.code))[1]?.id]);
    expect(await order(`sort=berths&cruiseId=${ids.june}&agencyId=${ids.retailer}`)).toEqual([one.id, two.id]);
    expect((await call("GET", "/reservations?sort=price")).status).toBe(400);
    expect((await call("GET", "/reservations?sort=code&order=up")).status).toBe(400);
  });
});

describe("who sees what", () => {
  it("an agency user sells for its own agency, and sees only its reservations and codes", async () => {
    const staffs = await hold();
    const own = await hold({ agencyId: ids.ownAgency, cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }] }, "agency");
    expect((await call("POST", "/reservations/createReservation", draft(), "agency")).status).toBe(403);
    const listed = dataOf(await call("GET", "/reservations", undefined, "agency")) as ReadonlyArray<{ id: number }>;
    expect(listed.map(({ id }) => id)).toEqual([own.id]);
    expect((await call("GET", `/reservations/${staffs.id}`, undefined, "agency")).status).toBe(404);
    expect((await call("PUT", `/reservations/cancelReservation/${staffs.id}`, { reason: "No es mía" }, "agency")).status).toBe(404);
    const codes = (await (async () => dataOf(await call("GET", `/cruises/${ids.june}/cabins`, undefined, "agency")) as ReadonlyArray<CabinAnswer>)())
      .flatMap((cabin) => cabin.berths)
      .filter((berth) => berth !== null)
      .map((berth) => berth?.reservationCode ?? null);
    expect(codes.sort()).toEqual([own.code, null, null].sort());
  });

  it("tells each taken berth's state and type to everyone, and its reservation and agency to staff and to the agency holding it", async () => {
    const staffs = await hold({ cabins: [{ cabinId: ids.cabin3, spaces: [{ genderId: ids.male }, { genderId: ids.male }] }] });
    const own = await hold({ agencyId: ids.ownAgency, cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }] }] }, "agency");
    const direct = await hold({ agencyId: null, cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.female }] }] });
    const [ownAgencyName] = await db.query<{ name: string }>("select name from agencies where id = $1", [ids.ownAgency]);
    const takenAs = async (role: RoleName) =>
      (dataOf(await call("GET", `/cruises/${ids.june}/cabins`, undefined, role)) as ReadonlyArray<CruiseCabin>)
        .flatMap((cabin) => cabin.berths.flatMap((berth) => (berth === null ? [] : [{ cabin: cabin.id, ...berth }])))
        .map(({ cabin, state, genderId, reservationCode, reservationId, agencyName }) => ({ cabin, state, genderId, reservationCode, reservationId, agencyName }));
    const whole = (cabin: number, genderId: number, reservation: Summary, agencyName: string | null) => ({
      cabin,
      state: "reserved",
      genderId,
      reservationCode: reservation.code,
      reservationId: reservation.id,
      agencyName,
    });
    const staffView = [
      whole(ids.cabin1, ids.female, direct, null),
      whole(ids.cabin3, ids.male, staffs, "Cuenca Travel"),
      whole(ids.cabin3, ids.male, staffs, "Cuenca Travel"),
      whole(ids.cabin4, ids.female, own, ownAgencyName?.name ?? ""),
    ];
    expect(await takenAs("sales")).toEqual(staffView);
    expect(await takenAs("marketing")).toEqual(staffView);
    // another agency's berths and a direct client's: taken, with the type that decides who may share the cabin
    const hidden = { reservationCode: null, reservationId: null, agencyName: null };
    expect(await takenAs("agency")).toEqual([
      { ...whole(ids.cabin1, ids.female, direct, null), ...hidden },
      { ...whole(ids.cabin3, ids.male, staffs, null), ...hidden },
      { ...whole(ids.cabin3, ids.male, staffs, null), ...hidden },
      whole(ids.cabin4, ids.female, own, ownAgencyName?.name ?? ""),
    ]);
    expect((await call("POST", "/reservations/createReservation", draft(), "marketing")).status).toBe(403);
    expect((await call("GET", "/reservations", undefined, "marketing")).status).toBe(200);
  });
});

describe("a departure's cabins on their decks' plans", () => {
  it("carry the positions the yacht's deck_schema page saves, null for a cabin it does not place, for an agency user too", async () => {
    const page = `/yachts/${ids.explorer}/pages/deck_schema`;
    const { version } = dataOf(await call("GET", page, undefined, "admin")) as { version: number };
    const positions = [
      { cabin: ids.cabin3, x: 12, y: 10 },
      { cabin: ids.cabin1, x: 0, y: 0 },
    ];
    expect(dataOf(await call("PUT", `/yachts/updateYachtPage/${ids.explorer}/deck_schema`, { version, positions }, "admin"))).toBe(messages.updated);
    const cabins = dataOf(await call("GET", `/cruises/${ids.june}/cabins`, undefined, "agency")) as ReadonlyArray<CabinAnswer & { position: unknown }>;
    const placed = (id: number) => cabins.find((cabin) => cabin.id === id);
    expect(placed(ids.cabin3)).toMatchObject({ name: "3", position: { x: 12, y: 10 } });
    expect(placed(ids.cabin1)).toMatchObject({ name: "1", position: { x: 0, y: 0 } });
    expect(placed(ids.cabin4)?.position).toBeNull();
    expect(cabins.reduce((total, cabin) => total + cabin.capacity, 0)).toBe(capacity);

    // moved on the yacht's page: the next read of the departure shows it where it is now
    const moved = dataOf(await call("GET", page, undefined, "admin")) as { version: number };
    const again = [{ cabin: ids.cabin3, x: 30, y: 4 }];
    expect(dataOf(await call("PUT", `/yachts/updateYachtPage/${ids.explorer}/deck_schema`, { version: moved.version, positions: again }, "admin"))).toBe(
      messages.updated,
    );
    const after = dataOf(await call("GET", `/cruises/${ids.june}/cabins`)) as ReadonlyArray<CabinAnswer & { position: unknown }>;
    expect(after.map((cabin) => [cabin.id, cabin.position]).filter(([, position]) => position !== null)).toEqual([[ids.cabin3, { x: 30, y: 4 }]]);
  });

  it("carry the drawing the yacht's deck_plan page holds of each cabin's deck, null for a deck it does not draw, for an agency user too", async () => {
    const [deck] = await db.query<{ deck: number }>("select (details->>'deck')::int as deck from cabins where id = $1", [ids.cabin1]);
    const deckOf = deck?.deck ?? 0;
    const page = `/yachts/${ids.explorer}/pages/deck_plan`;
    const { version } = dataOf(await call("GET", page, undefined, "admin")) as { version: number };
    const form = new FormData();
    form.append("json", JSON.stringify({ version, plans: [{ deck: deckOf, plan: "new:0" }] }));
    form.append("images", new Blob([new Uint8Array(encodePng(48, 14, (x, y) => [20, x * 5, y * 18]))], { type: "image/png" }), "cubierta.png");
    const saved = await fetch(`${server.base}/api/yachts/updateYachtPage/${ids.explorer}/deck_plan`, {
      method: "PUT",
      headers: { authorization: `Bearer ${tokens.get("admin") ?? ""}` },
      body: form,
    });
    expect(saved.status, await saved.text()).toBe(200);
    const { plans } = dataOf(await call("GET", page, undefined, "admin")) as { plans: ReadonlyArray<{ deck: number; plan: string }> };
    const drawing = plans[0]?.plan ?? "";
    expect(drawing).toMatch(/^uploads\/yacht_pages\//);
    const cabins = dataOf(await call("GET", `/cruises/${ids.june}/cabins`, undefined, "agency")) as ReadonlyArray<{ id: number; deckId: number | null; deckPlan: string | null }>;
    expect(cabins.filter((cabin) => cabin.deckId === deckOf).map((cabin) => cabin.deckPlan)).toEqual(cabins.filter((cabin) => cabin.deckId === deckOf).map(() => drawing));
    expect(cabins.filter((cabin) => cabin.deckId !== deckOf).every((cabin) => cabin.deckPlan === null)).toBe(true);
    expect(cabins.find((cabin) => cabin.id === ids.cabin1)?.deckPlan).toBe(drawing);
  });
});

describe("the reservations' read tables", () => {
  it("are given back row for row by a rebuild from the events", async () => {
    const rows = async () => ({
      reservations: await db.query("select * from reservations order by id"),
      spaces: await db.query("select * from spaces order by id"),
      cruises: await db.query("select * from cruises order by id"),
    });
    const confirmed = await hold();
    await call("PUT", `/reservations/confirmReservation/${confirmed.id}`);
    const extended = await hold({ cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.female }, { genderId: ids.female }] }] });
    await call("PUT", `/reservations/extendTimeLimit/${extended.id}`, { timeLimit: new Date(server.clock.now().getTime() + 6 * DAY).toISOString() });
    const detail = dataOf(await call("GET", `/reservations/${extended.id}`)) as { bookings: ReadonlyArray<{ spaces: ReadonlyArray<{ id: number }> }> };
    await call("PUT", `/spaces/cancelSpace/${detail.bookings[0]?.spaces[0]?.id}`, { reason: "Una pasajera desistió" });
    const canceled = await hold({ cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.male }] }] });
    await call("PUT", `/reservations/cancelReservation/${canceled.id}`, { reason: "Cambio de fechas" });
    await call("DELETE", `/reservations/${canceled.id}`);
    const live = await rows();
    const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
    expect(await rebuildProjections(db)).toBe(count?.events);
    expect(await rows()).toEqual(live);
    // the spaces' ids go on after the replayed ones
    const next = await hold({ cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.male }] }] });
    const [space] = await db.query<{ id: number }>("select max(id)::int as id from spaces where reservation_id = $1", [next.id]);
    expect(space?.id).toBeGreaterThan(Math.max(...live.spaces.map((row) => Number((row as { id: number }).id))));
  });
});

describe("a departure with reservations", () => {
  it("keeps its yacht, itinerary and days while reservations are live, and canceled cancels them with its reason", async () => {
    const held = await hold();
    const departure = await call("GET", `/cruises/${ids.june}`, undefined, "admin");
    const { version } = dataOf(departure) as { version: number };
    const edit = async (startDate: string) =>
      call("PUT", `/cruises/updateCruise/${ids.june}`, { yachtId: ids.explorer, cruiseItineraryId: ids.north, startDate, guideIds: [await idNamed("guides", "Juan")], notes: "Con guía bilingüe", version }, "admin");
    expect(refusal(await edit("2030-06-13"))).toEqual([409, messages.departureHasReservations]);
    expect(refusal(await edit("2030-06-06"))).toEqual([200, messages.updated]);
    expect(refusal(await call("PUT", `/cruises/cancelCruise/${ids.june}`, { reason: "Avería del yate" }, "admin"))).toEqual([200, messages.updated]);
    expect(dataOf(await call("GET", `/reservations/${held.id}`))).toMatchObject({ state: "canceled", cancelReason: "Avería del yate" });
    expect(refusal(await call("POST", "/reservations/createReservation", draft()))).toEqual([409, messages.notAllowedNow]);
  });
});

describe("availability", () => {
  it("needs its dates, and answers the period's departures with their free berths by category, for agencies too", async () => {
    expect(refusal(await call("GET", "/availability"))).toEqual([400, messages.datesRequired]);
    expect(refusal(await call("GET", "/availability?from=2030-06-01"))).toEqual([400, messages.datesRequired]);
    expect(refusal(await call("GET", "/availability?from=2030-06-30&to=2030-06-01"))).toEqual([400, messages.periodReversed]);
    // one departure as the availability shows it, for an agency user's departure page (issue 37, item 6)
    expect(dataOf(await call("GET", `/availability/${ids.june}`, undefined, "agency"))).toMatchObject({ cruiseId: ids.june, startDate: "2030-06-06", capacity, free: capacity });
    expect((await call("GET", "/availability/999999", undefined, "agency")).status).toBe(404);
    expect(refusal(await call("GET", "/availability?from=2030-06-01&to=2031-06-03"))).toEqual([400, messages.periodTooLong]);
    expect(refusal(await call("GET", "/availability?from=2030-02-30&to=2030-06-01"))).toEqual([400, messages.invalidInput]);
    await hold();
    const answer = await call("GET", "/availability?from=2030-06-01&to=2030-06-30", undefined, "agency");
    expect(answer.status).toBe(200);
    const [june] = dataOf(answer) as ReadonlyArray<{ cruiseId: number; free: number; status: string; categories: ReadonlyArray<{ category: string; free: number; capacity: number }> }>;
    expect(june).toMatchObject({ cruiseId: ids.june, free: capacity - 2, status: "available" });
    const singles = june?.categories.find((category) => category.category === "singleHigh");
    expect(singles && singles.capacity - singles.free).toBe(2);
    expect(dataOf(await call("GET", `/availability?from=2030-06-01&to=2030-06-30&passengers=${capacity}`))).toEqual([]);
  });

  it("answers a period whose departures are partly kept and partly read again in their order, each as read alone (decision 115)", async () => {
    const later = [await schedule(ids.north, ids.explorer, "2030-06-13"), await schedule(ids.north, ids.explorer, "2030-06-20")];
    const period = async () => dataOf(await call("GET", "/availability?from=2030-06-01&to=2030-06-30")) as ReadonlyArray<{ cruiseId: number; free: number }>;
    expect((await period()).map((departure) => departure.cruiseId)).toEqual([ids.june, ...later]);
    // the middle departure changes: the others stay kept, it is read again
    await hold({ cruiseId: later[0] });
    const answer = await period();
    expect(answer.map((departure) => departure.cruiseId)).toEqual([ids.june, ...later]);
    expect(answer.map((departure) => departure.free)).toEqual([capacity, capacity - 2, capacity]);
    for (const departure of answer) expect(departure).toEqual(dataOf(await call("GET", `/availability/${departure.cruiseId}`)));
  });

  it("answers the page asked of the departures found, with their number, live and as of a moment (decision 120)", async () => {
    const later = [await schedule(ids.north, ids.explorer, "2030-06-13"), await schedule(ids.north, ids.explorer, "2030-06-20")];
    const period = "/availability?from=2030-06-01&to=2030-06-30";
    const paged = async (search: string) => {
      const answer = await call("GET", `${period}${search}`, undefined, "agency");
      expect(answer.status).toBe(200);
      const { data, meta } = answer.body as { data: ReadonlyArray<{ cruiseId: number }>; meta?: unknown };
      return { ids: data.map((departure) => departure.cruiseId), meta };
    };
    expect(await paged("")).toEqual({ ids: [ids.june, ...later], meta: undefined });
    expect(await paged("&page=2&pageSize=2")).toEqual({ ids: [later[1]], meta: { total: 3, page: 2, pageSize: 2 } });
    expect(await paged("&page=1")).toEqual({ ids: [ids.june, ...later], meta: { total: 3, page: 1, pageSize: 50 } });
    expect(await paged("&pageSize=1")).toEqual({ ids: [ids.june], meta: { total: 3, page: 1, pageSize: 1 } });
    expect(await paged("&page=3&pageSize=2")).toEqual({ ids: [], meta: { total: 3, page: 3, pageSize: 2 } });
    // as of the test clock's moment, after the departures were scheduled
    const asOfNow = encodeURIComponent(server.clock.now().toISOString());
    expect(await paged(`&asOf=${asOfNow}&page=2&pageSize=1`)).toEqual({ ids: [later[0]], meta: { total: 3, page: 2, pageSize: 1 } });
    expect(refusal(await call("GET", `${period}&pageSize=101`))).toEqual([400, messages.invalidInput]);
    expect(refusal(await call("GET", `${period}&page=0`))).toEqual([400, messages.invalidInput]);
  });
});

describe("the live stream", () => {
  const register = async (identification: string, agencyId: number | null, role: RoleName) => {
    const answer = await request(server, "POST", "/api/passengers/createPassenger", {
      token: tokens.get(role) ?? "",
      body: {
        firstName: "Ana",
        lastName: "Rojas",
        identificationTypeId: await idNamed("identification_types", "Pasaporte"),
        identification,
        birthday: "1990-01-01",
        countryId: await idNamed("countries", "Chile"),
        gender: "female",
        agencyId,
      },
    });
    expect(answer.status, answer.text).toBe(200);
    return (dataOf(answer) as { id: number }).id;
  };
  const heardAll = (wanted: ReadonlyArray<HeardChange>) => (heard: ReadonlyArray<HeardChange>) => wanted.every((change) => heard.some((one) => isDeepStrictEqual(one, change)));

  it("tells staff every change and an agency only departures and its own reservations and passengers", async () => {
    const streams = { staff: await openLiveStream(server, tokens.get("sales") ?? ""), agency: await openLiveStream(server, tokens.get("agency") ?? "") };
    const made = {
      theirs: await hold(),
      mine: await hold({ agencyId: ids.ownAgency, cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }] }, "agency"),
      directPassenger: await register("LIVE-001", null, "sales"),
      agencyPassenger: await register("LIVE-002", ids.ownAgency, "agency"),
    };
    const staffHears: ReadonlyArray<HeardChange> = [
      { kind: "departure", cruiseId: ids.june },
      { kind: "reservation", reservationId: made.theirs.id, cruiseId: ids.june },
      { kind: "reservation", reservationId: made.mine.id, cruiseId: ids.june },
      { kind: "passenger", passengerId: made.directPassenger },
      { kind: "passenger", passengerId: made.agencyPassenger },
    ];
    const agencyHears: ReadonlyArray<HeardChange> = [
      { kind: "departure", cruiseId: ids.june },
      { kind: "reservation", reservationId: made.mine.id, cruiseId: ids.june },
      { kind: "passenger", passengerId: made.agencyPassenger },
    ];
    const [staff, agency] = await Promise.all([streams.staff.until(heardAll(staffHears)), streams.agency.until(heardAll(agencyHears))]);
    expect(staff).toEqual(expect.arrayContaining([...staffHears]));
    expect(agency).toEqual(expect.arrayContaining([...agencyHears]));
    expect(agency.filter((change) => change.kind === "reservation" && change.reservationId === made.theirs.id)).toEqual([]);
    expect(agency.filter((change) => change.kind === "passenger")).toEqual([{ kind: "passenger", passengerId: made.agencyPassenger }]);
    expect((await request(server, "GET", "/api/events/stream")).status).toBe(498);
  });

  it("tells a stream opened late, first, what changed in its replay's milliseconds before, as much as its viewer may hear, and nothing older", async () => {
    const reservation = (held: Summary): HeardChange => ({ kind: "reservation", reservationId: held.id, cruiseId: ids.june });
    const older = await hold({ cabins: [{ cabinId: ids.cabin1, spaces: [{ genderId: ids.male }] }] });
    server.clock.advance(60_000);
    // The streams below open once the feed's look that reads the last hold has ended: one under way
    // as they joined would tell its changes again, live (openLiveStream), and the replay's each-once is the subject here.
    const settled = await openLiveStream(server, tokens.get("sales") ?? "");
    const theirs = await hold();
    const mine = await hold({ agencyId: ids.ownAgency, cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }] }, "agency");
    await settled.until(heardAll([reservation(mine)]));
    server.clock.advance(1_000);
    const replay = "?replay=30000";
    const streams = {
      staff: await openLiveStream(server, tokens.get("sales") ?? "", replay),
      agency: await openLiveStream(server, tokens.get("agency") ?? "", replay),
      staffLive: await openLiveStream(server, tokens.get("sales") ?? ""),
    };
    // told live to all three, after any replay
    const told = { kind: "passenger", passengerId: await register("LATE-001", ids.ownAgency, "agency") };
    const departure = { kind: "departure", cruiseId: ids.june };
    const [staff, agency, staffLive] = await Promise.all([
      streams.staff.until(heardAll([told])),
      streams.agency.until(heardAll([told])),
      streams.staffLive.until(heardAll([told])),
    ]);
    const beforeTold = (heard: ReadonlyArray<HeardChange>) => heard.slice(0, heard.findIndex((change) => isDeepStrictEqual(change, told)));
    expect(beforeTold(staff)).toEqual(expect.arrayContaining([departure, reservation(theirs), reservation(mine)]));
    expect(beforeTold(agency)).toEqual(expect.arrayContaining([departure, reservation(mine)]));
    expect(agency).not.toContainEqual(reservation(theirs));
    expect([...staff, ...agency]).not.toContainEqual(reservation(older));
    // each change once in a replay, however many events it had
    expect(beforeTold(staff).filter((change) => isDeepStrictEqual(change, departure))).toHaveLength(1);
    // without replay, only what changed after the stream opened
    expect(staffLive).not.toContainEqual(reservation(theirs));
    expect(staffLive).toContainEqual(told);
  });

  it.each(["-1", "300001", "1.5", "five"])("refuses a replay of %j with the invalid input message, opening no stream", async (replay) => {
    const answer = await request(server, "GET", `/api/events/stream?replay=${encodeURIComponent(replay)}`, { token: tokens.get("sales") ?? "", headers: { "accept-language": "es" } });
    expect([answer.status, answer.headers.get("content-type")?.startsWith("application/json")]).toEqual([400, true]);
    expect(answer.body).toEqual({ data: messages.invalidInput });
  });
});

describe("a reservation's and its departure's history", () => {
  interface Entry {
    readonly version: number;
    readonly type: string;
    readonly actor: { readonly firstName: string } | null;
    readonly status: { readonly before: string | null; readonly after: string };
    readonly changes: ReadonlyArray<{ readonly field: string }>;
  }
  const history = async (path: string, role: RoleName = "sales") => {
    const answer = await call("GET", `/history/${path}`, undefined, role);
    return { status: answer.status, entries: answer.status === 200 ? (dataOf(answer) as ReadonlyArray<Entry>) : [] };
  };

  it("reads each event in order with its author, command, the state it led to and what changed", async () => {
    const held = await hold();
    expect((await call("PUT", `/reservations/confirmReservation/${held.id}`)).status).toBe(200);
    const { status, entries } = await history(`reservation/${held.id}`);
    expect(status).toBe(200);
    expect(entries.map(({ version, type, status: state }) => [version, type, state.before, state.after])).toEqual([
      [1, "reservation.hold", null, "reserved"],
      [2, "reservation.confirm", "reserved", "confirmed"],
    ]);
    expect(entries[0]?.actor).not.toBeNull();
    expect(entries[0]?.changes.map(({ field }) => field)).toEqual(expect.arrayContaining(["code", "timeLimit", "spaces"]));
    const departure = await history(`cruise/${ids.june}`);
    expect(departure.entries[0]).toMatchObject({ version: 1, status: { before: null, after: "scheduled" } });
  });

  it("is readable by an agency user for its own agency's reservations only; another's reads as missing", async () => {
    const own = await hold({ agencyId: ids.ownAgency }, "agency");
    const other = await hold({ cabins: [{ cabinId: ids.cabin4, spaces: [{ genderId: ids.male }] }] });
    expect((await history(`reservation/${own.id}`, "agency")).status).toBe(200);
    expect((await history(`reservation/${other.id}`, "agency")).status).toBe(404);
    expect((await history(`cruise/${ids.june}`, "agency")).status).toBe(403);
  });
});
