import { readSheet, type SheetReading } from "./sheet.ts";

/**
 * Reads one passenger sheet, in a worker thread with a capped heap (sheets.ts): the server goes on
 * answering meanwhile, and a sheet that would need more memory ends this thread, not the server.
 */
export default (bytes: Uint8Array): Promise<SheetReading> => readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
