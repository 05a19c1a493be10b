import { describe, expect, it } from "vitest";
import { csvText, type ExportTable, exportColumns, exportFileName, xlsxBytes } from "../../src/ui/shared/tableExport.ts";

interface Row {
  readonly name: string;
  readonly note: string;
}

const table: ExportTable<Row> = {
  title: "Leads",
  columns: [
    { header: "Nombre", text: (row) => row.name },
    { header: "Nota", text: (row) => row.note },
  ],
};

describe("the CSV of a list", () => {
  it("starts with a byte-order mark and quotes commas, quotes and line breaks", () => {
    const text = csvText(table, [
      { name: "Pérez, Ana", note: 'dijo "hola"\ny se fue' },
      { name: "Ñandú", note: "+593 99 123 4567" },
    ]);
    expect(text).toBe(
      '\uFEFFNombre,Nota\r\n"Pérez, Ana","dijo ""hola""\ny se fue"\r\nÑandú,+593 99 123 4567\r\n',
    );
  });

  it("keeps what a spreadsheet would run as a formula as text", () => {
    const text = csvText(table, [{ name: "=HYPERLINK(\"http://x\")", note: "-2+3" }, { name: "@SUM(A1)", note: "+1 (415) 555" }]);
    expect(text.split("\r\n").slice(1, 3)).toEqual([`"'=HYPERLINK(""http://x"")",'-2+3`, "'@SUM(A1),+1 (415) 555"]);
  });

  it("names the file after the list and the day", () => {
    expect(exportFileName("Usuarios", "xlsx", new Date(2026, 10, 3))).toBe("Usuarios-2026-11-03.xlsx");
  });
});

interface Reservation {
  readonly code: string;
  readonly total: number;
  readonly berths: number;
  readonly startDate: string;
  readonly timeLimit: string | null;
}

const reservations: ExportTable<Reservation> = {
  title: "Reservas",
  columns: exportColumns<Reservation>([
    { header: "Código", text: (row) => row.code },
    { header: "Total", text: (row) => `US$ ${row.total}`, typed: { type: "money", value: (row) => row.total } },
    { header: "Plazas", text: (row) => String(row.berths), typed: { type: "integer", value: (row) => row.berths } },
    { header: "Salida", text: (row) => row.startDate, typed: { type: "date", value: (row) => row.startDate } },
    { header: "Plazo", text: (row) => row.timeLimit ?? "", typed: { type: "dateTime", value: (row) => row.timeLimit } },
  ]),
};

const reservationRows: ReadonlyArray<Reservation> = [
  { code: "RES-0031", total: 72027.88, berths: 2, startDate: "2030-06-06", timeLimit: "2030-03-03T17:00:00Z" },
  { code: "RES-0032", total: 5123.45, berths: 1, startDate: "2030-07-01", timeLimit: null },
];

describe("typed cells (issue 37, item 4)", () => {
  it("writes amounts and counts as plain numbers and days in ISO order in CSV", () => {
    const [, first, second] = csvText(reservations, reservationRows).split("\r\n");
    expect(first?.split(",").slice(0, 4)).toEqual(["RES-0031", "72027.88", "2", "2030-06-06"]);
    expect(first?.split(",")[4]).toMatch(/^2030-03-0[34] \d\d:\d\d$/);
    expect(second).toBe("RES-0032,5123.45,1,2030-07-01,");
  });

  it("writes amounts and counts as numbers and days as dates in XLSX, each with its format", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxBytes(reservations, reservationRows));
    const row = workbook.worksheets[0]?.getRow(2);
    expect(row?.getCell(1).value).toBe("RES-0031");
    expect(row?.getCell(2).value).toBe(72027.88);
    expect(row?.getCell(2).numFmt).toBe("#,##0.00");
    expect(row?.getCell(3).value).toBe(2);
    expect(row?.getCell(4).value).toEqual(new Date("2030-06-06T00:00:00Z"));
    expect(row?.getCell(4).numFmt).toBe("yyyy-mm-dd");
    expect(row?.getCell(5).value).toBeInstanceOf(Date);
    expect(workbook.worksheets[0]?.getRow(3).getCell(5).value).toBeNull();
  });
});
