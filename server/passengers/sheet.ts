import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { headerKey, importColumns, MAX_IMPORT_ROWS } from "../../src/api/passengers.ts";
import type { UploadedFile } from "../http/multipart.ts";

/** One row of an imported sheet: its number in the sheet and its cells by the field they fill, as text. */
export interface SheetRow {
  readonly row: number;
  readonly cells: Readonly<Record<string, string>>;
}

/** Each header a sheet may use, as `headerKey` reads it, with the field it fills. */
const fieldOfHeader: ReadonlyMap<string, string> = new Map(
  importColumns.flatMap(({ name, headers }) => headers.map((header) => [headerKey(header), name] as const)),
);

/** Whether the bytes start as a ZIP archive does, as every XLSX workbook does. */
const isZip = (bytes: Buffer): boolean => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The separator of a CSV file: the one its header line has most of (a Spanish Excel writes `;`). */
const separatorOf = (text: string): string => {
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  const counts = [",", ";", "\t"].map((separator) => [separator, header.split(separator).length] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
};

/** A day as `YYYY-MM-DD` in UTC. */
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Excel's day 0 for serial dates (1899-12-30, which absorbs its 1900 leap-year bug). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A cell's value as text: a date cell as its day, a formula as its result, rich text as its text. */
const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return isoDay(value);
  if (typeof value === "object") {
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value) return String(value.text);
    return "";
  }
  return String(value).trim();
};

/**
 * A day as a sheet may write it: `YYYY-MM-DD`, `DD/MM/YYYY` (or with `-` or `.`), or an Excel
 * serial number; anything else is kept as written, and the passenger's rules refuse it.
 */
export const sheetDay = (text: string): string => {
  const trimmed = text.trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (dayFirst !== null) return `${dayFirst[3]}-${dayFirst[2]?.padStart(2, "0")}-${dayFirst[1]?.padStart(2, "0")}`;
  if (/^\d{5}$/.test(trimmed)) return isoDay(new Date(EXCEL_EPOCH + Number(trimmed) * 86_400_000));
  return trimmed.slice(0, 10);
};

/**
 * The rows of the first sheet of an XLSX workbook or a CSV file under its header row, each cell
 * under the field its header names (unknown headers are left out); blank rows are skipped. Null
 * when the file is neither, has no known header, or has more rows than an import takes.
 */
export const readSheet = async (file: UploadedFile): Promise<SheetRow[] | null> => {
  // loaded with the first import: ExcelJS is about 8 MB of a server's heap at idle
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    if (isZip(file.bytes)) await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    else {
      const text = file.bytes.toString("utf8").replace(/^\uFEFF/, "");
      // every cell kept as written: a cédula's leading zero is no number's
      await workbook.csv.read(Readable.from([text]), { map: (value: unknown) => value, parserOptions: { delimiter: separatorOf(text) } });
    }
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return null;
  const fields = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, column) => {
    const field = fieldOfHeader.get(headerKey(cellText(cell.value)));
    if (field !== undefined) fields.set(column, field);
  });
  if (fields.size === 0) return null;
  const rows: SheetRow[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const cells: Record<string, string> = {};
    sheet.getRow(number).eachCell((cell, column) => {
      const field = fields.get(column);
      const value = cellText(cell.value);
      if (field !== undefined && value !== "") cells[field] = cell.value instanceof Date ? isoDay(cell.value) : value;
    });
    if (Object.keys(cells).length > 0) rows.push({ row: number, cells });
  }
  return rows.length > MAX_IMPORT_ROWS ? null : rows;
};
