/**
 * Issue 35, item 1, in the bench (`BENCH_ONLY=imports`): five sales users each send a hostile passenger
 * sheet (a 3.5 MB XLSX inflating to 400 MB of blank cells, its headers lying about its size) again
 * as soon as it is refused, while two loops ask GET /api/health; the server's health p99 and its
 * resident memory over its idle figure are held to their budgets (decision 059).
 */
import { readFileSync } from "node:fs";
import { hashPassword } from "../server/accounts/passwords.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase } from "../server/db/open.ts";
import { seedDemoSelling } from "../server/demo/selling.ts";
import { registerProjections } from "../server/events/projection.ts";
import { projections } from "../server/projections.ts";
import { prepareSchema } from "../server/schema.ts";
import { roleIds } from "../src/machines/domain/user.machine.ts";
import { type BenchApi, type Budget, percentile, type Server, signIn, sleep } from "./benchSupport.ts";
import { blankCellsWorkbook } from "./hostileSheets.ts";

const IMPORTERS = 5;
const HEALTH_P99_MS = 100;
const RSS_GROWTH_MB = 200;
const PASSWORD = "Demo1234";

export interface ImportsResult {
  readonly fileKb: number;
  readonly sheetMb: number;
  readonly importers: number;
  readonly answers: Record<string, number>;
  readonly refusalP50Ms: number;
  readonly healthP99Ms: number;
  readonly idleRssMb: number;
  readonly peakRssMb: number;
}

/** Resident memory of a process in MB, from /proc/<pid>/status. */
const rssMb = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match?.[1] === undefined ? Number.NaN : Math.round(Number(match[1]) / 1024);
};

/** A sales user who may import, and the reservation every importer imports into. */
interface Importer {
  readonly token: string;
  readonly reservationId: number;
}

const salesEmail = (index: number) => `importa${index}@example.com`;

/**
 * The embedded database at `dataDir` with the demo's selling part (fleet, itineraries, rates) and
 * the admin and IMPORTERS sales users, seeded before the server's first start: the bench needs one reservation,
 * not the whole demo (whose reservations depend on the day it is loaded).
 */
export const prepareImports = async (dataDir: string, admin: { readonly email: string; readonly password: string }): Promise<void> => {
  const db = await openDatabase({ DATA_DIR: dataDir });
  registerProjections(projections);
  await prepareSchema(db);
  const options = { actorId: null, occurredAt: new Date() };
  const passwordHash = await hashPassword(PASSWORD);
  await db.transaction(async (tx) => {
    await seedDemoSelling(tx, options);
    // a database that is not empty gets no first admin at start
    const adminHash = await hashPassword(admin.password);
    await createUser(tx, { firstName: "Admin", lastName: "Bench", email: admin.email, roleId: roleIds.admin, active: true, passwordHash: adminHash }, options);
    for (let index = 1; index <= IMPORTERS; index += 1) {
      await createUser(tx, { firstName: "Importa", lastName: String(index), email: salesEmail(index), roleId: roleIds.sales, active: true, passwordHash }, options);
    }
  });
  await db.close();
};

/** The id of the live row of `path`'s list named `name`. */
const idNamed = async (api: BenchApi, path: string, name: string): Promise<number> => {
  const rows = (await api.json("GET", path)).data;
  const found = Array.isArray(rows) ? rows.find((row) => row?.name === name) : undefined;
  if (typeof found?.id !== "number") throw new Error(`no ${name} in ${path}: ${JSON.stringify(rows).slice(0, 300)}`);
  return found.id;
};

/** A departure of the Explorer next year with one held space, and the sales users signed in. */
const importers = async (url: string, admin: { readonly email: string; readonly password: string }): Promise<Importer[]> => {
  const api = await signIn(url, admin);
  const yachtId = await idNamed(api, "/yachts", "Galápagos Explorer");
  const startDate = `${new Date().getUTCFullYear() + 1}-06-06`;
  const guideIds = [await idNamed(api, "/guides", "Juan")];
  await api.json("POST", "/cruises/createCruise", { yachtId, cruiseItineraryId: await idNamed(api, "/cruiseItineraries", "Norte 4 días"), startDate, guideIds });
  const cruises = (await api.json("GET", `/cruises?yachtId=${yachtId}&from=${startDate}&to=${startDate}`)).data;
  const cruiseId = Array.isArray(cruises) ? cruises[0]?.id : undefined;
  const cabinId = await idNamed(api, `/cruises/${cruiseId}/cabins`, "3");
  const held = await api.json("POST", "/reservations/createReservation", {
    cruiseId,
    agencyId: await idNamed(api, "/agencies", "Cuenca Travel"),
    type: "general",
    cabins: [{ cabinId, spaces: [{ genderId: await idNamed(api, "/genders", "Mujer adulta") }] }],
  });
  const reservationId = (held.data as { id?: unknown } | null)?.id;
  if (typeof reservationId !== "number") throw new Error(`no reservation: ${JSON.stringify(held)}`);
  const found: Importer[] = [];
  for (let index = 1; index <= IMPORTERS; index += 1) {
    found.push({ token: (await signIn(url, { email: salesEmail(index), password: PASSWORD })).token, reservationId });
  }
  return found;
};

export const measureImports = async (server: Server, admin: { readonly email: string; readonly password: string }, seconds: number): Promise<ImportsResult> => {
  const sheetMb = 400;
  const file = await blankCellsWorkbook(sheetMb, true);
  const callers = await importers(server.url, admin);
  const pid = server.child.pid ?? 0;
  const idleRssMb = rssMb(pid);
  let peakRssMb = idleRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(pid));
  }, 100);
  const answers: Record<string, number> = {};
  const refusals: number[] = [];
  const health: number[] = [];
  let running = true;
  const importLoop = async ({ token, reservationId }: Importer) => {
    while (running) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(file)]), "pasajeros.xlsx");
      const started = performance.now();
      const response = await fetch(`${server.url}/api/passengers/importPassengers/${reservationId}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
      const { data } = (await response.json()) as { data: unknown };
      const key = `${response.status} ${String(data)}`;
      answers[key] = (answers[key] ?? 0) + 1;
      refusals.push(performance.now() - started);
    }
  };
  const healthLoop = async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      health.push(performance.now() - started);
      await sleep(10);
    }
  };
  const loops = [...callers.map(importLoop), healthLoop(), healthLoop()];
  await sleep(seconds * 1000);
  running = false;
  await Promise.all(loops);
  clearInterval(sampler);
  return {
    fileKb: Math.round(file.length / 1024),
    sheetMb,
    importers: callers.length,
    answers,
    refusalP50Ms: percentile(refusals, 50),
    healthP99Ms: percentile(health, 99),
    idleRssMb,
    peakRssMb,
  };
};

export const importsReport = (result: ImportsResult): { lines: string[]; budgets: Budget[] } => ({
  lines: [
    `${result.importers} users each sending a ${result.fileKb} KB XLSX that inflates to ${result.sheetMb} MB of blank cells (its headers claiming 4 KB), again as soon as it is answered: answers ${JSON.stringify(result.answers)}, median ${result.refusalP50Ms} ms each; GET /api/health p99 ${result.healthP99Ms} ms; RSS idle ${result.idleRssMb} MB, peak ${result.peakRssMb} MB.`,
  ],
  budgets: [
    {
      name: `GET /api/health p99 with ${result.importers} hostile sheets in flight (PGlite)`,
      limit: `≤ ${HEALTH_P99_MS} ms`,
      value: `${result.healthP99Ms} ms`,
      pass: result.healthP99Ms <= HEALTH_P99_MS,
    },
    {
      name: `RSS over idle with ${result.importers} hostile sheets in flight (PGlite)`,
      limit: `< +${RSS_GROWTH_MB} MB`,
      value: `+${result.peakRssMb - result.idleRssMb} MB`,
      pass: result.peakRssMb - result.idleRssMb < RSS_GROWTH_MB,
    },
    {
      name: "every hostile sheet refused with 413 naming its limit",
      limit: "413 only",
      value: Object.keys(result.answers).join(", "),
      pass: Object.keys(result.answers).every((answer) => answer.startsWith("413 the file holds more than")),
    },
  ],
});
