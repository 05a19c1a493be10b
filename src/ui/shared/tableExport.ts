import type { ExportFormat } from "../../machines/shared/recordList.machine.ts";
import { sheetName } from "../../api/documents.ts";

/** A column as a file holds it: its header in the user's language and each row's text. */
export interface ExportColumn<Row> {
  readonly header: string;
  readonly text: (row: Row) => string;
}

/** The table's columns that have a text, as the file's columns (images and buttons are left out). */
export const exportColumns = <Row,>(
  columns: ReadonlyArray<{ readonly header: string; readonly text?: (row: Row) => string }>,
): ReadonlyArray<ExportColumn<Row>> =>
  columns.flatMap(({ header, text }) => (text === undefined ? [] : [{ header, text }]));

/** What a list exports: the file's name (its title) and its columns. */
export interface ExportTable<Row> {
  readonly title: string;
  readonly columns: ReadonlyArray<ExportColumn<Row>>;
}

/**
 * A text that a spreadsheet would run as a formula (=, @, or a sign before anything but a phone
 * number's digits) is kept as text by a leading apostrophe: leads come from the public form, so
 * a cell's content is never trusted to be data only.
 */
const asPlainText = (text: string): string =>
  /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text)) ? `'${text}` : text;

/** One CSV field: quoted when it holds a comma, a quote, a line break or edge blanks (RFC 4180). */
const csvField = (text: string): string => {
  const safe = asPlainText(text);
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The rows as CSV: a header line, CRLF line ends, and a UTF-8 byte-order mark so Excel opens
 * "Año" and "Pérez" with their accents.
 */
export const csvText = <Row,>(table: ExportTable<Row>, rows: ReadonlyArray<Row>): string =>
  `\uFEFF${[table.columns.map((column) => column.header), ...rows.map((row) => table.columns.map((column) => column.text(row)))]
    .map((fields) => fields.map(csvField).join(","))
    .join("\r\n")}\r\n`;

/** A sheet's name: Excel takes 31 characters at most and none of : \ / ? * [ ]. */

/**
 * The rows as an XLSX workbook of one sheet. ExcelJS is loaded only now, when someone exports, so
 * it never weighs on the other screens (decision 023); cells are written as text, never formulas.
 */
export const xlsxBytes = async <Row,>(table: ExportTable<Row>, rows: ReadonlyArray<Row>): Promise<ArrayBuffer> => {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(table.title));
  sheet.addRow(table.columns.map((column) => column.header)).font = { bold: true };
  for (const row of rows) sheet.addRow(table.columns.map((column) => column.text(row)));
  sheet.columns.forEach((column, index) => {
    const longest = Math.max(
      table.columns[index]?.header.length ?? 0,
      ...rows.map((row) => table.columns[index]?.text(row).length ?? 0),
    );
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  return workbook.xlsx.writeBuffer();
};

const mimeTypes: Record<ExportFormat, string> = {
  csv: "text/csv;charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The file's name: the list's title and today's date, `Usuarios-2026-11-23.csv`. */
export const exportFileName = (title: string, format: ExportFormat, today: Date = new Date()): string => {
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
  return `${title.replace(/[\\/:*?"<>|]/g, " ").trim()}-${date}.${format}`;
};

/** Writes the file and hands it to the browser's download. */
export const saveTable = async <Row,>(
  table: ExportTable<Row>,
  rows: ReadonlyArray<Row>,
  format: ExportFormat,
): Promise<void> => {
  const content = format === "csv" ? csvText(table, rows) : await xlsxBytes(table, rows);
  const url = URL.createObjectURL(new Blob([content], { type: mimeTypes[format] }));
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFileName(table.title, format);
  link.click();
  // the download has started from the URL by now; a later release lets slow browsers read it
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
