import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { createLogger } from "../../server/log.ts";
import { outboxMailer } from "../../server/mail/mailer.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { runDueWork } from "../../server/reservations/worker.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import type { PenaltiesReport } from "../../src/api/reports.ts";
import { decimalOfCents } from "../../src/machines/domain/money.ts";
import { defaultHoldPolicy } from "../../src/machines/domain/timeLimit.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, dataOf, HOUR, idOfNamed, payDeposit, request, sessionFor, snapshot, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 38, items 4 and 5 (decision 067): a sale's cancellation keeps its penalty (the deposit
 * early, all of it late, on a space's share when one space leaves), stored on the event and in the
 * read tables, shown on the account with the refund due; an admin waives it for a reason, and
 * nobody else; the reservations list narrows by money state and sorts by balance; a balance owed
 * is mailed to the executive and the agency a week before its due date and on the day, once; the
 * penalties report lists each penalty kept and waived on its day, with its tables as files.
 * The server's clock is 1 March 2030: the June departure is 97 days out (the deposit is kept),
 * the April one 41 (inside the 60-day balance window: all is due to confirm, and kept).
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { june: 0, april: 0, metropolitan: 0, ownAgency: 0, male: 0, cabin3: 0, cabin4: 0 };
const DAY = 24 * HOUR;

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });
const answered = (answer: Answer) => [answer.status, dataOf(answer)];

interface Account {
  readonly dueCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
  readonly depositDueCents: number;
  readonly moneyState: string;
  readonly penaltyCents: number;
  readonly keptPenaltyCents: number;
  readonly refundDueCents: number;
}

interface Detail {
  readonly state: string;
  readonly price: { readonly total: number; readonly net: number };
  readonly bookings: ReadonlyArray<{ readonly spaces: ReadonlyArray<{ readonly id: number; readonly state: string }> }>;
}

const departure = async (startDate: string): Promise<number> => {
  const body = {
    yachtId: await idOfNamed(db, "yachts", "Galápagos Explorer"),
    cruiseItineraryId: await idOfNamed(db, "cruise_itineraries", "Norte 4 días"),
    startDate,
    guideIds: [await idOfNamed(db, "guides", "Juan")],
  };
  expect(answered(await call("POST", "/cruises/createCruise", body, "admin"))).toEqual([200, messages.created]);
  const [row] = await db.query<{ id: number }>("select id from cruises where start_date = $1", [startDate]);
  return row?.id ?? 0;
};

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
  ids.metropolitan = await idOfNamed(db, "agencies", "Metropolitan Touring Agencia");
  ids.male = await idOfNamed(db, "genders", "Hombre adulto");
  const [agencyUser] = await db.query<{ agency_id: number }>("select agency_id from users where email = 'agency@example.com'");
  ids.ownAgency = agencyUser?.agency_id ?? 0;
  ids.june = await departure("2030-06-06");
  ids.april = await departure("2030-04-11");
  const cabins = dataOf(await call("GET", `/cruises/${ids.june}/cabins`)) as ReadonlyArray<{ id: number; name: string }>;
  ids.cabin3 = cabins.find((cabin) => cabin.name === "3")?.id ?? 0;
  ids.cabin4 = cabins.find((cabin) => cabin.name === "4")?.id ?? 0;
});

/** A hold of two berths of a cabin on a departure for an agency (null: direct). */
const hold = async (cruiseId: number, agencyId: number | null, cabinId = ids.cabin3, role: RoleName = "sales"): Promise<number> => {
  const body = { cruiseId, agencyId, type: "general", cabins: [{ cabinId, spaces: [{ genderId: ids.male }, { genderId: ids.male }] }] };
  const answer = await call("POST", "/reservations/createReservation", body, role);
  expect(answer.status, answer.text).toBe(200);
  return (dataOf(answer) as { id: number }).id;
};

const account = async (id: number, role: RoleName = "sales"): Promise<Account> => {
  const answer = await call("GET", `/reservations/${id}/account`, undefined, role);
  expect(answer.status, answer.text).toBe(200);
  return dataOf(answer) as Account;
};

const detail = async (id: number): Promise<Detail> => dataOf(await call("GET", `/reservations/${id}`)) as Detail;

const pay = async (id: number, cents: number): Promise<void> => {
  const body = { reservationId: id, amount: decimalOfCents(cents), receivedAt: "2030-03-01", method: "transfer", reference: "TRF-9", payer: "Cliente" };
  expect(answered(await call("POST", "/payments/recordPayment", body))).toEqual([200, messages.created]);
};

const confirm = async (id: number): Promise<void> => {
  expect(answered(await call("PUT", `/reservations/confirmReservation/${id}`, {}))).toEqual([200, messages.updated]);
};

const cancel = async (id: number, role: RoleName = "sales"): Promise<void> => {
  expect(answered(await call("PUT", `/reservations/cancelReservation/${id}`, { reason: "El cliente desistió" }, role))).toEqual([200, messages.updated]);
};

/** A direct sale with its deposit paid and confirmed. */
const sold = async (cruiseId: number, cabinId = ids.cabin3): Promise<number> => {
  const id = await hold(cruiseId, null, cabinId);
  await payDeposit(server, tokens.get("sales") ?? "", id);
  await confirm(id);
  return id;
};

const waive = (id: number, reason: string, role: RoleName = "admin") => call("PUT", `/reservations/waivePenalty/${id}`, { reason }, role);

/** The penalties a reservation's cancel events stored, in order. */
const storedPenalties = async (id: number): Promise<ReadonlyArray<unknown>> =>
  (
    await db.query<{ penalty: unknown }>(
      "select data->'penaltyCents' as penalty from events where stream = 'reservation' and stream_id = $1 and type in ('reservation.cancel', 'space.cancel') order by version",
      [String(id)],
    )
  ).map(({ penalty }) => penalty);

const keptInTable = async (id: number): Promise<number | undefined> =>
  (await db.query<{ penalty_cents: number }>("select penalty_cents from reservations where id = $1", [id]))[0]?.penalty_cents;

describe("a cancellation's penalty", () => {
  it("keeps the deposit of a sale canceled 60 days or more before departure, and owes back what was paid beyond it", async () => {
    const id = await sold(ids.june);
    const live = await account(id);
    // what cancelling today would keep: the deposit due, judged on the confirmation day
    expect(live).toMatchObject({ penaltyCents: live.depositDueCents, keptPenaltyCents: 0, refundDueCents: 0, moneyState: "depositPaid" });
    await pay(id, live.balanceCents);
    await cancel(id);
    expect(await account(id)).toEqual(
      expect.objectContaining({
        dueCents: live.depositDueCents,
        paidCents: live.dueCents,
        balanceCents: live.depositDueCents - live.dueCents,
        penaltyCents: live.depositDueCents,
        keptPenaltyCents: live.depositDueCents,
        refundDueCents: live.dueCents - live.depositDueCents,
        moneyState: "refundDue",
      }),
    );
    expect(await storedPenalties(id)).toEqual([live.depositDueCents]);
    expect(await keptInTable(id)).toBe(live.depositDueCents);
    // the refund due paid back: settled
    const refund = { reservationId: id, amount: decimalOfCents(live.dueCents - live.depositDueCents), paidAt: "2030-03-01", method: "transfer", reference: "DEV-1" };
    expect(answered(await call("POST", "/payments/recordRefund", refund))).toEqual([200, messages.created]);
    expect(await account(id)).toMatchObject({ balanceCents: 0, refundDueCents: 0, moneyState: "settled" });
  });

  it("keeps all of a sale canceled inside the balance window: settled, nothing owed back", async () => {
    const id = await sold(ids.april);
    const live = await account(id);
    // inside the window the deposit is the whole due, and so is the penalty
    expect(live).toMatchObject({ depositDueCents: live.dueCents, paidCents: live.dueCents, penaltyCents: live.dueCents, moneyState: "paid" });
    await cancel(id);
    expect(await account(id)).toMatchObject({ dueCents: live.dueCents, balanceCents: 0, penaltyCents: live.dueCents, refundDueCents: 0, moneyState: "settled" });
    expect(await storedPenalties(id)).toEqual([live.dueCents]);
  });

  it("keeps nothing of a hold, even one whose deposit was paid: all of it is owed back", async () => {
    const id = await hold(ids.april, null);
    const paid = await payDeposit(server, tokens.get("sales") ?? "", id);
    expect((await account(id)).penaltyCents).toBe(0);
    await cancel(id);
    expect(await account(id)).toMatchObject({ dueCents: 0, penaltyCents: 0, keptPenaltyCents: 0, refundDueCents: paid, moneyState: "refundDue" });
    expect(await storedPenalties(id)).toEqual([0]);
  });

  it("keeps the penalty on a space's share when one space of a sale leaves, and the rest with the last", async () => {
    const id = await sold(ids.april);
    const before = await account(id);
    const [first, second] = (await detail(id)).bookings.flatMap((booking) => booking.spaces);
    expect(answered(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Un pasajero no viaja" }))).toEqual([200, messages.updated]);
    const after = await detail(id);
    const liveDue = Math.round(after.price.total * 100);
    const share = before.dueCents - liveDue;
    expect(share).toBeGreaterThan(0);
    // late: the whole share is kept, so the due stands as it was and so does the paid
    expect(await account(id)).toMatchObject({ dueCents: before.dueCents, keptPenaltyCents: share, penaltyCents: before.dueCents, balanceCents: 0, moneyState: "paid" });
    expect(answered(await call("PUT", `/spaces/cancelSpace/${second?.id}`, { reason: "El otro tampoco" }))).toEqual([200, messages.updated]);
    expect(await storedPenalties(id)).toEqual([share, before.dueCents - share]);
    expect(await account(id)).toMatchObject({ dueCents: before.dueCents, keptPenaltyCents: before.dueCents, moneyState: "settled" });
  });

  it("keeps nothing when the operator cancels the departure: what was paid is owed back", async () => {
    const id = await sold(ids.april);
    const { paidCents } = await account(id);
    expect(answered(await call("PUT", `/cruises/cancelCruise/${ids.april}`, { reason: "Avería del yate" }, "admin"))).toEqual([200, messages.updated]);
    expect(await account(id)).toMatchObject({ dueCents: 0, penaltyCents: 0, refundDueCents: paidCents, moneyState: "refundDue" });
    expect(await storedPenalties(id)).toEqual([null]);
  });

  it("leaves an agency's sale on credit canceled late owing its penalty, which it may pay", async () => {
    const id = await hold(ids.april, ids.metropolitan);
    // nothing paid: the agency's credit covers the deposit, the whole due this near the departure
    await confirm(id);
    const live = await account(id);
    await cancel(id);
    expect(await account(id)).toMatchObject({ dueCents: live.dueCents, paidCents: 0, balanceCents: live.dueCents, penaltyCents: live.dueCents, moneyState: "unpaid" });
    await pay(id, live.dueCents);
    expect(await account(id)).toMatchObject({ balanceCents: 0, moneyState: "settled" });
  });
});

describe("waiving a penalty", () => {
  it("is an admin's, for a reason: what was paid of it is owed back, and the history says so in its words", async () => {
    const id = await sold(ids.june);
    const { depositDueCents } = await account(id);
    await cancel(id);
    expect(await account(id)).toMatchObject({ keptPenaltyCents: depositDueCents, refundDueCents: 0, moneyState: "settled" });
    expect(answered(await waive(id, "  Cliente frecuente: condonada  "))).toEqual([200, messages.updated]);
    expect(await account(id)).toMatchObject({ dueCents: 0, penaltyCents: 0, keptPenaltyCents: 0, refundDueCents: depositDueCents, moneyState: "refundDue" });
    expect(await keptInTable(id)).toBe(0);
    const history = dataOf(await call("GET", `/history/reservation/${id}`, undefined, "admin")) as ReadonlyArray<{
      readonly type: string;
      readonly changes: ReadonlyArray<{ readonly field: string; readonly after: unknown }>;
    }>;
    const waived = history.find((entry) => entry.type === "reservation.waivePenalty");
    expect(waived?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "reason", after: "Cliente frecuente: condonada" }),
        expect.objectContaining({ field: "waivedCents", after: depositDueCents }),
      ]),
    );
    expect(history.find((entry) => entry.type === "reservation.cancel")?.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "penaltyCents", after: depositDueCents })]),
    );
    // nothing is kept any more
    expect(answered(await waive(id, "Otra vez"))).toEqual([409, messages.noPenaltyToWaive]);
  });

  it("is refused to everybody else, without a reason or with one too long, where nothing is kept, and writes nothing", async () => {
    const canceled = await sold(ids.june);
    await cancel(canceled);
    const confirmed = await sold(ids.june, ids.cabin4);
    const held = await hold(ids.april, null);
    const mine = await hold(ids.april, ids.ownAgency, ids.cabin4, "agency");
    const before = await snapshot(db);
    for (const role of ["sales", "marketing", "agency"] as const) {
      expect(answered(await waive(canceled, "Por favor", role)), role).toEqual([403, messages.forbidden]);
    }
    expect(answered(await waive(mine, "La mía", "agency"))).toEqual([403, messages.forbidden]);
    expect(answered(await waive(canceled, ""))).toEqual([400, messages.requiredInformation]);
    expect(answered(await waive(canceled, "   "))).toEqual([400, messages.requiredInformation]);
    expect(answered(await waive(canceled, "x".repeat(301)))).toEqual([400, messages.invalidInput]);
    expect(answered(await call("PUT", `/reservations/waivePenalty/${canceled}`, {}, "admin"))).toEqual([400, messages.requiredInformation]);
    // a live sale keeps nothing until something of it is canceled; a hold can never keep any
    expect(answered(await waive(confirmed, "Nada que condonar"))).toEqual([409, messages.noPenaltyToWaive]);
    expect(answered(await waive(held, "Una reserva bloqueada"))).toEqual([409, messages.notAllowedNow]);
    expect(answered(await waive(999_999, "No existe"))).toEqual([404, messages.notFound]);
    expect(await snapshot(db)).toEqual(before);
  });

  it("of a space canceled alone leaves the live sale owing its spaces only", async () => {
    const id = await sold(ids.april);
    const [first] = (await detail(id)).bookings.flatMap((booking) => booking.spaces);
    expect(answered(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Un pasajero no viaja" }))).toEqual([200, messages.updated]);
    const kept = (await account(id)).keptPenaltyCents;
    expect(answered(await waive(id, "Enfermedad con certificado"))).toEqual([200, messages.updated]);
    const liveDue = Math.round((await detail(id)).price.total * 100);
    expect(await account(id)).toMatchObject({ dueCents: liveDue, keptPenaltyCents: 0, refundDueCents: kept, moneyState: "refundDue" });
  });
});

describe("penalties and balance reminders", () => {
  it("are rebuilt from their events into the same rows", async () => {
    const id = await sold(ids.april);
    const [first] = (await detail(id)).bookings.flatMap((booking) => booking.spaces);
    expect(answered(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Un pasajero no viaja" }))).toEqual([200, messages.updated]);
    const other = await sold(ids.june, ids.cabin4);
    await cancel(other);
    expect(answered(await waive(other, "Cortesía"))).toEqual([200, messages.updated]);
    const rows = () => db.query("select id, status, version, penalty_cents, balance_reminders, price from reservations order by id");
    const live = await rows();
    const [count] = await db.query<{ events: number }>("select count(*)::int as events from events");
    expect(await rebuildProjections(db)).toBe(count?.events);
    expect(await rows()).toEqual(live);
  });
});

describe("the reservations list by money", () => {
  it("narrows to a money state and sorts by balance, for the readers of money only", async () => {
    const unpaid = await hold(ids.june, null);
    const deposit = await sold(ids.june, ids.cabin4);
    const refundDue = await hold(ids.april, null);
    await payDeposit(server, tokens.get("sales") ?? "", refundDue);
    await cancel(refundDue);
    const listed = async (query: string, role: RoleName = "sales") => {
      const answer = await call("GET", `/reservations?${query}`, undefined, role);
      expect(answer.status, answer.text).toBe(200);
      return { ids: (dataOf(answer) as ReadonlyArray<{ id: number }>).map(({ id }) => id), total: (JSON.parse(answer.text) as { meta: { total: number } }).meta.total };
    };
    expect(await listed("moneyState=refundDue")).toEqual({ ids: [refundDue], total: 1 });
    expect(await listed("moneyState=depositPaid")).toEqual({ ids: [deposit], total: 1 });
    expect((await listed("moneyState=unpaid")).ids).toContain(unpaid);
    expect((await listed("moneyState=unpaid")).ids).not.toContain(deposit);
    // the largest balance first: the unpaid hold owes all, the sale its balance, the refund due a negative balance
    const balances = new Map<number, number>();
    for (const id of [unpaid, deposit, refundDue]) balances.set(id, (await account(id)).balanceCents);
    const sorted = (await listed("sort=balance")).ids.filter((id) => balances.has(id));
    expect(sorted).toEqual([...balances.keys()].sort((a, b) => (balances.get(b) ?? 0) - (balances.get(a) ?? 0)));
    expect(sorted.at(-1)).toBe(refundDue);
    // the smallest first when asked
    expect((await listed("sort=balance&order=asc")).ids.filter((id) => balances.has(id))).toEqual([...sorted].reverse());
    // paged after narrowing
    expect(await listed("moneyState=unpaid&sort=balance&pageSize=1&page=1")).toMatchObject({ ids: [unpaid] });
    // a column's order kept among a money state's reservations
    await hold(ids.april, null);
    const byCode = (await listed("moneyState=unpaid&sort=code&order=desc")).ids;
    const codes = await Promise.all(byCode.map(async (id) => (dataOf(await call("GET", `/reservations/${id}`)) as { code: string }).code));
    expect(codes.length).toBeGreaterThan(1);
    expect(codes).toEqual([...codes].sort().reverse());
    // an agency user narrows its own agency's only
    const mine = await hold(ids.april, ids.ownAgency, ids.cabin4, "agency");
    expect(await listed("moneyState=unpaid", "agency")).toEqual({ ids: [mine], total: 1 });
    expect(answered(await call("GET", "/reservations?moneyState=refundDue", undefined, "marketing"))).toEqual([403, messages.forbidden]);
    expect(answered(await call("GET", "/reservations?sort=balance", undefined, "marketing"))).toEqual([403, messages.forbidden]);
    expect((await call("GET", "/reservations", undefined, "marketing")).status).toBe(200);
    expect(answered(await call("GET", "/reservations?moneyState=owing"))).toEqual([400, messages.invalidInput]);
    expect(answered(await call("GET", "/reservations?sort=owed"))).toEqual([400, messages.invalidInput]);
  });
});

describe("balance reminders", () => {
  const dueWork = () =>
    runDueWork({ db, mailer: outboxMailer(db, createLogger("silent")), policy: defaultHoldPolicy, now: server.clock.now(), log: createLogger("silent") });
  const mails = (code: string) =>
    db.query<{ to: string; subject: string; text: string }>('select "to", subject, text from outbox where subject like $1 order by id', [`%${code}%`]);

  it("mail the executive and the agency a week before the balance due date and on the day, once each, whatever runs them", async () => {
    // an agency's sale on credit owing everything; its balance is due on 7 April 2030 (60 days before 6 June)
    const owing = await hold(ids.june, ids.metropolitan);
    await confirm(owing);
    // a sale paid in full is never reminded
    const paid = await sold(ids.june, ids.cabin4);
    await pay(paid, (await account(paid)).balanceCents);
    const { code } = dataOf(await call("GET", `/reservations/${owing}`)) as { code: string };
    const [agency] = await db.query<{ email: string }>("select details->>'email' as email from agencies where id = $1", [ids.metropolitan]);
    const reminded = async () => (await Promise.all([dueWork(), dueWork()])).reduce((sum, round) => sum + round.balanceReminded, 0);
    const moves = [
      // 30 March in Ecuador: eight days before, nothing yet
      [29 * DAY, 0],
      // 31 March: seven days before, two servers at once: one reminder
      [DAY, 1],
      [HOUR, 0],
      // 6 April: still that week, already told
      [6 * DAY, 0],
      // 7 April: the due day
      [DAY, 1],
      [3 * HOUR, 0],
      // 8 April: overdue, nothing more is mailed
      [DAY, 0],
    ] as const;
    let moved = 0;
    try {
      expect(await reminded()).toBe(0);
      for (const [by, expected] of moves) {
        server.clock.advance(by);
        moved += by;
        expect(await reminded(), new Date(server.clock.now()).toISOString()).toBe(expected);
      }
    } finally {
      server.clock.advance(-moved);
    }
    const sent = await mails(code);
    expect(sent.map(({ to }) => to).sort()).toEqual(["sales@example.com", "sales@example.com", agency?.email, agency?.email].sort());
    expect(sent.filter(({ subject }) => subject.includes("balance due today"))).toHaveLength(2);
    expect(sent[0]?.text).toContain("07/04/2030");
    expect(await mails((dataOf(await call("GET", `/reservations/${paid}`)) as { code: string }).code)).toEqual([]);
    const events = await db.query<{ reminder: string }>(
      "select data->>'reminder' as reminder from events where stream = 'reservation' and stream_id = $1 and type = 'reservation.remindBalance' order by version",
      [String(owing)],
    );
    expect(events.map(({ reminder }) => reminder)).toEqual(["weekBefore", "dueDay"]);
    // what was sent is in the events: a rebuilt database (a restarted server) sends neither again
    const sentRows = () => db.query("select id, version, balance_reminders from reservations order by id");
    const before = await sentRows();
    await rebuildProjections(db);
    expect(await sentRows()).toEqual(before);
    expect(before.find((row) => (row as { id: number }).id === owing)).toMatchObject({ balance_reminders: ["weekBefore", "dueDay"] });
  });
});

describe("the penalties report", () => {
  const report = async (query: string): Promise<PenaltiesReport> => {
    const answer = await call("GET", `/reports/penalties?${query}`);
    expect(answer.status, answer.text).toBe(200);
    return dataOf(answer) as PenaltiesReport;
  };
  const download = (path: string) => fetch(`${server.base}/api${path}`, { headers: { authorization: `Bearer ${tokens.get("sales")}` } });
  /** Cents as the CSV writes them: `1234.56`. */
  const plain = (cents: number): string => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

  it("lists each penalty kept and waived on its day in Ecuador, by agency and by month, and saves its tables with amounts as numbers", async () => {
    // a direct sale canceled early keeps its deposit; an agency's sale on credit keeps a space's share, late
    const early = await sold(ids.june);
    const deposit = (await account(early)).depositDueCents;
    await cancel(early);
    const late = await hold(ids.april, ids.metropolitan);
    await confirm(late);
    // a hold canceled keeps nothing: no entry
    const held = await hold(ids.june, null, ids.cabin4);
    await cancel(held);
    let moved = 0;
    let share = 0;
    try {
      // 21:00 of 1 March in Ecuador (already 2 March in UTC): the waiver's day is 1 March
      server.clock.advance(17 * HOUR);
      moved += 17 * HOUR;
      // sessions last 12 hours: admin and sales sign in again
      const staff = await db.query<{ id: number; email: string }>("select id, email from users where email in ('admin@example.com', 'sales@example.com')");
      const renewed = new Map(tokens);
      for (const { id, email } of staff) renewed.set(email === "admin@example.com" ? "admin" : "sales", await sessionFor(server, db, id));
      tokens = renewed;
      expect(answered(await waive(early, "Cliente frecuente"))).toEqual([200, messages.updated]);
      // 01:00 of 2 March in Ecuador
      server.clock.advance(4 * HOUR);
      moved += 4 * HOUR;
      const [first] = (await detail(late)).bookings.flatMap((booking) => booking.spaces);
      expect(answered(await call("PUT", `/spaces/cancelSpace/${first?.id}`, { reason: "Un pasajero no viaja" }))).toEqual([200, messages.updated]);
      share = (await account(late)).keptPenaltyCents;
    } finally {
      server.clock.advance(-moved);
    }
    expect(deposit).toBeGreaterThan(0);
    expect(share).toBeGreaterThan(0);
    const codes = async (id: number) => dataOf(await call("GET", `/reservations/${id}`)) as { code: string; cruiseCode: string };
    const sale = await codes(early);
    const credit = await codes(late);
    const agency = "Metropolitan Touring Agencia";

    const march = await report("from=2030-03-01&to=2030-03-31");
    expect(march.penalties.map(({ day, kind, reservationId, agencyName, reason, amountCents }) => [day, kind, reservationId, agencyName, reason, amountCents])).toEqual([
      ["2030-03-01", "reservationCanceled", early, null, "El cliente desistió", deposit],
      ["2030-03-01", "waived", early, null, "Cliente frecuente", -deposit],
      ["2030-03-02", "spaceCanceled", late, agency, "Un pasajero no viaja", share],
    ]);
    const direct = { agencyId: null, agencyName: null, cancellations: 1, waivers: 1, keptCents: deposit, waivedCents: deposit, netCents: 0 };
    const metropolitan = { agencyId: ids.metropolitan, agencyName: agency, cancellations: 1, waivers: 0, keptCents: share, waivedCents: 0, netCents: share };
    expect(march.agencies).toEqual([direct, metropolitan].sort((a, b) => b.keptCents - a.keptCents));
    expect(march.months).toEqual([{ month: "2030-03", keptCents: deposit + share, waivedCents: deposit, netCents: share }]);
    expect(march.total).toEqual({ cancellations: 2, waivers: 1, keptCents: deposit + share, waivedCents: deposit, netCents: share });
    // the period's days are Ecuador's: the waiver decided at 02:00 UTC of 2 March is not of 2 March
    expect((await report("from=2030-03-02&to=2030-03-02")).penalties.map(({ kind }) => kind)).toEqual(["spaceCanceled"]);
    expect(await report("from=2030-02-01&to=2030-02-28")).toEqual({
      from: "2030-02-01",
      to: "2030-02-28",
      agencies: [],
      months: [{ month: "2030-02", keptCents: 0, waivedCents: 0, netCents: 0 }],
      penalties: [],
      total: { cancellations: 0, waivers: 0, keptCents: 0, waivedCents: 0, netCents: 0 },
    });

    const csv = await download("/reports/penalties?from=2030-03-01&to=2030-03-31&format=csv&table=penalties");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await csv.arrayBuffer());
    // a byte-order mark first, so Excel reads the accents
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8").trimEnd().split("\r\n")).toEqual([
      "Día,Reserva,Agencia,Salida,Zarpe,Origen,Motivo,Monto",
      `2030-03-01,${sale.code},Cliente directo,${sale.cruiseCode} · Galápagos Explorer,2030-06-06,Reserva cancelada,El cliente desistió,${plain(deposit)}`,
      `2030-03-01,${sale.code},Cliente directo,${sale.cruiseCode} · Galápagos Explorer,2030-06-06,Condonación,Cliente frecuente,-${plain(deposit)}`,
      `2030-03-02,${credit.code},${agency},${credit.cruiseCode} · Galápagos Explorer,2030-04-11,Espacio cancelado,Un pasajero no viaja,${plain(share)}`,
    ]);
    const answer = await download("/reports/penalties?from=2030-03-01&to=2030-03-31&format=xlsx&table=months&lang=en");
    expect(answer.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push([1, 2, 3, 4].map((cell) => row.getCell(cell).value)));
    expect(rows).toContainEqual(["Month", "Kept", "Waived", "Net kept"]);
    expect(rows).toContainEqual(["2030-03", (deposit + share) / 100, deposit / 100, share / 100]);
  });

  it("is read by admin and sales only, for a period judged as every report's", async () => {
    for (const role of ["admin", "sales"] as const) expect((await call("GET", "/reports/penalties?from=2030-03-01&to=2030-03-31", undefined, role)).status).toBe(200);
    for (const role of ["marketing", "agency"] as const) {
      expect(answered(await call("GET", "/reports/penalties?from=2030-03-01&to=2030-03-31", undefined, role))).toEqual([403, messages.forbidden]);
    }
    expect(answered(await call("GET", "/reports/penalties"))).toEqual([400, messages.reportDatesRequired]);
    expect(answered(await call("GET", "/reports/penalties?from=2030-03-31&to=2030-03-01"))).toEqual([400, messages.periodReversed]);
    expect(answered(await call("GET", "/reports/penalties?from=2030-03-01&to=2030-03-31&table=nothing"))).toEqual([400, messages.invalidInput]);
  });
});
