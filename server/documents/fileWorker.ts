import pdfmake from "pdfmake";
import { type DocumentFileRequest, pdfDefinition, xlsxWorkbook } from "./files.ts";
import { type MoneyFileRequest, moneyPdfDefinition, moneyXlsxWorkbook } from "./moneyFiles.ts";

// PDF's standard fonts need no font file (pdfkit knows them by name, which is all the local
// access policy lets through); a document names no other file, nor any URL, it could be made to read.
const helvetica = { normal: "Helvetica", bold: "Helvetica-Bold", italics: "Helvetica-Oblique", bolditalics: "Helvetica-BoldOblique" };
const standardFonts = new Set(Object.values(helvetica));
pdfmake.setFonts({ Helvetica: helvetica });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => standardFonts.has(path));

const pdfOf = async (definition: ReturnType<typeof pdfDefinition>): Promise<Uint8Array> => new Uint8Array(await pdfmake.createPdf(definition).getBuffer());

/** Draws one document's file, a departure's or money's, in a worker thread: the server goes on answering meanwhile. */
export default async (request: DocumentFileRequest | MoneyFileRequest): Promise<Uint8Array> => {
  if ("money" in request) return request.format === "pdf" ? pdfOf(moneyPdfDefinition(request)) : moneyXlsxWorkbook(request);
  return request.format === "pdf" ? pdfOf(pdfDefinition(request)) : xlsxWorkbook(request);
};
