/**
 * `npm run bench:documents`: how long a 100-passenger manifest takes to draw as PDF and as XLSX
 * (issue 18: at most 1 s and 0.5 s), and whether the server's own thread keeps answering while
 * files are drawn (they are drawn in the documents' worker thread, decision 042).
 *
 * Each run draws a different manifest (names, identifications and dates change), through the same
 * worker pool the server uses, so nothing is answered from memory. Figures are the worker's
 * drawing time, not a request's: the manifest's query reads the berths of one departure.
 * Writes bench/results/documents-<date>.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { CruiseDocument, DocumentFormat } from "../src/api/documents.ts";
import type { DocumentFileRequest } from "../server/documents/files.ts";
import { createDocumentFiles } from "../server/documents/routes.ts";
import { percentile } from "./benchSupport.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? "30");
const PASSENGERS = 100;


const surnames = ["Andrade", "Müller", "García", "Smith", "Dubois", "Paredes", "Núñez", "O'Brien", "Yépez", "Schmidt"];
const names = ["Lucía", "Jorge", "Ana", "Thomas", "María", "Pedro", "Chloé", "Åsa", "José", "Emma"];

/** A manifest of 100 passengers in 50 cabins, different for each run. */
const manifest = (run: number): CruiseDocument => ({
  document: "passengers",
  language: run % 2 === 0 ? "es" : "en",
  title: "Lista de pasajeros",
  departure: { id: 1, code: `IEN-2027${String(run).padStart(4, "0")}`, yachtName: "Islas Encantadas", itineraryName: "Sur 8 días", startDate: "2027-03-04", endDate: "2027-03-11" },
  code: `IEN-2027${String(run).padStart(4, "0")}`,
  columns: [3, 15, 14, 10, 9, 12, 10, 9, 8, 10].map((width, index) => ({ label: `Columna ${index + 1}`, width })),
  sections: Array.from({ length: PASSENGERS / 2 }, (_, cabin) => ({
    title: `Cabina ${cabin + 1}`,
    rows: [0, 1].map((berth) => {
      const number = cabin * 2 + berth + 1;
      const seed = run * 131 + number;
      return [
        String(number),
        `${surnames[seed % 10]}, ${names[(seed * 7) % 10]}`,
        `Pasaporte ${String(seed * 7919).padStart(9, "0")}`,
        seed % 3 === 0 ? "Ecuador" : "Estados Unidos",
        seed % 2 === 0 ? "Femenino" : "Masculino",
        `${String((seed % 28) + 1).padStart(2, "0")}/0${(seed % 9) + 1}/19${50 + (seed % 50)} (${20 + (seed % 60)} años)`,
        `RES-${String(seed).padStart(6, "0")}`,
        "Mujer adulta",
        seed % 5 === 0 ? "Vegetariano" : "",
        seed % 11 === 0 ? "Alergia a los mariscos; lleva epinefrina" : "",
      ];
    }),
  })),
  totals: [{ label: "Pasajeros", value: String(PASSENGERS) }],
  incomplete: [],
  generatedAt: new Date().toISOString(),
});

const request = (format: DocumentFormat, run: number): DocumentFileRequest => ({
  format,
  document: manifest(run),
  logo: null,
  texts: { page: "Página {page} de {pages}", subtitle: "Salida · Islas Encantadas", generated: "Generado", incompleteTitle: "", incompleteLines: [] },
});

const files = createDocumentFiles();
// the worker starts on the first file: that start is not a document's time
await files.draw(request("pdf", -1));

const timed = async (format: DocumentFormat): Promise<{ readonly times: number[]; readonly bytes: number }> => {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    bytes = (await files.draw(request(format, run))).byteLength;
    times.push(performance.now() - started);
  }
  return { times, bytes };
};

const pdf = await timed("pdf");
const xlsx = await timed("xlsx");

// While ten PDFs are drawn one after the other, how late does the server's own thread run a timer?
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
await Promise.all(Array.from({ length: 10 }, (_, run) => files.draw(request("pdf", 1000 + run))));
delay.disable();
await files.close();

const row = (name: string, limit: number, result: { readonly times: number[]; readonly bytes: number }) =>
  `| ${name} | ${RUNS} | ${percentile(result.times, 50)} | ${percentile(result.times, 99)} (≤ ${limit}) | ${Math.round(result.bytes / 1024)} KB |`;
const report = [
  `# Documents (${new Date().toISOString()})`,
  "",
  `A ${PASSENGERS}-passenger manifest (50 cabins), different in every run, drawn by the documents' worker thread (the figures are the drawing, in ms; the manifest's query is not included).`,
  "",
  "| file | runs | p50 | p99 | size |",
  "|---|---|---|---|---|",
  row("PDF", 1000, pdf),
  row("XLSX", 500, xlsx),
  "",
  `While 10 PDFs were drawn, the server's thread ran its timers at most ${Math.round(delay.max / 1e6)} ms late (p99 ${Math.round(delay.percentile(99) / 1e6)} ms).`,
  "",
].join("\n");
console.log(report);
const dir = join(import.meta.dirname, "..", "bench", "results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, `documents-${new Date().toISOString().slice(0, 16).replace(":", "-")}.md`), report);
