/**
 * `npm run bench:holds`: a departure's last berths under fire (issue 17, "speed and safety"). On
 * the embedded database with one server and, when DATABASE_URL names a PostgreSQL server, on a new
 * database there with two server processes sharing it: ROUNDS rounds in which 64 clients hold one
 * of a departure's last 2 berths at the same instant, spread over the servers. Every round must
 * give exactly 2 holds and 62 `cruise full`, and no cabin may ever hold more spaces than berths.
 * The latency of those holds is reported (they queue on the departure's lock by design, so this
 * is the worst case of a hold, not the usual one). Writes bench/results/holds-<date>.md.
 *
 * BENCH_ROUNDS (default 100) sets the rounds.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../server/db/open.ts";
import { seedDemoSelling } from "../server/demo/selling.ts";
import { registerProjections } from "../server/events/projection.ts";
import { projections } from "../server/projections.ts";
import { prepareSchema } from "../server/schema.ts";
import { startServer, stopProcess, withPostgresDatabase } from "./benchSupport.ts";

const root = join(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? "100");
const CLIENTS = 64;
const LAST_BERTHS = 2;
const ADMIN = { email: "admin@example.com", password: "Demo1234" };
const log = (line: string) => console.log(`[bench:holds] ${line}`);

const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};

/** The demo's fleet, itineraries and rates, for a database the server does not fill with the demo (PostgreSQL). */
const seedFleet = async (env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<void> => {
  const db = await openDatabase(env);
  registerProjections(projections);
  await prepareSchema(db);
  const options = { actorId: null, occurredAt: new Date() };
  await db.transaction((tx) => seedDemoSelling(tx, options));
  await db.close();
};

interface RaceResult {
  readonly database: string;
  readonly servers: number;
  readonly rounds: number;
  readonly exact: number;
  readonly overbooked: number;
  readonly otherAnswers: ReadonlyArray<string>;
  readonly p50: number;
  readonly p99: number;
  readonly seconds: number;
}

const race = async (database: string, urls: ReadonlyArray<string>): Promise<RaceResult> => {
  const [first = ""] = urls;
  const json = async (url: string, method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, data: ((await response.json()) as { data: unknown }).data };
  };
  const login = await json(first, "POST", "/auth/login", null, ADMIN);
  const token = (login.data as { token: string }).token;
  const named = async (path: string, name: string) =>
    ((await json(first, "GET", path, token)).data as ReadonlyArray<{ id: number; name: string }>).find((item) => item.name === name)?.id ?? 0;
  const yacht = await named("/yachts", "Galápagos Explorer");
  const itinerary = await named("/cruiseItineraries", "Norte 4 días");
  const male = await named("/genders", "Hombre adulto");
  // a departure typed in has a guide (decision 061)
  const guide = ((await json(first, "GET", "/guides", token)).data as ReadonlyArray<{ id: number }>)[0]?.id ?? 0;
  // a Thursday three months ahead: outside the final-hours window, inside the demo's rates
  const day = new Date(Date.now() + 90 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((4 - day.getUTCDay() + 7) % 7));
  const startDate = day.toISOString().slice(0, 10);
  const latencies: number[] = [];
  const otherAnswers = new Set<string>();
  let exact = 0;
  let overbooked = 0;
  const started = performance.now();
  for (let round = 1; round <= ROUNDS; round += 1) {
    await json(first, "POST", "/cruises/createCruise", token, { yachtId: yacht, cruiseItineraryId: itinerary, startDate, guideIds: [guide] });
    const listed = (await json(first, "GET", `/cruises?from=${startDate}&to=${startDate}&pageSize=200`, token)).data as ReadonlyArray<{ id: number; state: string }>;
    const cruiseId = listed.find((cruise) => cruise.state === "scheduled")?.id ?? 0;
    const cabins = (await json(first, "GET", `/cruises/${cruiseId}/cabins`, token)).data as ReadonlyArray<{ id: number; name: string; capacity: number }>;
    const target = cabins.find((cabin) => cabin.capacity === LAST_BERTHS && cabin.name === "3");
    if (target === undefined) throw new Error("the Explorer has no cabin 3 of two berths");
    const filler = await json(first, "POST", "/reservations/createReservation", token, {
      cruiseId,
      agencyId: null,
      type: "general",
      cabins: cabins.filter((cabin) => cabin.id !== target.id).map((cabin) => ({ cabinId: cabin.id, spaces: Array.from({ length: cabin.capacity }, () => ({ genderId: male })) })),
    });
    if (filler.status !== 200) throw new Error(`the filler hold was refused: ${String(filler.data)}`);
    const holds = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const sent = performance.now();
        const answer = await json(urls[client % urls.length] ?? first, "POST", "/reservations/createReservation", token, {
          cruiseId,
          agencyId: null,
          type: "general",
          cabins: [{ cabinId: target.id, spaces: [{ genderId: male }] }],
        });
        latencies.push(performance.now() - sent);
        return answer;
      }),
    );
    const held = holds.filter((answer) => answer.status === 200).length;
    for (const answer of holds) if (answer.status !== 200 && answer.data !== "cruise full") otherAnswers.add(`${answer.status} ${String(answer.data)}`);
    const availability = ((await json(first, "GET", `/cruises/${cruiseId}`, token)).data as { availability: { held: number; capacity: number } }).availability;
    if (held === LAST_BERTHS) exact += 1;
    if (availability.held > availability.capacity) overbooked += 1;
    // the departure is canceled with its reservations, which frees the day for the next round
    await json(first, "PUT", `/cruises/cancelCruise/${cruiseId}`, token, { reason: `Ronda ${round}` });
    if (round % 10 === 0) log(`${database}: ${round} rounds, ${exact} exact`);
  }
  return {
    database,
    servers: urls.length,
    rounds: ROUNDS,
    exact,
    overbooked,
    otherAnswers: [...otherAnswers],
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    seconds: Math.round((performance.now() - started) / 1000),
  };
};

log("building the server if needed");
if (spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts", "--if-stale"], { cwd: root, stdio: "inherit" }).status !== 0) {
  throw new Error("the build failed");
}
const { DATABASE_URL: postgresUrl, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
const common = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false" };
const results: RaceResult[] = [];

const dataDir = mkdtempSync(join(tmpdir(), "backoffice-holds-"));
try {
  await seedFleet({ DATA_DIR: dataDir });
  const server = await startServer({ ...common, DATA_DIR: dataDir });
  try {
    results.push(await race("PGlite", [server.url]));
  } finally {
    await stopProcess(server.child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (postgresUrl) {
  results.push(
    await withPostgresDatabase(postgresUrl, "backoffice_holds", async (url) => {
      await seedFleet({ DATABASE_URL: url, DATA_DIR: dataDir });
      const servers = [await startServer({ ...common, DATABASE_URL: url }), await startServer({ ...common, DATABASE_URL: url })];
      try {
        return await race("PostgreSQL", servers.map((server) => server.url));
      } finally {
        for (const server of servers) await stopProcess(server.child);
      }
    }),
  );
}

const lines = [
  `# The last berths under fire (${new Date().toISOString()})`,
  "",
  `${CLIENTS} clients hold one of a departure's last ${LAST_BERTHS} berths at the same instant, ${ROUNDS} rounds; nothing is answered from memory (every hold writes).`,
  "",
  "| database | servers | rounds | rounds with exactly 2 holds | rounds overbooked | other answers | hold p50 (ms) | hold p99 (ms) | seconds |",
  "|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (result) =>
      `| ${result.database} | ${result.servers} | ${result.rounds} | ${result.exact} | ${result.overbooked} | ${result.otherAnswers.join(", ") || "none"} | ${result.p50} | ${result.p99} | ${result.seconds} |`,
  ),
  "",
];
const report = lines.join("\n");
console.log(report);
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", `holds-${new Date().toISOString().slice(0, 16).replace(":", "-")}.md`), report);
const failed = results.some((result) => result.exact !== result.rounds || result.overbooked > 0 || result.otherAnswers.length > 0);
if (failed) {
  console.error("[bench:holds] FAIL: a round did not give exactly the last berths, or answered otherwise");
  process.exit(1);
}
