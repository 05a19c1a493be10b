import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { defaultMoneyPolicy } from "../../src/api/money.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, dataOf, type HeardChange, HOUR, openLiveStream, request, sessionFor, snapshot, staffTokens, startServer, type TestServer, idOfNamed } from "./support.ts";

/**
 * Issue 38, first slice (decision 062): the money policy, payments, refunds and agency reports of
 * a reservation, each rule of DOMAIN.md section 10 a guard of the payment machine answered with
 * its message and writing nothing, each call open to its roles only, and the account in cents.
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { june: 0, retailer: 0, ownAgency: 0, male: 0, cabin3: 0, cabin4: 0 };
const DAY = 24 * HOUR;

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });
const answered = (answer: Answer) => [answer.status, dataOf(answer)];

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  server.clock.advance(0);
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  ids.retailer = await idNamed("agencies", "Cuenca Travel");
  ids.male = await idNamed("genders", "Hombre adulto");
  const [agencyUser] = await db.query<{ agency_id: number }>("select agency_id from users where email = 'agency@example.com'");
  ids.ownAgency = agencyUser?.agency_id ?? 0;
  const departure = {
    yachtId: await idNamed("yachts", "Galápagos Explorer"),
    cruiseItineraryId: await idNamed("cruise_itineraries", "Norte 4 días"),
    startDate: "2030-06-06",
    guideIds: [await idNamed("guides", "Juan")],
  };
  expect(answered(await call("POST", "/cruises/createCruise", departure, "admin"))).toEqual([200, messages.created]);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  ids.june = june?.id ?? 0;
  const cabins = dataOf(await call("GET", `/cruises/${ids.june}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
  ids.cabin3 = cabins.find((cabin) => cabin.name === "3")?.id ?? 0;
  ids.cabin4 = cabins.find((cabin) => cabin.name === "4")?.id ?? 0;
});

interface Account {
  readonly totalCents: number;
  readonly commissionCents: number;
  readonly dueCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
  readonly depositDueCents: number;
  readonly depositDueDate: string | null;
  readonly balanceDueDate: string;
  readonly moneyState: string;
}

interface Listed {
  readonly id: number;
  readonly state: string;
  readonly kind: string;
  readonly amountCents: number;
  readonly reason: string | null;
}

/** A hold of two berths of cabin 3 (or 4) for an agency (null: direct), by sales unless said. */
const hold = async (agencyId: number | null, cabinId = ids.cabin3, role: RoleName = "sales"): Promise<number> => {
  const body = { cruiseId: ids.june, agencyId, type: "general", cabins: [{ cabinId, spaces: [{ genderId: ids.male }, { genderId: ids.male }] }] };
  const answer = await call("POST", "/reservations/createReservation", body, role);
  expect(answer.status, answer.text).toBe(200);
  return (dataOf(answer) as { id: number }).id;
};

const account = async (reservationId: number, role: RoleName = "sales"): Promise<Account> => {
  const answer = await call("GET", `/reservations/${reservationId}/account`, undefined, role);
  expect(answer.status, answer.text).toBe(200);
  return dataOf(answer) as Account;
};

const payments = async (query: string, role: RoleName = "sales"): Promise<ReadonlyArray<Listed>> => {
  const answer = await call("GET", `/payments${query}`, undefined, role);
  expect(answer.status, answer.text).toBe(200);
  return dataOf(answer) as ReadonlyArray<Listed>;
};

const payment = (reservationId: number, amount: unknown, overrides: Record<string, unknown> = {}) => ({
  reservationId,
  amount,
  receivedAt: "2030-03-01",
  method: "transfer",
  reference: "BP-0042",
  payer: "Cuenca Travel",
  ...overrides,
});

const record = (reservationId: number, amount: unknown, overrides: Record<string, unknown> = {}, role: RoleName = "sales") =>
  call("POST", "/payments/recordPayment", payment(reservationId, amount, overrides), role);

const refund = (reservationId: number, amount: string, role: RoleName = "sales") =>
  call("POST", "/payments/recordRefund", { reservationId, amount, paidAt: "2030-03-01", method: "transfer", reference: "DEV-1" }, role);

/** The id of the newest payment of a reservation. */
const newest = async (reservationId: number): Promise<number> => (await payments(`?reservationId=${reservationId}`))[0]?.id ?? 0;

/** Dollars of a count of cents, as the wire's decimal text. */
const text = (cents: number): string => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

describe("the money policy", () => {
  it("reads DOMAIN.md's defaults until an admin sets one, for admins only", async () => {
    expect(answered(await call("GET", "/policies/money", undefined, "admin"))).toEqual([200, { ...defaultMoneyPolicy, version: 0 }]);
    for (const role of ["sales", "marketing", "agency"] as const) {
      expect(answered(await call("GET", "/policies/money", undefined, role))).toEqual([403, messages.forbidden]);
      expect(answered(await call("PUT", "/policies/updateMoneyPolicy", { ...defaultMoneyPolicy, version: 0 }, role))).toEqual([403, messages.forbidden]);
    }
  });

  it("is replaced with the version it was read at; a stale form, a broken schedule or a figure out of range writes nothing", async () => {
    const changed = { ...defaultMoneyPolicy, depositPercent: 25, balanceDays: 90 };
    expect(answered(await call("PUT", "/policies/updateMoneyPolicy", { ...changed, version: 0 }, "admin"))).toEqual([200, messages.updated]);
    expect(answered(await call("GET", "/policies/money", undefined, "admin"))).toEqual([200, { ...changed, version: 1 }]);
    const before = await snapshot(db);
    expect(answered(await call("PUT", "/policies/updateMoneyPolicy", { ...changed, version: 0 }, "admin"))).toEqual([409, messages.stale]);
    const noLastStep = { ...changed, penalties: { ...changed.penalties, general: [{ daysBefore: 90, keptPercent: null }] }, version: 1 };
    expect(answered(await call("PUT", "/policies/updateMoneyPolicy", noLastStep, "admin"))).toEqual([400, messages.invalidInput]);
    const twice = { ...changed, penalties: { ...changed.penalties, charter: [{ daysBefore: 0, keptPercent: 100 }, { daysBefore: 0, keptPercent: 50 }] }, version: 1 };
    expect(answered(await call("PUT", "/policies/updateMoneyPolicy", twice, "admin"))).toEqual([400, messages.invalidInput]);
    expect(answered(await call("PUT", "/policies/updateMoneyPolicy", { ...changed, depositPercent: 0, version: 1 }, "admin"))).toEqual([400, messages.invalidInput]);
    expect(answered(await call("PUT", "/policies/updateMoneyPolicy", { ...changed, depositPercent: 101, version: 1 }, "admin"))).toEqual([400, messages.invalidInput]);
    expect(await snapshot(db)).toEqual(before);
  });
});

describe("a reservation's account", () => {
  it("owes an agency's net and a direct client's total, in cents, with the policy's deposit and balance due date", async () => {
    const agencys = await hold(ids.retailer);
    const direct = await hold(null, ids.cabin4);
    const price = async (id: number) => (dataOf(await call("GET", `/reservations/${id}`)) as { price: { total: number; commission: number; net: number } }).price;
    const agencyPrice = await price(agencys);
    const byAgency = await account(agencys);
    expect(byAgency).toEqual({
      totalCents: Math.round(agencyPrice.total * 100),
      commissionCents: Math.round(agencyPrice.commission * 100),
      dueCents: Math.round(agencyPrice.net * 100),
      paidCents: 0,
      balanceCents: Math.round(agencyPrice.net * 100),
      depositDueCents: Math.floor((Math.round(agencyPrice.net * 100) * 30 + 50) / 100),
      depositDueDate: null,
      // 60 days before 6 June 2030
      balanceDueDate: "2030-04-07",
      moneyState: "unpaid",
      // a hold was never sold: cancelling it keeps nothing (decision 067)
      penaltyCents: 0,
      keptPenaltyCents: 0,
      refundDueCents: 0,
    });
    expect((await account(direct)).dueCents).toBe(Math.round((await price(direct)).total * 100));
  });

  it("follows payments and refunds: deposit paid, paid, refund due once canceled, settled once refunded", async () => {
    const id = await hold(ids.retailer);
    const { dueCents, depositDueCents } = await account(id);
    expect(answered(await record(id, text(depositDueCents)))).toEqual([200, messages.created]);
    expect(await account(id)).toMatchObject({ paidCents: depositDueCents, balanceCents: dueCents - depositDueCents, moneyState: "depositPaid" });
    expect(answered(await record(id, text(dueCents - depositDueCents)))).toEqual([200, messages.created]);
    expect(await account(id)).toMatchObject({ paidCents: dueCents, balanceCents: 0, moneyState: "paid" });
    expect(answered(await call("PUT", `/reservations/cancelReservation/${id}`, { reason: "El cliente desistió" }))).toEqual([200, messages.updated]);
    expect(await account(id)).toMatchObject({ dueCents: 0, paidCents: dueCents, balanceCents: -dueCents, moneyState: "refundDue", penaltyCents: 0, refundDueCents: dueCents });
    expect(answered(await refund(id, text(dueCents)))).toEqual([200, messages.created]);
    expect(await account(id)).toMatchObject({ paidCents: 0, balanceCents: 0, moneyState: "settled" });
  });

  it("is overdue once confirmed with a balance after its balance due date", async () => {
    const id = await hold(ids.retailer);
    // nothing paid: Cuenca Travel's credit (US$ 3,000) covers the deposit
    expect(answered(await call("PUT", `/reservations/confirmReservation/${id}`, {}))).toEqual([200, messages.updated]);
    const confirmed = await account(id);
    expect(confirmed).toMatchObject({ moneyState: "unpaid", depositDueDate: "2030-03-01" });
    // 8 April 2030, the day after the balance due date: sales signs in again; the clock goes back for the next test
    server.clock.advance(38 * DAY);
    try {
      tokens = new Map([["sales", await sessionFor(server, db, (await db.query<{ id: number }>("select id from users where email = 'sales@example.com'"))[0]?.id ?? 0)]]);
      const late = await account(id);
      // the deposit was judged on the confirmation day, outside the balance window: it stays the policy's share
      expect(late).toMatchObject({ moneyState: "overdue", depositDueCents: confirmed.depositDueCents, depositDueDate: "2030-03-01" });
      expect(late.depositDueCents).toBeLessThan(late.dueCents);
    } finally {
      server.clock.advance(-38 * DAY);
    }
  });

  it("an agency user reads its own agency's only; marketing none", async () => {
    const mine = await hold(ids.ownAgency, ids.cabin4, "agency");
    const theirs = await hold(ids.retailer);
    expect((await account(mine, "agency")).moneyState).toBe("unpaid");
    expect(answered(await call("GET", `/reservations/${theirs}/account`, undefined, "agency"))).toEqual([404, messages.notFound]);
    expect(answered(await call("GET", `/reservations/${mine}/account`, undefined, "marketing"))).toEqual([403, messages.forbidden]);
    expect(answered(await call("GET", "/reservations/999999/account"))).toEqual([404, messages.notFound]);
  });
});

describe("payments", () => {
  it("refuses an amount that is not positive or has more than two decimals, a day to come, more than the balance: writing nothing", async () => {
    const id = await hold(ids.retailer);
    const { dueCents } = await account(id);
    const before = await snapshot(db);
    for (const amount of ["0", "0.00", "-5", "10.125", "0.001"]) {
      expect(answered(await record(id, amount)), amount).toEqual([400, messages.paymentAmountNotPositive]);
    }
    // a JSON number or anything but a decimal text is no amount the contract reads
    for (const amount of [100, "1e3", "12,50", " 12", "12345678901"]) {
      expect(answered(await record(id, amount)), String(amount)).toEqual([400, messages.invalidInput]);
    }
    expect(answered(await record(id, "10", { receivedAt: "2030-03-02" }))).toEqual([400, messages.invalidInput]);
    expect(answered(await record(id, "10", { receivedAt: "2030-02-30" }))).toEqual([400, messages.invalidInput]);
    expect(answered(await record(id, "10", { method: "bitcoin" }))).toEqual([400, messages.invalidInput]);
    expect(answered(await record(id, text(dueCents + 1)))).toEqual([409, messages.paymentExceedsBalance]);
    expect(answered(await record(id, "9999999999.99"))).toEqual([409, messages.paymentExceedsBalance]);
    expect(answered(await record(999_999, "10"))).toEqual([404, messages.notFound]);
    expect(await snapshot(db)).toEqual(before);
    // the whole balance, to the cent
    expect(answered(await record(id, text(dueCents)))).toEqual([200, messages.created]);
    expect(answered(await record(id, "0.01"))).toEqual([409, messages.paymentExceedsBalance]);
  });

  it("are voided for a reason and stay, struck; a void that would leave refunds uncovered is refused", async () => {
    const id = await hold(ids.retailer);
    expect(answered(await record(id, "1000.10"))).toEqual([200, messages.created]);
    const first = await newest(id);
    expect(answered(await refund(id, "1000.11"))).toEqual([409, messages.refundExceedsPayments]);
    expect(answered(await refund(id, "200"))).toEqual([200, messages.created]);
    expect((await account(id)).paidCents).toBe(80_010);
    const before = await snapshot(db);
    expect(answered(await call("PUT", `/payments/voidPayment/${first}`, { reason: "  " }))).toEqual([400, messages.requiredInformation]);
    expect(answered(await call("PUT", `/payments/voidPayment/${first}`, { reason: "x".repeat(301) }))).toEqual([400, messages.invalidInput]);
    expect(answered(await call("PUT", `/payments/voidPayment/${first}`, { reason: "Registrado dos veces" }))).toEqual([409, messages.refundExceedsPayments]);
    expect(answered(await call("PUT", "/payments/voidPayment/999999", { reason: "Registrado dos veces" }))).toEqual([404, messages.notFound]);
    expect(await snapshot(db)).toEqual(before);
    const refunded = await newest(id);
    expect(answered(await call("PUT", `/payments/voidPayment/${refunded}`, { reason: "Devolución no hecha" }))).toEqual([200, messages.updated]);
    expect(answered(await call("PUT", `/payments/voidPayment/${first}`, { reason: "Registrado dos veces" }))).toEqual([200, messages.updated]);
    expect(answered(await call("PUT", `/payments/voidPayment/${first}`, { reason: "Otra vez" }))).toEqual([409, messages.notAllowedNow]);
    expect(await payments(`?reservationId=${id}`)).toMatchObject([
      { id: refunded, kind: "refund", state: "voided", amountCents: 20_000, reason: "Devolución no hecha" },
      { id: first, kind: "payment", state: "voided", amountCents: 100_010, reason: "Registrado dos veces" },
    ]);
    expect((await account(id)).paidCents).toBe(0);
    expect((await payments("?state=voided")).length).toBe(2);
  });

  it("reported by an agency for its own reservation count once verified; rejected ones never", async () => {
    const mine = await hold(ids.ownAgency, ids.cabin4, "agency");
    const theirs = await hold(ids.retailer);
    const report = (reservationId: number, amount: string) => call("POST", "/payments/reportPayment", payment(reservationId, amount), "agency");
    const before = await snapshot(db);
    expect(answered(await report(theirs, "10"))).toEqual([404, messages.notFound]);
    expect(answered(await report(mine, "0"))).toEqual([400, messages.paymentAmountNotPositive]);
    expect(await snapshot(db)).toEqual(before);
    expect(answered(await report(mine, "300"))).toEqual([200, messages.created]);
    const reported = await newest(mine);
    expect(answered(await report(mine, "50.25"))).toEqual([200, messages.created]);
    const second = await newest(mine);
    expect((await account(mine, "agency")).paidCents).toBe(0);
    expect(answered(await call("PUT", `/payments/voidPayment/${reported}`, { reason: "No" }))).toEqual([409, messages.notAllowedNow]);
    expect(answered(await call("PUT", `/payments/verifyPayment/${reported}`, {}))).toEqual([200, messages.updated]);
    expect(answered(await call("PUT", `/payments/rejectPayment/${second}`, { reason: "" }))).toEqual([400, messages.requiredInformation]);
    expect(answered(await call("PUT", `/payments/rejectPayment/${second}`, { reason: "No llegó" }, "admin"))).toEqual([200, messages.updated]);
    expect(answered(await call("PUT", `/payments/verifyPayment/${second}`, {}))).toEqual([409, messages.notAllowedNow]);
    expect((await account(mine, "agency")).paidCents).toBe(30_000);
    // the agency sees its own reports' states, and nothing of another agency's
    expect(answered(await record(theirs, "10"))).toEqual([200, messages.created]);
    expect((await payments("", "agency")).map(({ id, state }) => [id, state])).toEqual([
      [second, "rejected"],
      [reported, "recorded"],
    ]);
    expect(await payments(`?reservationId=${theirs}`, "agency")).toEqual([]);
    expect(answered(await call("GET", `/history/payment/${reported}`, undefined, "agency"))[0]).toBe(200);
    expect(answered(await call("GET", `/history/payment/${await newest(theirs)}`, undefined, "agency"))).toEqual([404, messages.notFound]);
  });

  it("a report more than the balance is refused when reported and when verified", async () => {
    const mine = await hold(ids.ownAgency, ids.cabin4, "agency");
    const { dueCents } = await account(mine);
    expect(answered(await call("POST", "/payments/reportPayment", payment(mine, text(dueCents + 1)), "agency"))).toEqual([409, messages.paymentExceedsBalance]);
    expect(answered(await call("POST", "/payments/reportPayment", payment(mine, text(dueCents)), "agency"))).toEqual([200, messages.created]);
    const reported = await newest(mine);
    expect(answered(await record(mine, "1"))).toEqual([200, messages.created]);
    expect(answered(await call("PUT", `/payments/verifyPayment/${reported}`, {}))).toEqual([409, messages.paymentExceedsBalance]);
  });

  it("and the policy are rebuilt from their events into the same rows", async () => {
    const mine = await hold(ids.ownAgency, ids.cabin4, "agency");
    expect(answered(await call("POST", "/payments/reportPayment", payment(mine, "120.30"), "agency"))).toEqual([200, messages.created]);
    expect(answered(await call("PUT", `/payments/rejectPayment/${await newest(mine)}`, { reason: "No llegó" }))).toEqual([200, messages.updated]);
    expect(answered(await record(mine, "99.99"))).toEqual([200, messages.created]);
    expect(answered(await refund(mine, "9.99"))).toEqual([200, messages.created]);
    expect(answered(await call("PUT", "/policies/updateMoneyPolicy", { ...defaultMoneyPolicy, depositPercent: 20, version: 0 }, "admin"))).toEqual([200, messages.updated]);
    const rows = async () => ({
      payments: await db.query("select * from payments order by id"),
      policies: await db.query("select * from money_policies order by id"),
    });
    const live = await rows();
    const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
    expect(await rebuildProjections(db)).toBe(count?.events);
    expect(await rows()).toEqual(live);
    expect((await account(mine)).paidCents).toBe(9_000);
  });

  it("are recorded, verified, rejected, voided and refunded by admins and sales only; reported by agency users only", async () => {
    const id = await hold(ids.retailer);
    expect(answered(await record(id, "10", {}, "admin"))).toEqual([200, messages.created]);
    const recorded = await newest(id);
    const before = await snapshot(db);
    for (const role of ["marketing", "agency"] as const) {
      expect(answered(await record(id, "10", {}, role)), role).toEqual([403, messages.forbidden]);
      expect(answered(await refund(id, "1", role)), role).toEqual([403, messages.forbidden]);
      for (const command of ["verifyPayment", "rejectPayment", "voidPayment"]) {
        expect(answered(await call("PUT", `/payments/${command}/${recorded}`, { reason: "No" }, role)), `${role} ${command}`).toEqual([403, messages.forbidden]);
      }
    }
    for (const role of ["admin", "sales", "marketing"] as const) {
      expect(answered(await call("POST", "/payments/reportPayment", payment(id, "10"), role)), role).toEqual([403, messages.forbidden]);
    }
    expect(answered(await call("GET", "/payments", undefined, "marketing"))).toEqual([403, messages.forbidden]);
    expect(await snapshot(db)).toEqual(before);
    expect((await payments("", "admin")).length).toBe(1);
  });
});

describe("the live stream (decision 076)", () => {
  it("tells a payment recorded, reported, verified and voided as a change of its reservation: staff every one, an agency its own", async () => {
    const others = await hold(ids.retailer);
    const own = await hold(ids.ownAgency, ids.cabin4, "agency");
    const streams = { staff: await openLiveStream(server, tokens.get("sales") ?? ""), agency: await openLiveStream(server, tokens.get("agency") ?? "") };
    expect((await record(others, "100.00")).status).toBe(200);
    expect((await call("PUT", `/payments/voidPayment/${await newest(others)}`, { reason: "Duplicado" })).status).toBe(200);
    expect((await call("POST", "/payments/reportPayment", payment(own, "50.00"), "agency")).status).toBe(200);
    expect((await call("PUT", `/payments/verifyPayment/${await newest(own)}`)).status).toBe(200);
    const reservationsHeard = (heard: ReadonlyArray<HeardChange>) => heard.filter((change) => change.kind === "reservation").map((change) => change.reservationId);
    const told = { staff: [others, others, own, own], agency: [own, own] };
    const [staff, agency] = await Promise.all([
      streams.staff.until((heard) => isDeepStrictEqual(reservationsHeard(heard).slice(-4), told.staff)),
      streams.agency.until((heard) => isDeepStrictEqual(reservationsHeard(heard).slice(-2), told.agency)),
    ]);
    // a stream hears every change committed after it opened; a hold committed just before may be told as well (its look was under way), once
    const heardBefore = { staff: reservationsHeard(staff).slice(0, -4), agency: reservationsHeard(agency).slice(0, -2) };
    expect(reservationsHeard(staff).slice(-4)).toEqual(told.staff);
    expect(reservationsHeard(agency).slice(-2)).toEqual(told.agency);
    expect(heardBefore.staff.every((id, at) => (id === others || id === own) && heardBefore.staff.indexOf(id) === at)).toBe(true);
    expect(heardBefore.agency.every((id) => id === own) && heardBefore.agency.length <= 1).toBe(true);
    expect(staff.find((change) => change.reservationId === own)).toEqual({ kind: "reservation", reservationId: own, cruiseId: ids.june });
  });
});
