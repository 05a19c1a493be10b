import { join } from "node:path";
import ExcelJS from "exceljs";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";
import { type Answer, dataOf, HOUR, idOfNamed, payDeposit, request, sessionFor, staffTokens, startServer, type TestServer } from "./support.ts";

/**
 * Issue 38, items 6 and 7 (decision 068): a payment's receipt (PDF), an agency's statement for a
 * period (PDF and XLSX), the voucher's paid and balance, and the receivables and payments
 * reports with their CSV and XLSX. Every amount is checked against cents this file works out
 * itself, written as the language writes money in the PDF, as a number in the CSV and the XLSX.
 */
const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
const ids = { june: 0, cuenca: 0, quito: 0, ownAgency: 0, male: 0, explorer: 0, north: 0, juan: 0 };
const DAY = 24 * HOUR;

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (method: string, path: string, body?: unknown, role: RoleName = "sales") =>
  request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", ...(body === undefined ? {} : { body }) });
const answered = (answer: Answer) => [answer.status, dataOf(answer)];

const ok = async (answer: Promise<Answer>): Promise<unknown> => {
  const settled = await answer;
  expect(settled.status, settled.text).toBe(200);
  return dataOf(settled);
};

/** The raw answer of a file download. */
const download = (path: string, role: RoleName = "sales") => fetch(`${server.base}/api${path}`, { headers: { authorization: `Bearer ${tokens.get(role)}` } });

/** pdf.js reads PDF's standard fonts' widths from its own files. */
const standardFonts = `${join(import.meta.dirname, "..", "..", "node_modules", "pdfjs-dist", "standard_fonts")}/`;

/** A PDF's text, and how many images its first page draws. */
const pdfRead = async (bytes: Uint8Array): Promise<{ readonly text: string; readonly images: number }> => {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl: standardFonts }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const operators = await (await pdf.getPage(1)).getOperatorList();
  // pdf.js answers words and the blanks between them as separate items
  return { text: texts.join(" ").replace(/\s+/g, " "), images: operators.fnArray.filter((operator) => operator === OPS.paintImageXObject).length };
};

/** A PDF download: its header checked, its bytes and its text. */
const pdfOf = async (path: string, role: RoleName = "sales") => {
  const answer = await download(path, role);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await answer.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  return { ...(await pdfRead(bytes)), disposition: answer.headers.get("content-disposition") };
};

const sheetOf = async (path: string, role: RoleName = "sales"): Promise<ExcelJS.Worksheet> => {
  const answer = await download(path, role);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await answer.arrayBuffer());
  const [sheet] = workbook.worksheets;
  if (sheet === undefined) throw new Error("no sheet");
  return sheet;
};

/** The first row of a sheet whose first cell is `text`. */
const rowStarting = (sheet: ExcelJS.Worksheet, text: string): ExcelJS.Row => {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (found === undefined && row.getCell(1).value === text) found = row;
  });
  if (found === undefined) throw new Error(`no row starting with ${text}`);
  return found;
};

/** Cents as Ecuador writes money (`US$ 1.234,56`, `US$ -75,05`), worked out digit by digit here. */
const spanish = (cents: number): string => {
  const whole = String(Math.trunc(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `US$ ${cents < 0 ? "-" : ""}${whole},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
};
/** The same as the United States writes it (`US$ 1,234.56`). */
const english = (cents: number): string => spanish(cents).replace(/[.,]/g, (mark) => (mark === "." ? "," : "."));
/** Cents as the CSV writes them: `1234.56`, `-20.00`. */
const plain = (cents: number): string => `${cents < 0 ? "-" : ""}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

const schedule = async (startDate: string): Promise<number> => {
  await ok(call("POST", "/cruises/createCruise", { yachtId: ids.explorer, cruiseItineraryId: ids.north, startDate, guideIds: [ids.juan] }, "admin"));
  const [row] = await db.query<{ id: number }>("select id from cruises where start_date = $1::date and yacht_id = $2", [startDate, ids.explorer]);
  return row?.id ?? 0;
};

beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "marketing", "sales", "agency"]);
  ids.explorer = await idNamed("yachts", "Galápagos Explorer");
  ids.north = await idNamed("cruise_itineraries", "Norte 4 días");
  ids.juan = await idNamed("guides", "Juan");
  ids.cuenca = await idNamed("agencies", "Cuenca Travel");
  ids.quito = await idNamed("agencies", "Metropolitan Touring Agencia");
  ids.male = await idNamed("genders", "Hombre adulto");
  const [agencyUser] = await db.query<{ agency_id: number }>("select agency_id from users where email = 'agency@example.com'");
  ids.ownAgency = agencyUser?.agency_id ?? 0;
  ids.june = await schedule("2030-06-06");
});

interface Account {
  readonly totalCents: number;
  readonly commissionCents: number;
  readonly dueCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
}

const cabinOf = async (cruiseId: number, name: string): Promise<number> =>
  ((await ok(call("GET", `/cruises/${cruiseId}/cabins`))) as ReadonlyArray<{ id: number; name: string }>).find((cabin) => cabin.name === name)?.id ?? 0;

/** A hold of two berths of a cabin for an agency (null: direct), by sales unless said; its id and code. */
const hold = async (agencyId: number | null, cabin = "3", cruiseId = ids.june, role: RoleName = "sales"): Promise<{ readonly id: number; readonly code: string }> => {
  const body = { cruiseId, agencyId, type: "general", cabins: [{ cabinId: await cabinOf(cruiseId, cabin), spaces: [{ genderId: ids.male }, { genderId: ids.male }] }] };
  const { id } = (await ok(call("POST", "/reservations/createReservation", body, role))) as { id: number };
  const { code } = (await ok(call("GET", `/reservations/${id}`, undefined, role))) as { code: string };
  return { id, code };
};

const account = async (reservationId: number): Promise<Account> => (await ok(call("GET", `/reservations/${reservationId}/account`))) as Account;

const record = (reservationId: number, amount: string, overrides: Record<string, unknown> = {}, role: RoleName = "sales") =>
  ok(
    call(
      "POST",
      role === "agency" ? "/payments/reportPayment" : "/payments/recordPayment",
      { reservationId, amount, receivedAt: "2030-03-01", method: "transfer", reference: "BP-0042", payer: "Cuenca Travel", ...overrides },
      role,
    ),
  );

const refund = (reservationId: number, amount: string, overrides: Record<string, unknown> = {}) =>
  ok(call("POST", "/payments/recordRefund", { reservationId, amount, paidAt: "2030-03-01", method: "transfer", reference: "DEV-1", ...overrides }));

/** The id of the newest payment of a reservation. */
const newest = async (reservationId: number, role: RoleName = "sales"): Promise<number> =>
  ((await ok(call("GET", `/payments?reservationId=${reservationId}`, undefined, role))) as ReadonlyArray<{ id: number }>)[0]?.id ?? 0;

/** Each role signs in again: sessions last 12 hours, and some tests move the clock by months. */
const signInAgain = async (): Promise<void> => {
  const fresh = new Map<RoleName, string>();
  for (const role of tokens.keys()) {
    const [user] = await db.query<{ id: number }>("select id from users where email = $1", [`${role}@example.com`]);
    fresh.set(role, await sessionFor(server, db, user?.id ?? 0));
  }
  tokens = fresh;
};

describe("a payment's receipt", () => {
  it("is the payment, its reservation and the account after it, drawn as a PDF with the company's logo, billing and bank data, amounts exact", async () => {
    const { id, code } = await hold(ids.cuenca);
    await record(id, "1234.56");
    const paymentId = await newest(id);
    const { dueCents } = await account(id);
    const number = String(paymentId).padStart(6, "0");
    expect(await ok(call("GET", `/payments/${paymentId}/receipt`))).toMatchObject({
      number,
      payment: { id: paymentId, amountCents: 123_456, state: "recorded", method: "transfer", reference: "BP-0042" },
      reservation: { id, code, agencyName: "Cuenca Travel", yachtName: "Galápagos Explorer", startDate: "2030-06-06" },
      account: { dueCents, paidCents: 123_456, balanceCents: dueCents - 123_456 },
    });

    const spanishPdf = await pdfOf(`/payments/${paymentId}/receipt?format=pdf`);
    expect(spanishPdf.disposition).toBe(`attachment; filename="receipt-${number}.pdf"`);
    for (const expected of [
      `Recibo de pago N.º ${number}`,
      `Reserva ${code}`,
      "Recibimos de Cuenca Travel",
      `La suma de ${spanish(123_456)}`,
      "Transferencia",
      "BP-0042",
      `Adeudado ${spanish(dueCents)}`,
      `Saldo ${spanish(dueCents - 123_456)}`,
      // the company's billing and bank data
      "Islas Cruceros",
      "RUC: 1791234567001",
      "Av. Amazonas N24-03 y Colón, Quito",
      "Banco del Pichincha",
      "2100123456",
      "Corriente",
    ]) {
      expect(spanishPdf.text).toContain(expected);
    }
    // the company's logo is drawn on it
    expect(spanishPdf.images).toBe(1);

    const englishPdf = await pdfOf(`/payments/${paymentId}/receipt?format=pdf&lang=en`);
    for (const expected of [`Payment receipt No. ${number}`, `The sum of ${english(123_456)}`, `Balance ${english(dueCents - 123_456)}`, "Transfer", "Current"]) {
      expect(englishPdf.text).toContain(expected);
    }
  });

  it("of a voided payment is drawn void with its reason; a refund, a reported or a rejected transfer has none", async () => {
    const { id } = await hold(ids.cuenca);
    await record(id, "300");
    const voided = await newest(id);
    await ok(call("PUT", `/payments/voidPayment/${voided}`, { reason: "Registrado dos veces" }));
    const { text } = await pdfOf(`/payments/${voided}/receipt?format=pdf`);
    expect(text).toContain("ANULADO");
    expect(text).toContain("Motivo de la anulación Registrado dos veces");

    await record(id, "100");
    await refund(id, "50");
    expect(answered(await call("GET", `/payments/${await newest(id)}/receipt`))).toEqual([404, messages.notFound]);
    const own = await hold(ids.ownAgency, "4", ids.june, "agency");
    await record(own.id, "75", {}, "agency");
    const reported = await newest(own.id);
    expect(answered(await call("GET", `/payments/${reported}/receipt`))).toEqual([404, messages.notFound]);
    await ok(call("PUT", `/payments/rejectPayment/${reported}`, { reason: "No llegó" }));
    expect(answered(await call("GET", `/payments/${reported}/receipt`))).toEqual([404, messages.notFound]);
    expect(answered(await call("GET", "/payments/999999/receipt"))).toEqual([404, messages.notFound]);
  });

  it("is read by admin and sales, and by an agency user for its own agency's payments only; never by marketing", async () => {
    const theirs = await hold(ids.cuenca);
    await record(theirs.id, "10");
    const theirPayment = await newest(theirs.id);
    const mine = await hold(ids.ownAgency, "4", ids.june, "agency");
    await record(mine.id, "20", { payer: "Ikarus Tours" });
    const myPayment = await newest(mine.id);
    for (const role of ["admin", "sales"] as const) expect((await call("GET", `/payments/${theirPayment}/receipt`, undefined, role)).status).toBe(200);
    expect(answered(await call("GET", `/payments/${theirPayment}/receipt`, undefined, "marketing"))).toEqual([403, messages.forbidden]);
    expect(answered(await call("GET", `/payments/${theirPayment}/receipt`, undefined, "agency"))).toEqual([404, messages.notFound]);
    expect((await call("GET", `/payments/${myPayment}/receipt`, undefined, "agency")).status).toBe(200);
    // the agency's own receipt, in the agency's language (Ikarus Tours reads English)
    expect((await pdfOf(`/payments/${myPayment}/receipt?format=pdf`, "agency")).text).toContain(`The sum of ${english(2000)}`);
  });
});

describe("the voucher", () => {
  it("shows what is paid and the balance, from the account's cents", async () => {
    const { id } = await hold(ids.cuenca);
    await record(id, "1234.56");
    const { dueCents } = await account(id);
    const voucher = (await ok(call("GET", `/reservations/${id}/voucher`))) as { totals: ReadonlyArray<{ label: string; value: string }> };
    expect(voucher.totals.slice(-2)).toEqual([
      { label: "Pagado", value: spanish(123_456) },
      { label: "Saldo", value: spanish(dueCents - 123_456) },
    ]);
    const { text } = await pdfOf(`/reservations/${id}/voucher?format=pdf`);
    expect(text).toContain(`Pagado ${spanish(123_456)}`);
    expect(text).toContain(`Saldo ${spanish(dueCents - 123_456)}`);
  });
});

interface Statement {
  readonly openingCents: number;
  readonly chargedCents: number;
  readonly paidCents: number;
  readonly closingCents: number;
  readonly reservations: ReadonlyArray<{
    readonly reservationId: number;
    readonly code: string;
    readonly totalCents: number;
    readonly commissionCents: number;
    readonly netCents: number;
    readonly openingCents: number;
    readonly chargedCents: number;
    readonly paidCents: number;
    readonly balanceCents: number;
  }>;
  readonly payments: ReadonlyArray<{ readonly reservationCode: string; readonly kind: string; readonly receivedAt: string; readonly amountCents: number }>;
}

describe("an agency's statement", () => {
  /**
   * Cuenca Travel's two holds of 1 March 2030, with money received in February (before they were
   * booked: what the opening balance of March reads) and March, a refund and a voided payment;
   * a canceled hold with nothing paid; a direct client's and another agency's reservations.
   */
  const sales = async () => {
    const a = await hold(ids.cuenca, "3");
    await record(a.id, "250.50", { receivedAt: "2030-02-15" });
    await record(a.id, "1000.00", { receivedAt: "2030-03-01", method: "cash" });
    const b = await hold(ids.cuenca, "4");
    await record(b.id, "500.25", { receivedAt: "2030-02-20", method: "card" });
    await record(b.id, "40.00", { receivedAt: "2030-02-21" });
    await ok(call("PUT", `/payments/voidPayment/${await newest(b.id)}`, { reason: "Registrado dos veces" }));
    await refund(b.id, "100.00");
    const canceled = await hold(ids.cuenca, "5");
    await ok(call("PUT", `/reservations/cancelReservation/${canceled.id}`, { reason: "El cliente desistió" }));
    const direct = await hold(null, "6");
    await record(direct.id, "10.00", { payer: "Ana Pérez" });
    const other = await hold(ids.quito, "7");
    await record(other.id, "10.00", { payer: "Metropolitan" });
    return { a, b, canceled, direct, other };
  };

  const statement = async (from: string, to: string, role: RoleName = "sales"): Promise<Statement> =>
    (await ok(call("GET", `/agencies/${ids.cuenca}/statement?from=${from}&to=${to}`, undefined, role))) as Statement;

  it("carries forward what was paid before the period, charges each reservation's net when it was booked, and closes at its accounts' balances", async () => {
    const { a, b } = await sales();
    const [accountA, accountB] = [await account(a.id), await account(b.id)];

    const february = await statement("2030-02-01", "2030-02-28");
    expect(february).toMatchObject({ openingCents: 0, chargedCents: 0, paidCents: 75_075, closingCents: -75_075 });
    expect(february.reservations.map((line) => [line.code, line.openingCents, line.chargedCents, line.paidCents, line.balanceCents])).toEqual([
      [a.code, 0, 0, 25_050, -25_050],
      [b.code, 0, 0, 50_025, -50_025],
    ]);
    expect(february.payments.map((payment) => [payment.receivedAt, payment.reservationCode, payment.amountCents])).toEqual([
      ["2030-02-15", a.code, 25_050],
      ["2030-02-20", b.code, 50_025],
    ]);

    const march = await statement("2030-03-01", "2030-03-31");
    expect(march.reservations).toEqual([
      {
        ...march.reservations[0],
        code: a.code,
        totalCents: accountA.totalCents,
        commissionCents: accountA.commissionCents,
        netCents: accountA.dueCents,
        openingCents: -25_050,
        chargedCents: accountA.dueCents,
        paidCents: 100_000,
        balanceCents: accountA.balanceCents,
      },
      {
        ...march.reservations[1],
        code: b.code,
        totalCents: accountB.totalCents,
        commissionCents: accountB.commissionCents,
        netCents: accountB.dueCents,
        openingCents: -50_025,
        chargedCents: accountB.dueCents,
        paidCents: -10_000,
        balanceCents: accountB.balanceCents,
      },
    ]);
    expect(march.openingCents).toBe(february.closingCents);
    expect(march.chargedCents).toBe(accountA.dueCents + accountB.dueCents);
    expect(march.paidCents).toBe(90_000);
    expect(march.closingCents).toBe(march.openingCents + march.chargedCents - march.paidCents);
    expect(march.closingCents).toBe(accountA.balanceCents + accountB.balanceCents);
    expect(march.payments.map((payment) => [payment.reservationCode, payment.kind, payment.amountCents])).toEqual([
      [a.code, "payment", 100_000],
      [b.code, "refund", -10_000],
    ]);
    // a period with nothing booked, paid nor owed has no lines
    expect(await statement("2029-01-01", "2029-12-31")).toMatchObject({ openingCents: 0, closingCents: 0, reservations: [], payments: [] });
  });

  it("downloads as a PDF with the company's data and as an XLSX whose amounts are numbers and days dates", async () => {
    const { a } = await sales();
    const march = await statement("2030-03-01", "2030-03-31");
    const lineA = march.reservations.find((line) => line.code === a.code);
    if (lineA === undefined) throw new Error("no line of A");

    const { text, disposition } = await pdfOf(`/agencies/${ids.cuenca}/statement?from=2030-03-01&to=2030-03-31&format=pdf`);
    expect(disposition).toBe(`attachment; filename="statement-${ids.cuenca}-2030-03-01-2030-03-31.pdf"`);
    for (const expected of [
      "Estado de cuenta de Cuenca Travel",
      "Del 01/03/2030 al 31/03/2030",
      a.code,
      spanish(lineA.balanceCents),
      `Saldo anterior ${spanish(march.openingCents)}`,
      `Saldo al cierre ${spanish(march.closingCents)}`,
      "Islas Cruceros",
      "Banco del Pichincha",
    ]) {
      expect(text).toContain(expected);
    }
    expect((await pdfOf(`/agencies/${ids.cuenca}/statement?from=2030-03-01&to=2030-03-31&format=pdf&lang=en`)).text).toContain(
      `Closing balance ${english(march.closingCents)}`,
    );

    const sheet = await sheetOf(`/agencies/${ids.cuenca}/statement?from=2030-03-01&to=2030-03-31&format=xlsx`);
    const row = rowStarting(sheet, a.code);
    // reservation, departure, sails, booked on, state, total, commission, net, brought forward, charged, paid, balance
    expect(row.getCell(3).value).toEqual(new Date("2030-06-06T00:00:00Z"));
    expect(row.getCell(4).value).toEqual(new Date("2030-03-01T00:00:00Z"));
    expect([6, 7, 8, 9, 10, 11, 12].map((cell) => row.getCell(cell).value)).toEqual(
      [lineA.totalCents, lineA.commissionCents, lineA.netCents, lineA.openingCents, lineA.chargedCents, lineA.paidCents, lineA.balanceCents].map((cents) => cents / 100),
    );
    expect(row.getCell(12).numFmt).toBe("#,##0.00");
    expect(rowStarting(sheet, "Saldo al cierre").getCell(2).value).toBe(march.closingCents / 100);
  });

  it("is read by admin and sales, by an agency user for its own agency only, never by marketing; its period judged as a report's", async () => {
    await sales();
    for (const role of ["admin", "sales"] as const) expect((await call("GET", `/agencies/${ids.cuenca}/statement?from=2030-03-01&to=2030-03-31`, undefined, role)).status).toBe(200);
    expect(answered(await call("GET", `/agencies/${ids.cuenca}/statement?from=2030-03-01&to=2030-03-31`, undefined, "marketing"))).toEqual([403, messages.forbidden]);
    expect(answered(await call("GET", `/agencies/${ids.cuenca}/statement?from=2030-03-01&to=2030-03-31`, undefined, "agency"))).toEqual([404, messages.notFound]);
    // another agency's answers as no agency, whatever the period
    expect(answered(await call("GET", `/agencies/${ids.cuenca}/statement`, undefined, "agency"))).toEqual([404, messages.notFound]);
    expect((await call("GET", `/agencies/${ids.ownAgency}/statement?from=2030-03-01&to=2030-03-31`, undefined, "agency")).status).toBe(200);
    expect(answered(await call("GET", "/agencies/999999/statement?from=2030-03-01&to=2030-03-31"))).toEqual([404, messages.notFound]);
    expect(answered(await call("GET", `/agencies/${ids.cuenca}/statement`))).toEqual([400, messages.reportDatesRequired]);
    expect(answered(await call("GET", `/agencies/${ids.cuenca}/statement?from=2030-03-31&to=2030-03-01`))).toEqual([400, messages.periodReversed]);
    expect(answered(await call("GET", `/agencies/${ids.cuenca}/statement?from=2030-03-01&to=2030-03-31&format=csv`))).toEqual([400, messages.invalidInput]);
  });
});

interface Receivables {
  readonly at: string;
  readonly agencies: ReadonlyArray<{ readonly agencyName: string | null; readonly reservations: number } & Readonly<Record<string, number | string | null>>>;
  readonly reservations: ReadonlyArray<{ readonly code: string; readonly bucket: string; readonly daysOverdue: number; readonly balanceCents: number }>;
  readonly total: Readonly<Record<string, number>>;
}

describe("the receivables report", () => {
  it("ages each sold reservation's balance from its balance due date, by agency and in total; holds owe nothing yet", async () => {
    // five departures whose balances (due 60 days before) are, on 20 September 2030, 166, 75, 47, 19 days overdue and not yet due
    const departures = [
      { start: "2030-06-06", agency: ids.cuenca, bucket: "over90", days: 166 },
      { start: "2030-09-05", agency: ids.cuenca, bucket: "days61to90", days: 75 },
      { start: "2030-10-03", agency: ids.quito, bucket: "days31to60", days: 47 },
      { start: "2030-10-31", agency: null, bucket: "days1to30", days: 19 },
      { start: "2030-11-28", agency: ids.cuenca, bucket: "notDue", days: -9 },
    ];
    const sold: Array<{ readonly code: string; readonly id: number; readonly agency: number | null; readonly bucket: string; readonly days: number }> = [];
    for (const departure of departures) {
      const cruiseId = departure.start === "2030-06-06" ? ids.june : await schedule(departure.start);
      const { id, code } = await hold(departure.agency, "3", cruiseId);
      await payDeposit(server, tokens.get("sales") ?? "", id);
      await ok(call("PUT", `/reservations/confirmReservation/${id}`, {}));
      sold.push({ id, code, agency: departure.agency, bucket: departure.bucket, days: departure.days });
    }
    // a hold with a balance is no receivable
    await hold(ids.cuenca, "4");
    const balances = new Map<number, number>();
    for (const reservation of sold) balances.set(reservation.id, (await account(reservation.id)).balanceCents);

    server.clock.advance(203 * DAY);
    try {
      await signInAgain();
      const report = (await ok(call("GET", "/reports/receivables"))) as Receivables;
      expect(report.at).toBe("2030-09-20");
      expect(report.reservations.map((line) => [line.code, line.bucket, line.daysOverdue, line.balanceCents])).toEqual(
        sold.map((reservation) => [reservation.code, reservation.bucket, reservation.days, balances.get(reservation.id)]),
      );
      const owed = (agency: number | null, bucket: string) =>
        sold.filter((reservation) => reservation.agency === agency && reservation.bucket === bucket).reduce((sum, reservation) => sum + (balances.get(reservation.id) ?? 0), 0);
      const cuenca = report.agencies.find((line) => line.agencyName === "Cuenca Travel");
      expect(cuenca).toMatchObject({
        reservations: 3,
        notDueCents: owed(ids.cuenca, "notDue"),
        days1to30Cents: 0,
        days31to60Cents: 0,
        days61to90Cents: owed(ids.cuenca, "days61to90"),
        over90Cents: owed(ids.cuenca, "over90"),
        totalCents: owed(ids.cuenca, "notDue") + owed(ids.cuenca, "days61to90") + owed(ids.cuenca, "over90"),
      });
      expect(report.agencies.find((line) => line.agencyName === null)).toMatchObject({ reservations: 1, days1to30Cents: owed(null, "days1to30") });
      expect(report.agencies.find((line) => line.agencyName === "Metropolitan Touring Agencia")).toMatchObject({ reservations: 1, days31to60Cents: owed(ids.quito, "days31to60") });
      expect(report.total.totalCents).toBe([...balances.values()].reduce((sum, cents) => sum + cents, 0));

      // the CSV: amounts as plain numbers, whatever the language; the XLSX: numeric cells
      const csv = await download("/reports/receivables?format=csv");
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const lines = (await csv.text()).trimEnd().split("\r\n");
      expect(lines[0]).toBe("Agencia,Reservas,Por vencer,1-30 días,31-60 días,61-90 días,Más de 90 días,Saldo");
      expect(lines).toContain(
        `Cuenca Travel,3,${plain(owed(ids.cuenca, "notDue"))},0.00,0.00,${plain(owed(ids.cuenca, "days61to90"))},${plain(owed(ids.cuenca, "over90"))},${plain(cuenca?.totalCents as number)}`,
      );
      const bytes = Buffer.from(await (await download("/reports/receivables?format=csv&table=reservations&lang=en")).arrayBuffer());
      // a byte-order mark first, so that Excel reads the accents
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const inEnglish = bytes.subarray(3).toString("utf8").split("\r\n");
      expect(inEnglish[0]).toBe("Reservation,Agency,Departure,Sails,Balance due date,Days overdue,Age,Balance");
      expect(inEnglish[1]?.startsWith(`${sold[0]?.code},Cuenca Travel,`)).toBe(true);
      expect(inEnglish[1]?.endsWith(`,2030-06-06,2030-04-07,166,Over 90 days,${plain(balances.get(sold[0]?.id ?? 0) ?? 0)}`)).toBe(true);
      const sheet = await sheetOf("/reports/receivables?format=xlsx");
      const row = rowStarting(sheet, "Cuenca Travel");
      expect(row.getCell(2).value).toBe(3);
      expect(row.getCell(8).value).toBe((cuenca?.totalCents as number) / 100);
      expect(row.getCell(8).numFmt).toBe("#,##0.00");
    } finally {
      server.clock.advance(-203 * DAY);
    }
  });

  it("is read by admin and sales only", async () => {
    for (const role of ["admin", "sales"] as const) expect((await call("GET", "/reports/receivables", undefined, role)).status).toBe(200);
    for (const role of ["marketing", "agency"] as const) {
      expect(answered(await call("GET", "/reports/receivables", undefined, role))).toEqual([403, messages.forbidden]);
      expect(answered(await call("GET", "/reports/receivables?format=csv", undefined, role))).toEqual([403, messages.forbidden]);
    }
  });
});

interface PaymentsReport {
  readonly methods: ReadonlyArray<Readonly<Record<string, number | string>>>;
  readonly months: ReadonlyArray<Readonly<Record<string, number | string>>>;
  readonly payments: ReadonlyArray<{ readonly receivedAt: string; readonly method: string; readonly kind: string; readonly amountCents: number }>;
  readonly total: Readonly<Record<string, number>>;
}

describe("the payments report", () => {
  it("adds up the money that moved in the period by method and by month, refunds out; reported, rejected and voided transfers count nothing", async () => {
    const a = await hold(ids.cuenca, "3");
    await record(a.id, "100.00", { receivedAt: "2030-02-10" });
    await record(a.id, "50.50", { method: "cash" });
    const b = await hold(ids.cuenca, "4");
    await record(b.id, "200.00", { receivedAt: "2030-02-20", method: "card" });
    await refund(b.id, "20.00");
    await record(b.id, "30.00", { method: "check" });
    await ok(call("PUT", `/payments/voidPayment/${await newest(b.id)}`, { reason: "Cheque sin fondos" }));
    const own = await hold(ids.ownAgency, "5", ids.june, "agency");
    await record(own.id, "10.00", {}, "agency");
    await record(own.id, "11.00", {}, "agency");
    await ok(call("PUT", `/payments/rejectPayment/${await newest(own.id)}`, { reason: "No llegó" }));
    // outside the period
    await record(a.id, "1.00", { receivedAt: "2030-01-31" });

    const report = (await ok(call("GET", "/reports/payments?from=2030-02-01&to=2030-03-31"))) as PaymentsReport;
    expect(report.methods).toEqual([
      { method: "transfer", payments: 1, refunds: 1, receivedCents: 10_000, refundedCents: 2_000, netCents: 8_000 },
      { method: "card", payments: 1, refunds: 0, receivedCents: 20_000, refundedCents: 0, netCents: 20_000 },
      { method: "cash", payments: 1, refunds: 0, receivedCents: 5_050, refundedCents: 0, netCents: 5_050 },
    ]);
    expect(report.months).toEqual([
      { month: "2030-02", transferCents: 10_000, cardCents: 20_000, cashCents: 0, checkCents: 0, creditNoteCents: 0, netCents: 30_000 },
      { month: "2030-03", transferCents: -2_000, cardCents: 0, cashCents: 5_050, checkCents: 0, creditNoteCents: 0, netCents: 3_050 },
    ]);
    expect(report.payments.map((payment) => [payment.receivedAt, payment.method, payment.kind, payment.amountCents])).toEqual([
      ["2030-02-10", "transfer", "payment", 10_000],
      ["2030-02-20", "card", "payment", 20_000],
      ["2030-03-01", "cash", "payment", 5_050],
      ["2030-03-01", "transfer", "refund", -2_000],
    ]);
    expect(report.total).toEqual({ payments: 3, refunds: 1, receivedCents: 35_050, refundedCents: 2_000, netCents: 33_050 });

    const csv = (await (await download("/reports/payments?from=2030-02-01&to=2030-03-31&format=csv")).text()).trimEnd().split("\r\n");
    expect(csv).toEqual([
      "Forma de pago,Pagos,Devoluciones,Recibido,Devuelto,Neto recibido",
      "Transferencia,1,1,100.00,20.00,80.00",
      "Tarjeta,1,0,200.00,0.00,200.00",
      "Efectivo,1,0,50.50,0.00,50.50",
    ]);
    const listed = (await (await download("/reports/payments?from=2030-02-01&to=2030-03-31&format=csv&table=payments")).text()).trimEnd().split("\r\n");
    expect(listed.at(-1)).toBe(`2030-03-01,${b.code},Cuenca Travel,,Transferencia,DEV-1,Devolución,-20.00`);
    const sheet = await sheetOf("/reports/payments?from=2030-02-01&to=2030-03-31&format=xlsx&table=months&lang=en");
    const march = rowStarting(sheet, "2030-03");
    expect([2, 3, 4, 5, 6, 7].map((cell) => march.getCell(cell).value)).toEqual([-20, 0, 50.5, 0, 0, 30.5]);
    expect(rowStarting(sheet, "Month").getCell(2).value).toBe("Transfer");
  });

  it("is read by admin and sales only, for a period judged as every report's", async () => {
    for (const role of ["admin", "sales"] as const) expect((await call("GET", "/reports/payments?from=2030-03-01&to=2030-03-31", undefined, role)).status).toBe(200);
    for (const role of ["marketing", "agency"] as const) {
      expect(answered(await call("GET", "/reports/payments?from=2030-03-01&to=2030-03-31", undefined, role))).toEqual([403, messages.forbidden]);
    }
    expect(answered(await call("GET", "/reports/payments"))).toEqual([400, messages.reportDatesRequired]);
    expect(answered(await call("GET", "/reports/payments?from=2030-01-01&to=2031-06-01"))).toEqual([400, messages.periodTooLong]);
    expect(answered(await call("GET", "/reports/payments?from=2030-03-01&to=2030-03-31&table=nothing"))).toEqual([400, messages.invalidInput]);
  });
});
