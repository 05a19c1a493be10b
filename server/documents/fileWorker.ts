import pdfmake from "pdfmake";
import { type DocumentFileRequest, pdfDefinition, xlsxWorkbook } from "./files.ts";

// PDF's standard fonts need no font file (pdfkit knows them by name, which is all the local
// access policy lets through); a document names no other file, nor any URL, it could be made to read.
const helvetica = { normal: "Helvetica", bold: "Helvetica-Bold", italics: "Helvetica-Oblique", bolditalics: "Helvetica-BoldOblique" };
const standardFonts = new Set(Object.values(helvetica));
pdfmake.setFonts({ Helvetica: helvetica });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => standardFonts.has(path));

/** Draws one document's file, in a worker thread: the server goes on answering meanwhile. */
export default async (request: DocumentFileRequest): Promise<Uint8Array> =>
  request.format === "pdf" ? new Uint8Array(await pdfmake.createPdf(pdfDefinition(request)).getBuffer()) : xlsxWorkbook(request);
