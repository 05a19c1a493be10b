// Apart from documents.ts: a list's export (tableExport.ts) names its sheet without the documents' contract.
/**
 * A spreadsheet's sheet name from a title: Excel refuses : \ / ? * [ ] in it (ExcelJS throws) and
 * keeps 31 characters.
 */
export const sheetName = (title: string): string => title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "1";
