/**
 * Issue 35, item 1: hostile passenger sheets cannot freeze the server. A small XLSX that inflates
 * to 100 MB of blank cells (its headers lying about its size), an XLSX and a CSV of 520,000
 * passengers, a sheet of 201 passengers and one with a cell in column 101 are each refused with
 * 413 naming the limit within a few seconds, while /api/health keeps answering and the process's
 * memory stays bounded; a second import by the same user while the first runs is refused with
 * 429; a reading that passes its worker's memory cap is refused, not a crash (decision 059).
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blankCellsWorkbook, manyRowsCsv, manyRowsWorkbook, sharedStringsWorkbook } from "../../scripts/hostileSheets.ts";
import { seedDemoSelling } from "../../server/demo/selling.ts";
import { createSheetReader } from "../../server/passengers/sheets.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, MAX_SHEET_MB } from "../../src/api/passengers.ts";
import { type Answer, dataOf, request, staffTokens, startServer, type TestServer, idOfNamed } from "../api/support.ts";
import { keptSeed, testDatabase } from "../setup/database.ts";

const db = testDatabase();
const seedSelling = keptSeed(db, () => db.transaction((tx) => seedDemoSelling(tx, { actorId: null, occurredAt: new Date(Date.UTC(2030, 0, 10)) })));
let server: TestServer;
let tokens: ReadonlyMap<RoleName, string> = new Map();
let reservationId = 0;

const MEGABYTE = 1_048_576;

const idNamed = (table: string, name: string): Promise<number> => idOfNamed(db, table, name);

const call = (method: string, path: string, body: unknown, role: RoleName) => request(server, method, `/api${path}`, { token: tokens.get(role) ?? "", body });

beforeAll(async () => {
  server = await startServer(db);
});


afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await seedSelling();
  tokens = await staffTokens(server, db, ["admin", "sales"]);
  const scheduled = await call(
    "POST",
    "/cruises/createCruise",
    { yachtId: await idNamed("yachts", "Galápagos Explorer"), cruiseItineraryId: await idNamed("cruise_itineraries", "Norte 4 días"), startDate: "2030-06-06", guideIds: [await idNamed("guides", "Juan")] },
    "admin",
  );
  expect(scheduled.status, scheduled.text).toBe(200);
  const [june] = await db.query<{ id: number }>("select id from cruises where start_date = '2030-06-06'");
  const cabins = dataOf(await request(server, "GET", `/api/cruises/${june?.id}/cabins`, { token: tokens.get("sales") ?? "" })) as ReadonlyArray<{ id: number; name: string }>;
  const female = await idNamed("genders", "Mujer adulta");
  const held = await call(
    "POST",
    "/reservations/createReservation",
    { cruiseId: june?.id, agencyId: await idNamed("agencies", "Cuenca Travel"), type: "general", cabins: [{ cabinId: cabins.find((cabin) => cabin.name === "3")?.id, spaces: [{ genderId: female }] }] },
    "sales",
  );
  expect(held.status, held.text).toBe(200);
  reservationId = (dataOf(held) as { id: number }).id;
});

/**
 * A multipart body holding `bytes` as the sheet, encoded before it is sent: the test's process is
 * the server's too, and encoding megabytes while health is timed would be the test's own delay.
 */
const sheetBody = async (bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type") ?? "" };
};

const send = async ({ body, type }: Awaited<ReturnType<typeof sheetBody>>, role: RoleName = "sales"): Promise<Answer & { readonly ms: number }> => {
  const started = performance.now();
  const response = await fetch(`${server.base}/api/passengers/importPassengers/${reservationId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens.get(role) ?? ""}`, "content-type": type },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as unknown, headers: response.headers, ms: performance.now() - started };
};

const upload = async (bytes: Buffer, name: string, role: RoleName = "sales") => send(await sheetBody(bytes, name), role);

/**
 * The sheet worker started by a first import: under tsx (the tests run the sources) its start
 * loads a TypeScript loader, which the production bundle does not, so it is not what is measured.
 */
const startWorker = async () => {
  const answer = await upload(Buffer.from("Nombre\n"), "start.csv");
  expect(answer.status).toBe(400);
};

/** The 99th percentile of some latencies. */
const p99 = (latencies: ReadonlyArray<number>): number => [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)] ?? Number.NaN;

/**
 * Imports `bytes` while asking /api/health again and again and sampling this process's resident
 * memory (the server and its worker thread live in it): the answer, its time, health's p99 and
 * the memory's growth over what it was before.
 */
const importWatched = async (bytes: Buffer, name: string) => {
  const body = await sheetBody(bytes, name);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let importing = true;
  const health: number[] = [];
  const probe = (async () => {
    while (importing) {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/health`);
      await response.arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const answer = await send(body);
    return { answer, healthP99: p99(health), growthMb: (peak - before) / MEGABYTE };
  } finally {
    importing = false;
    await probe;
    clearInterval(sampler);
  }
};

describe("a hostile passenger sheet", () => {
  it("names each limit in its message", () => {
    expect(messages.importTooManyRows).toContain(String(MAX_IMPORT_ROWS));
    expect(messages.importTooManyColumns).toContain(String(MAX_IMPORT_COLUMNS));
    expect(messages.importTooLarge).toContain(`${MAX_SHEET_MB} MB`);
  });

  it.each([
    ["a small XLSX inflating to 100 MB of blank cells, lying about its size", () => blankCellsWorkbook(100, true), "blank.xlsx", messages.importTooLarge],
    ["an XLSX of 520,000 passengers", () => manyRowsWorkbook(520_000), "rows.xlsx", messages.importTooLarge],
    ["a CSV of 520,000 passengers", async () => manyRowsCsv(520_000), "rows.csv", messages.importTooManyRows],
    ["an XLSX of 201 passengers", () => manyRowsWorkbook(MAX_IMPORT_ROWS + 1), "201.xlsx", messages.importTooManyRows],
  ])("is refused, naming its limit, while the server answers: %s", async (_, make, name, message) => {
    const bytes = await make();
    await startWorker();
    const { answer, healthP99, growthMb } = await importWatched(bytes, name);
    expect([answer.status, dataOf(answer)], answer.text).toEqual([413, message]);
    // 1-2 s alone on two cores; npm test runs another file beside this one (a first start, a
    // rebuild), which has taken it to 9 s: the bound says "stops reading", memory and health say "safely"
    expect(answer.ms).toBeLessThan(15_000);
    // What this guards against is a sheet read whole before its limits are checked: 520,000 rows
    // held health for 26 s (issue 35). Read as a stream that stops at its limit, health waits only
    // for the machine and the upload's own bytes: 12-97 ms here alone, 211 and 284 ms in clean-clone
    // CI runs with another file beside it. The 100 ms budget is the bench's, on an idle machine.
    expect(healthP99).toBeLessThan(1_000);
    expect(growthMb).toBeLessThan(200);
  });

  it("is refused when a cell lies beyond the last column an import reads", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Pasajeros");
    sheet.addRow(["Nombre", "Apellido"]);
    sheet.addRow(["Rosa", "Mena"]);
    sheet.getCell(2, MAX_IMPORT_COLUMNS + 1).value = "nota";
    const answer = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), "wide.xlsx");
    expect([answer.status, dataOf(answer)]).toEqual([413, messages.importTooManyColumns]);
  });

  it("refuses a second import of the same user while the first runs, and another user's import goes on", async () => {
    const rows = ["Nombre;Apellido;Tipo de identificación;Número de identificación;Fecha de nacimiento;País;Sexo"];
    for (let row = 0; row < MAX_IMPORT_ROWS; row += 1) rows.push(`Rosa;Mena;Pasaporte;P${row};1979-02-03;Ecuador;F`);
    const sheet = Buffer.from(rows.join("\n"));
    const answers = await Promise.all([upload(sheet, "a.csv"), upload(sheet, "b.csv"), upload(sheet, "c.csv", "admin")]);
    const sales = answers.slice(0, 2).map((answer) => [answer.status, answer.status === 429 ? dataOf(answer) : null]);
    expect(sales.sort()).toEqual([
      [200, null],
      [429, messages.importRunning],
    ]);
    expect(answers[2]?.status).toBe(200);
    // once the first has ended, the same user imports again
    expect((await upload(sheet, "d.csv")).status).toBe(200);
  });

  it("ends a reading that passes its memory cap in its worker, which the next reading replaces", async () => {
    // 850,000 shared strings fit in the 20 MB of text (and in IMPORT_MEMORY_MB), not in a 48 MB heap
    const failures: unknown[] = [];
    const reader = createSheetReader((error) => failures.push(error), 48);
    try {
      expect(await reader.read(sharedStringsWorkbook(850_000))).toEqual({ kind: "overLimit", limit: "memory" });
      // read to its end by the new worker: a header without the passenger's other columns (decision 075)
      expect(await reader.read(Buffer.from("Nombre\nRosa"))).toEqual({ kind: "unreadable", fault: "missingColumns" });
      // the worker's death was its sheet's refusal, not an error of the pool's
      expect(failures).toEqual([]);
    } finally {
      await reader.close();
    }
  });
});
