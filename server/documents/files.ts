import ExcelJS from "exceljs";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { type CruiseDocument, type DocumentFormat, sectionColumns, sheetName } from "../../src/api/documents.ts";
import { columnWidths, drawable, pdfPage } from "./pdfPage.ts";

/**
 * What a document's file is drawn from: the document, the company's logo as PNG (pdfmake draws
 * PNG and JPEG only) and the texts around the table, already in the document's language. It is
 * plain data, so it crosses to the worker thread that draws the file (decision 042).
 */
export interface DocumentFileRequest {
  readonly format: DocumentFormat;
  readonly document: CruiseDocument;
  readonly logo: Uint8Array | null;
  readonly texts: {
    /** "Página {page} de {pages}": the numbers are filled in on each page. */
    readonly page: string;
    readonly subtitle: string;
    readonly generated: string;
    readonly incompleteTitle: string;
    readonly incompleteLines: ReadonlyArray<string>;
  };
}

/** The PDF: the logo, title and departure on every page, page numbers below, a table per section. */
export const pdfDefinition = ({ document, logo, texts }: DocumentFileRequest): TDocumentDefinitions => {
  // pdfmake marks the cells it lays out: each table gets its own header row
  const sections: Content[] = document.sections.flatMap((section): Content[] => {
    const columns = sectionColumns(document, section);
    const header = columns.map((column) => ({ text: column.label, bold: true }));
    return [
      { text: section.title, bold: true, fontSize: 10, margin: [0, 10, 0, 3] },
      {
        table: { headerRows: 1, dontBreakRows: true, widths: columnWidths(columns, "landscape"), body: [header, ...section.rows.map((row) => row.map(drawable))] },
        layout: "lightHorizontalLines",
      },
    ];
  });
  const totals: Content[] =
    document.totals.length === 0
      ? []
      : [{ margin: [0, 12, 0, 0], table: { body: document.totals.map((total) => [{ text: total.label, bold: true }, total.value]) }, layout: "noBorders" }];
  const incomplete: Content[] =
    texts.incompleteLines.length === 0
      ? []
      : [{ text: texts.incompleteTitle, bold: true, color: "#9b1c1c", margin: [0, 12, 0, 3] }, { ul: [...texts.incompleteLines] }];
  return pdfPage({
    fileTitle: `${document.title} · ${document.departure.code}`,
    title: document.title,
    subtitle: texts.subtitle,
    generated: texts.generated,
    generatedWidth: 140,
    page: texts.page,
    orientation: "landscape",
    logo,
    content: [...sections, ...totals, ...incomplete],
  });
};

/** The XLSX: the title and departure above, then each section's title, the columns and its rows. */
export const xlsxWorkbook = async ({ document, texts }: DocumentFileRequest): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(document.generatedAt);
  const sheet = workbook.addWorksheet(sheetName(document.title));
  // a sheet's column is as wide as the widest of the sections' columns in its place
  const widths: number[] = [];
  for (const columns of [document.columns, ...document.sections.map((section) => sectionColumns(document, section))])
    columns.forEach((column, index) => {
      widths[index] = Math.max(widths[index] ?? 8, column.width * 2);
    });
  sheet.columns = widths.map((width) => ({ width }));
  sheet.addRow([document.title]).font = { bold: true, size: 14 };
  sheet.addRow([texts.subtitle]);
  sheet.addRow([]);
  for (const section of document.sections) {
    sheet.addRow([section.title]).font = { bold: true };
    sheet.addRow(sectionColumns(document, section).map((column) => column.label)).font = { bold: true };
    for (const row of section.rows) sheet.addRow([...row]);
    sheet.addRow([]);
  }
  for (const total of document.totals) sheet.addRow([total.label, total.value]);
  if (texts.incompleteLines.length > 0) {
    sheet.addRow([]);
    sheet.addRow([texts.incompleteTitle]).font = { bold: true };
    for (const line of texts.incompleteLines) sheet.addRow([line]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
};
