/**
 * `npm run bench:asof`: a departure as of any moment at ten times the demo's volume (issue 40,
 * decision 071: one departure's berth plan as of an instant, single client, p50 <= 100 ms), on the
 * embedded database.
 *
 * 1. The demo is loaded by a first start and multiplied by 10 (`npm run seed:operations -- 10`).
 * 2. One client, one request after the other (BENCH_REQUESTS, default 200, of each kind): a random
 *    departure's berth plan as of a random instant of its life (`GET /cruises/{id}/cabins?asOf=`),
 *    the fullest departure's the same way, three months of the grid as of a random instant
 *    (`GET /availability?asOf=`), a departure's timeline, and today's berth plan to compare.
 *    Each is timed from sending to the last byte read.
 *
 * BENCH_DATA_DIR reuses an embedded database already multiplied (copied, never changed), whose
 * admin@example.com signs in with BENCH_ADMIN_PASSWORD (default Demo1234).
 * Writes bench/results/asof-<date>.md; exits 1 when the target is missed.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../server/demo/seededRandom.ts";
import { percentile, prepareOperations, signIn, startServer, stopProcess } from "./benchSupport.ts";

const root = join(import.meta.dirname, "..");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? "200");
const TARGET_P50_MS = 100;
const ADMIN = { email: "admin@example.com", password: process.env.BENCH_ADMIN_PASSWORD ?? "Demo1234" };
const DAY = 86_400_000;
const log = (line: string) => console.log(`[bench:asof] ${line}`);

interface Row {
  readonly what: string;
  readonly times: ReadonlyArray<number>;
  readonly errors: number;
}

const measure = async (url: string): Promise<ReadonlyArray<Row>> => {
  const { json: api, bytes } = await signIn(url, ADMIN);
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
  const today = Date.now();
  const grid = (await api("GET", `/availability?from=${iso(today)}&to=${iso(today + 364 * DAY)}`)).data as ReadonlyArray<{ cruiseId: number; free: number; capacity: number }>;
  const fullest = [...grid].sort((a, b) => b.capacity - b.free - (a.capacity - a.free))[0];
  if (fullest === undefined) throw new Error("no departure to measure");
  const random = seededRandom(40);
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)] as T;
  /** A departure's life: from its first event to now. */
  const lives = new Map<number, { readonly from: number; readonly to: number }>();
  const lifeOf = async (cruiseId: number) => {
    const known = lives.get(cruiseId);
    if (known !== undefined) return known;
    const timeline = (await api("GET", `/cruises/${cruiseId}/timeline`)).data as { points: ReadonlyArray<{ at: string }> };
    const life = { from: Date.parse(timeline.points[0]?.at ?? new Date().toISOString()), to: Date.now() };
    lives.set(cruiseId, life);
    return life;
  };
  const instantIn = (life: { readonly from: number; readonly to: number }) => new Date(life.from + random() * (life.to - life.from)).toISOString();
  const timed = async (what: string, path: () => Promise<string>): Promise<Row> => {
    const times: number[] = [];
    let errors = 0;
    for (let index = 0; index < REQUESTS + 10; index += 1) {
      const asked = await path();
      const started = performance.now();
      const answer = await bytes(asked);
      const took = performance.now() - started;
      if (answer.status !== 200) errors += 1;
      // the first ten warm the server up
      if (index >= 10) times.push(took);
    }
    return { what, times, errors };
  };
  const rows: Row[] = [];
  rows.push(
    await timed("one departure's berth plan as of an instant (a random departure)", async () => {
      const { cruiseId } = pick(grid);
      return `/cruises/${cruiseId}/cabins?asOf=${encodeURIComponent(instantIn(await lifeOf(cruiseId)))}`;
    }),
  );
  rows.push(
    await timed(`the fullest departure's berth plan as of an instant (${fullest.capacity - fullest.free} of ${fullest.capacity} berths taken)`, async () => {
      return `/cruises/${fullest.cruiseId}/cabins?asOf=${encodeURIComponent(instantIn(await lifeOf(fullest.cruiseId)))}`;
    }),
  );
  rows.push(
    await timed("three months of the grid as of an instant", async () => {
      const start = today + Math.floor(random() * 270) * DAY;
      return `/availability?from=${iso(start)}&to=${iso(start + 90 * DAY)}&asOf=${encodeURIComponent(instantIn(await lifeOf(pick(grid).cruiseId)))}`;
    }),
  );
  rows.push(await timed("a departure's timeline", async () => `/cruises/${pick(grid).cruiseId}/timeline`));
  rows.push(await timed("today's berth plan of a departure (the tables, to compare)", async () => `/cruises/${pick(grid).cruiseId}/cabins`));
  return rows;
};

const dataDir = mkdtempSync(join(tmpdir(), "backoffice-asof-"));
let failed = false;
try {
  const common = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_PASSWORD: ADMIN.password };
  if (process.env.BENCH_DATA_DIR) cpSync(process.env.BENCH_DATA_DIR, dataDir, { recursive: true });
  else await prepareOperations({ ...common, DATA_DIR: dataDir }, ADMIN.password, 10, log);
  // the time limits' worker stays off: a bench that expires holds while it reads measures the writes
  const server = await startServer({ ...common, DATA_DIR: dataDir, SEED_DEMO: "false", EXPIRY_INTERVAL_SECONDS: "86400" });
  try {
    const rows = await measure(server.url);
    const lines = [
      `# Departures as of any moment, demo x10 (${new Date().toISOString().slice(0, 10)})`,
      "",
      `Embedded database, one client, ${REQUESTS} requests each after 10 not counted; milliseconds from sending to the last byte.`,
      "",
      "| request | p50 | p95 | p99 | errors |",
      "|---|---|---|---|---|",
      ...rows.map((row) => `| ${row.what} | ${percentile(row.times, 50)} | ${percentile(row.times, 95)} | ${percentile(row.times, 99)} | ${row.errors} |`),
    ];
    for (const line of lines) log(line);
    mkdirSync(join(root, "bench", "results"), { recursive: true });
    writeFileSync(join(root, "bench", "results", `asof-${new Date().toISOString().slice(0, 10)}.md`), `${lines.join("\n")}\n`);
    const [random, fullest] = rows;
    failed = [random, fullest].some((row) => row === undefined || row.errors > 0 || percentile(row.times, 50) > TARGET_P50_MS);
  } finally {
    await stopProcess(server.child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  log(`one departure as of an instant missed p50 <= ${TARGET_P50_MS} ms`);
  process.exitCode = 1;
}
