import ExcelJS from "exceljs";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { formatCents } from "../../src/api/amounts.ts";
import { sheetName } from "../../src/api/documents.ts";
import type { DocumentLanguage } from "../../src/api/documents.ts";
import { columnWidths, drawable, pdfPage } from "./pdfPage.ts";
import { documentDate } from "./texts.ts";

/**
 * Money's documents as drawn (decision 068): a receipt, an agency's statement, a money report's
 * table. Unlike a departure's documents, whose cells are texts, a cell here keeps what it is, so
 * that the PDF writes an amount exactly as the language writes money and the spreadsheet holds it
 * as a number and a day as a date:
 * - `money`: whole cents (an integer);
 * - `day`: `YYYY-MM-DD`;
 * - `count`: an integer;
 * - `text`: a text.
 */
export type MoneyCellKind = "text" | "money" | "day" | "count";
export type MoneyCell = string | number;

export interface MoneyColumn {
  readonly label: string;
  readonly kind: MoneyCellKind;
  /** Its share of the page's width in the PDF. */
  readonly width: number;
}

export interface MoneySection {
  readonly title: string;
  readonly columns: ReadonlyArray<MoneyColumn>;
  readonly rows: ReadonlyArray<ReadonlyArray<MoneyCell>>;
}

export interface MoneyDocument {
  readonly language: DocumentLanguage;
  readonly title: string;
  readonly subtitle: string;
  readonly orientation: "portrait" | "landscape";
  /** Who issues it: the company's name and its billing lines (RUC, address, contact, billing information). */
  readonly issuer: { readonly name: string; readonly lines: ReadonlyArray<string> } | null;
  /** A word across its top (a voided payment's receipt: void), or null. */
  readonly stamp: string | null;
  readonly sections: ReadonlyArray<MoneySection>;
  /** The figures under the tables, in cents. */
  readonly totals: ReadonlyArray<{ readonly label: string; readonly cents: number }>;
  /** "Generado el 01/03/2030". */
  readonly generated: string;
  /** "Página {page} de {pages}": the numbers are filled in on each page. */
  readonly page: string;
}

/**
 * What a money document's file is drawn from, in the worker thread (decision 042): the document,
 * the format and the company's logo as PNG (a PDF's only).
 */
export interface MoneyFileRequest {
  readonly format: "pdf" | "xlsx";
  readonly money: MoneyDocument;
  readonly logo: Uint8Array | null;
}

/** A cell as the PDF writes it: money as the language writes it, exactly from its cents; a day as the operator writes days. */
const cellText = (cell: MoneyCell, kind: MoneyCellKind, language: DocumentLanguage): string => {
  if (kind === "money") return formatCents(Number(cell), language);
  if (kind === "day") return String(cell) === "" ? "" : documentDate(String(cell));
  return drawable(String(cell));
};

const pdfCell = (cell: MoneyCell, column: MoneyColumn, language: DocumentLanguage): TableCell =>
  column.kind === "money" || column.kind === "count" ? { text: cellText(cell, column.kind, language), alignment: "right" } : cellText(cell, column.kind, language);

/** The PDF: the logo, title and subtitle on every page, the issuer, the stamp, a table per section, the totals, page numbers below. */
export const moneyPdfDefinition = ({ money, logo }: MoneyFileRequest): TDocumentDefinitions => {
  const sections: Content[] = money.sections.flatMap((section): Content[] => [
    { text: section.title, bold: true, fontSize: 10, margin: [0, 10, 0, 3] },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: columnWidths(section.columns, money.orientation),
        body: [
          section.columns.map((column) => ({ text: column.label, bold: true, ...(column.kind === "money" || column.kind === "count" ? { alignment: "right" as const } : {}) })),
          ...section.rows.map((row) => section.columns.map((column, index) => pdfCell(row[index] ?? "", column, money.language))),
        ],
      },
      layout: "lightHorizontalLines",
    },
  ]);
  const issuer: Content[] =
    money.issuer === null ? [] : [{ stack: [{ text: drawable(money.issuer.name), bold: true, fontSize: 10 }, ...money.issuer.lines.map((line) => ({ text: drawable(line) }))], margin: [0, 0, 0, 6] }];
  const stamp: Content[] = money.stamp === null ? [] : [{ text: money.stamp, bold: true, fontSize: 18, color: "#9b1c1c", margin: [0, 4, 0, 4] }];
  const totals: Content[] =
    money.totals.length === 0
      ? []
      : [
          {
            margin: [0, 12, 0, 0],
            table: { body: money.totals.map((total) => [{ text: total.label, bold: true }, { text: formatCents(total.cents, money.language), alignment: "right" }]) },
            layout: "noBorders",
          },
        ];
  return pdfPage({
    fileTitle: money.title,
    title: drawable(money.title),
    subtitle: drawable(money.subtitle),
    generated: money.generated,
    generatedWidth: 120,
    page: money.page,
    orientation: money.orientation,
    logo,
    content: [...issuer, ...stamp, ...sections, ...totals],
  });
};

/** The spreadsheet's formats: amounts with two decimals and grouped thousands, days as the operator writes them. */
const MONEY_FORMAT = "#,##0.00";
const DAY_FORMAT = "dd/mm/yyyy";

/**
 * A cell as the spreadsheet holds it: an amount as a number of dollars (its cents / 100: what a
 * spreadsheet's number is), a day as a date, a count as a number, a text as a text (never a formula).
 */
const sheetCell = (cell: MoneyCell, kind: MoneyCellKind): ExcelJS.CellValue => {
  if (kind === "money") return Number(cell) / 100;
  if (kind === "count") return Number(cell);
  if (kind === "day") return String(cell) === "" ? "" : new Date(`${String(cell)}T00:00:00Z`);
  return String(cell);
};

const formatOf: Readonly<Record<MoneyCellKind, string | undefined>> = { money: MONEY_FORMAT, day: DAY_FORMAT, count: "0", text: undefined };

/** The XLSX: the title and subtitle above, each section's title, columns and rows with typed cells, then the totals. */
export const moneyXlsxWorkbook = async ({ money }: MoneyFileRequest): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(money.title));
  const widths: number[] = [];
  for (const section of money.sections)
    section.columns.forEach((column, index) => {
      widths[index] = Math.max(widths[index] ?? 12, column.width * 2);
    });
  sheet.columns = widths.map((width) => ({ width }));
  sheet.addRow([money.title]).font = { bold: true, size: 14 };
  sheet.addRow([money.subtitle]);
  if (money.issuer !== null) sheet.addRow([money.issuer.name]);
  sheet.addRow([]);
  for (const section of money.sections) {
    sheet.addRow([section.title]).font = { bold: true };
    sheet.addRow(section.columns.map((column) => column.label)).font = { bold: true };
    for (const row of section.rows) {
      const added = sheet.addRow(section.columns.map((column, index) => sheetCell(row[index] ?? "", column.kind)));
      section.columns.forEach((column, index) => {
        const format = formatOf[column.kind];
        if (format !== undefined) added.getCell(index + 1).numFmt = format;
      });
    }
    sheet.addRow([]);
  }
  for (const total of money.totals) {
    const added = sheet.addRow([total.label, total.cents / 100]);
    added.getCell(2).numFmt = MONEY_FORMAT;
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
};
