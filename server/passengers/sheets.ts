import { Piscina } from "piscina";
import { IMPORT_MEMORY_MB } from "../../src/api/passengers.ts";
import type { SheetReading } from "./sheet.ts";

/** The worker's module: beside this one in the sources (run through tsx), beside main.js in the build. */
const fromSources = import.meta.url.endsWith(".ts");
const workerFile = new URL(fromSources ? "./sheetWorker.ts" : "./sheetWorker.js", import.meta.url);

/** A reading that needed more memory than its worker has. */
export type SheetReadingResult = SheetReading | { readonly kind: "overLimit"; readonly limit: "memory" };

const outOfMemory = (error: unknown): boolean => typeof error === "object" && error !== null && "code" in error && error.code === "ERR_WORKER_OUT_OF_MEMORY";

/**
 * Reads passenger sheets in one worker thread (piscina) whose heap is capped at IMPORT_MEMORY_MB,
 * started on the first import and stopped when idle: one sheet at a time, so hostile files sent
 * together cost one worker's memory, not one each, and the server's own thread keeps a core to
 * answer the others (decision 059). A worker that runs out of memory dies alone: its sheet is
 * refused and the next reading starts a new one.
 */
export const createSheetReader = (onError: (error: unknown) => void, memoryMb = IMPORT_MEMORY_MB) => {
  const pool = new Piscina<Uint8Array, SheetReading>({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16 },
    ...(fromSources ? { execArgv: ["--import", "tsx"] } : {}),
  });
  // a worker that dies with no sheet in hand (while starting) is told here: unheard, it would end the server
  pool.on("error", onError);
  return {
    read: async (bytes: Buffer): Promise<SheetReadingResult> => {
      try {
        return await pool.run(bytes);
      } catch (error) {
        if (outOfMemory(error)) return { kind: "overLimit", limit: "memory" };
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
};
export type SheetReader = ReturnType<typeof createSheetReader>;
