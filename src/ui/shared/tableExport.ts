import type { ExportFormat } from "../../machines/shared/pagedList.machine.ts";
import { sheetName } from "../../api/sheetName.ts";
import type { ExportColumn, ExportTable } from "./exportColumns.ts";

export { type ExportColumn, type ExportTable, exportColumns, type TypedColumn } from "./exportColumns.ts";

const pad = (value: number): string => String(value).padStart(2, "0");

/** An instant as the reader's clock writes it, `2030-03-03 12:00`: what the panel shows, without the offset. */
const localDateTime = (instant: string): string => {
  const date = new Date(instant);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** A row's cell as CSV text: numbers with a point and no grouping, days and times in ISO order. */
const csvCell = <Row,>(column: ExportColumn<Row>, row: Row): string => {
  const typed = column.typed;
  if (typed === undefined) return column.text(row);
  if (typed.type === "money" || typed.type === "integer") return String(typed.value(row) ?? "");
  const value = typed.value(row);
  if (value === null) return "";
  return typed.type === "date" ? value : localDateTime(value);
};

/** A row's cell as XLSX holds it: a number, a date (the wall-clock day or time the panel shows) or text. */
const xlsxCell = <Row,>(column: ExportColumn<Row>, row: Row): string | number | Date | null => {
  const typed = column.typed;
  if (typed === undefined) return column.text(row);
  if (typed.type === "money" || typed.type === "integer") return typed.value(row);
  const value = typed.value(row);
  if (value === null) return null;
  // Excel's dates have no zone: the day or the reader's wall-clock time, written as that moment in UTC
  const [day, time = "00:00"] = (typed.type === "date" ? value : localDateTime(value)).split(" ");
  return new Date(`${day}T${time}:00Z`);
};

/** Excel's number format of each typed column. */
const numberFormats = { money: "#,##0.00", integer: "0", date: "yyyy-mm-dd", dateTime: "yyyy-mm-dd hh:mm" } as const;

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
  `\uFEFF${[table.columns.map((column) => column.header), ...rows.map((row) => table.columns.map((column) => csvCell(column, row)))]
    .map((fields) => fields.map(csvField).join(","))
    .join("\r\n")}\r\n`;

/** A sheet's name: Excel takes 31 characters at most and none of : \ / ? * [ ]. */

/**
 * The rows as an XLSX workbook of one sheet. ExcelJS is loaded only now, when someone exports, so
 * it never weighs on the other screens (decision 023); typed columns are numbers and dates with
 * their format, every other cell is text, never a formula.
 */
export const xlsxBytes = async <Row,>(table: ExportTable<Row>, rows: ReadonlyArray<Row>): Promise<ArrayBuffer> => {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(table.title));
  sheet.addRow(table.columns.map((column) => column.header)).font = { bold: true };
  for (const row of rows) sheet.addRow(table.columns.map((column) => xlsxCell(column, row)));
  sheet.columns.forEach((column, index) => {
    const typed = table.columns[index]?.typed;
    if (typed !== undefined) column.numFmt = numberFormats[typed.type];
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
