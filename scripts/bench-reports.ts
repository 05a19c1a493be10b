/**
 * `npm run bench:reports`: the occupancy report of a year of every yacht at ten times the demo's
 * volume (decision 043: at most 200 ms at the 99th percentile), on the embedded database and, when
 * DATABASE_URL names a PostgreSQL server, on a new database there.
 *
 * 1. The demo is loaded by a first start and multiplied by 10 (`npm run seed:operations -- 10`):
 *    twenty yachts and their year of departures, reservations in every state.
 * 2. BENCH_REQUESTS (default 200) occupancy questions, one after the other, each over 365 days of
 *    every yacht starting on another day (none is answered from memory: the server remembers no
 *    report), with writes in between: a hold of one berth of a random departure before every
 *    second question, and every tenth question the last hold confirmed, so the spaces the report
 *    counts keep changing. Only the questions are timed, from sending to the decoded answer.
 *
 * BENCH_DATA_DIR reuses an embedded database already multiplied (copied, never changed), whose
 * admin@example.com signs in with BENCH_ADMIN_PASSWORD (default Demo1234).
 * Writes bench/results/reports-<date>.md; exits 1 when the target is missed.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, prepareOperations, runScript, signIn, startServer, stopProcess, withPostgresDatabase } from "./benchSupport.ts";
import { seededRandom } from "../server/demo/seededRandom.ts";

const root = join(import.meta.dirname, "..");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? "200");
const TIMES = 10;
const TARGET_P99_MS = 200;
const ADMIN = { email: "admin@example.com", password: process.env.BENCH_ADMIN_PASSWORD ?? "Demo1234" };
const DAY = 86_400_000;
const log = (line: string) => console.log(`[bench:reports] ${line}`);

interface Measured {
  readonly database: string;
  readonly times: ReadonlyArray<number>;
  readonly departures: number;
  readonly spaces: number;
  readonly holds: number;
  readonly confirmed: number;
  readonly errors: number;
}

const measure = async (database: string, url: string): Promise<Measured> => {
  const { json: api } = await signIn(url, ADMIN);
  const cabins = (await api("GET", "/cabins")).data as ReadonlyArray<{ id: number; yacht: number; active: boolean }>;
  const genders = (await api("GET", "/genders")).data as ReadonlyArray<{ id: number; name: string }>;
  const adult = genders.find((gender) => gender.name === "Hombre adulto")?.id ?? 0;
  const today = Date.now();
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
  const ahead = (await api("GET", `/reports/occupancy?from=${iso(today)}&to=${iso(today + 364 * DAY)}`)).data as {
    departures: ReadonlyArray<{ cruiseId: number; yachtId: number }>;
  };
  const random = seededRandom(2026);
  let holds = 0;
  let confirmed = 0;
  let errors = 0;
  let lastHold: number | null = null;
  let departures = 0;
  let spaces = 0;
  const times: number[] = [];
  const hold = async () => {
    const departure = ahead.departures[Math.floor(random() * ahead.departures.length)];
    const own = cabins.filter((cabin) => cabin.yacht === departure?.yachtId && cabin.active);
    const cabin = own[Math.floor(random() * own.length)];
    const answer = await api("POST", "/reservations/createReservation", {
      cruiseId: departure?.cruiseId ?? 0,
      agencyId: null,
      type: "general",
      cabins: [{ cabinId: cabin?.id ?? 0, spaces: [{ genderId: adult }] }],
    });
    // a full cabin refused by the rules is a write decided too; only a failure is an error
    if (answer.status === 200) {
      holds += 1;
      lastHold = (answer.data as { id: number }).id;
    } else if (answer.status !== 409) errors += 1;
  };
  for (let question = -5; question < REQUESTS; question += 1) {
    if (question % 2 === 0) await hold();
    if (question % 10 === 0 && lastHold !== null) {
      // confirming needs the deposit (decision 065): it is recorded first, as the sales desk would
      const account = (await api("GET", `/reservations/${lastHold}/account`)).data as { depositDueCents: number };
      const cents = account.depositDueCents;
      await api("POST", "/payments/recordPayment", {
        reservationId: lastHold,
        amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
        receivedAt: iso(Date.now()),
        method: "transfer",
        reference: `BENCH-${lastHold}`,
        payer: "Bench",
      });
      const answer = await api("PUT", `/reservations/confirmReservation/${lastHold}`, {});
      if (answer.status === 200) confirmed += 1;
      lastHold = null;
    }
    // a year from another day each time: from three months back to nine months ahead
    const from = today + ((Math.abs(question) * 37) % 365) * DAY - 90 * DAY;
    const sent = performance.now();
    const answer = await api("GET", `/reports/occupancy?from=${iso(from)}&to=${iso(from + 364 * DAY)}`);
    const took = performance.now() - sent;
    if (answer.status !== 200) {
      errors += 1;
      continue;
    }
    // the first five warm the server's code paths up and are not counted
    if (question < 0) continue;
    times.push(took);
    const report = answer.data as { departures: ReadonlyArray<unknown>; total: { sold: number; held: number } };
    departures = Math.max(departures, report.departures.length);
    spaces = Math.max(spaces, report.total.sold + report.total.held);
  }
  return { database, times, departures, spaces, holds, confirmed, errors };
};

log("building the server if needed");
runScript("scripts/build.ts", ["--if-stale"], {});
const { DATABASE_URL: postgresUrl, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
const common = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_PASSWORD: ADMIN.password };

const results: Measured[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "backoffice-reports-"));
try {
  if (process.env.BENCH_DATA_DIR) cpSync(process.env.BENCH_DATA_DIR, dataDir, { recursive: true });
  else await prepareOperations({ ...common, DATA_DIR: dataDir }, ADMIN.password, TIMES, log);
  const server = await startServer({ ...common, DATA_DIR: dataDir, SEED_DEMO: "false" });
  try {
    results.push(await measure("PGlite", server.url));
  } finally {
    await stopProcess(server.child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (postgresUrl) {
  await withPostgresDatabase(postgresUrl, "backoffice_reports", async (url) => {
    await prepareOperations({ ...common, DATABASE_URL: url }, ADMIN.password, TIMES, log);
    const server = await startServer({ ...common, DATABASE_URL: url, SEED_DEMO: "false" });
    try {
      results.push(await measure("PostgreSQL", server.url));
    } finally {
      await stopProcess(server.child);
    }
  });
}

const report = [
  `# The occupancy report at ten times the demo (${new Date().toISOString()})`,
  "",
  `${REQUESTS} questions one after the other, each a year (365 days) of every yacht from another day, with a hold of one berth before every second question and the last hold confirmed every tenth; times in ms from sending to the answer.`,
  "",
  `| database | questions | departures in a year | berths sold or held | holds / confirmed | p50 | p95 | p99 (≤ ${TARGET_P99_MS}) | max | errors |`,
  "|---|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (result) =>
      `| ${result.database} | ${result.times.length} | ${result.departures} | ${result.spaces} | ${result.holds} / ${result.confirmed} | ${percentile(result.times, 50)} | ${percentile(result.times, 95)} | ${percentile(result.times, 99)} | ${percentile(result.times, 100)} | ${result.errors} |`,
  ),
  "",
].join("\n");
console.log(report);
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", `reports-${new Date().toISOString().slice(0, 16).replace(":", "-")}.md`), report);
if (results.some((result) => percentile(result.times, 99) > TARGET_P99_MS || result.errors > 0)) {
  console.error("[bench:reports] FAIL: a target above was missed");
  process.exit(1);
}
