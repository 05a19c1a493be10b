/**
 * `npm run bench:operations`: the operator's day at ten times the demo's volume (issue 17, "speed
 * and safety"), on the embedded database and, when DATABASE_URL names a PostgreSQL server, on a
 * new database there with two server processes sharing it.
 *
 * 1. The demo is loaded by a first start and multiplied by 10 (`npm run seed:operations -- 10`):
 *    twenty yachts, about 1,600 departures, 6,000 reservations and 9,000 passengers.
 * 2. Load: after BENCH_WARMUP seconds (default 5) of the same load just after the servers start
 *    (counted apart: the first answers fill the caches of PostgreSQL and the code, once a start),
 *    32 clients for BENCH_SECONDS (default 30) each send, one after the other, mostly
 *    three-month availability questions over every yacht (each with its own period and party
 *    size, so no answer can come from the server's remembered reads) and a hold of one berth in
 *    a random cabin of a random departure in one request of five (held, or refused by the rules:
 *    both are the server's decision). Availability p99 must be at most 50 ms and a hold's at most
 *    100 ms.
 *    Availability answers are read to their last byte but not parsed: the load generator shares
 *    the machine's two cores with the servers, and parsing 160 KB answers in it measured the
 *    generator (decision 050).
 * 3. Live: during the load, once a second, another client holds a berth while a viewer listens to
 *    the event stream; the time from sending the hold to hearing its change must be at most 1 s (p99).
 * 4. SIGKILL: a burst of holds is cut by killing the server; after a restart every acknowledged
 *    hold is there, no departure has more held and confirmed berths than it has, and the holds
 *    whose time limit passed while it was down are expired.
 *
 * 5. Floor: the same clients against a bare node:http server that sends back a recorded
 *    availability answer and a recorded hold answer (BENCH_FLOOR=false leaves it out).
 *
 * BENCH_ONLY=postgres measures PostgreSQL alone. BENCH_DATA_DIR reuses an embedded database already multiplied (it is copied, never changed), whose
 * admin@example.com signs in with BENCH_ADMIN_PASSWORD (default Demo1234).
 * Writes bench/results/operations-<date>.md.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fleetOf, holdOne, percentile, prepareOperations, runScript, type Server, signIn, sleep, startServer, stopProcess, withPostgresDatabase } from "./benchSupport.ts";
import { seededRandom } from "../server/demo/seededRandom.ts";

const root = join(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? "30");
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? "5");
const CLIENTS = 32;
const TIMES = 10;
/** The admin the bench signs in as; a BENCH_DATA_DIR made elsewhere may have its own password. */
const ADMIN = { email: "admin@example.com", password: process.env.BENCH_ADMIN_PASSWORD ?? "Demo1234" };
const log = (line: string) => console.log(`[bench:operations] ${line}`);
const DAY = 86_400_000;

/** Listens to the event stream and tells each reservation change as it arrives. */
const listen = (url: string, token: string, heard: (reservationId: number) => void): AbortController => {
  const stop = new AbortController();
  void (async () => {
    const response = await fetch(`${url}/api/events/stream`, { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" }, signal: stop.signal });
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const chunk = await reader?.read();
      if (chunk === undefined || chunk.done) return;
      buffer += chunk.value;
      const events = buffer.split("\n\n");
      buffer = events.pop() ?? "";
      for (const event of events) {
        const data = event.split("\n").find((line) => line.startsWith("data: "));
        if (data === undefined) continue;
        const change = JSON.parse(data.slice(6)) as { kind: string; reservationId?: number };
        if (change.kind === "reservation" && change.reservationId !== undefined) heard(change.reservationId);
      }
    }
  })().catch(() => undefined);
  return stop;
};

/** What the clients measured: each answer's time, and how the holds were answered. */
interface Measured {
  readonly availability: ReadonlyArray<number>;
  /** Every answer's time during the warm-up just after the start (availability and holds). */
  readonly warmup: ReadonlyArray<number>;
  readonly holds: ReadonlyArray<number>;
  readonly held: number;
  readonly refused: number;
  readonly errors: number;
}

interface LoadResult extends Measured {
  readonly database: string;
  readonly servers: number;
  readonly live: ReadonlyArray<number>;
  readonly unheard: number;
}

/** One client's two requests, each answering its status. */
interface Caller {
  readonly ask: (path: string) => Promise<number>;
  readonly hold: (random: () => number) => Promise<number>;
}

/**
 * CLIENTS clients, each sending its next request as soon as the last is answered until the
 * deadline: one in five a hold, the others each its own question of availability (a period
 * starting on another day, or another party size). `callerOf` gives client n its server.
 */
const drive = async (callerOf: (client: number) => Caller, warm: number, deadline: number): Promise<Measured> => {
  const availability: number[] = [];
  const warmup: number[] = [];
  const holds: number[] = [];
  let held = 0;
  let refused = 0;
  let errors = 0;
  let asked = 0;
  const today = Date.now();
  const client = async (index: number) => {
    const random = seededRandom(index + 1);
    const caller = callerOf(index);
    while (performance.now() < deadline) {
      const sent = performance.now();
      if (random() < 0.2) {
        const status = await caller.hold(random);
        (sent < warm ? warmup : holds).push(performance.now() - sent);
        if (status === 200) held += 1;
        else if (status === 409) refused += 1;
        else errors += 1;
      } else {
        asked += 1;
        const from = new Date(today + (asked % 270) * DAY).toISOString().slice(0, 10);
        const to = new Date(today + ((asked % 270) + 90) * DAY).toISOString().slice(0, 10);
        const status = await caller.ask(`/availability?from=${from}&to=${to}&passengers=${1 + (Math.floor(asked / 270) % 20)}`);
        (sent < warm ? warmup : availability).push(performance.now() - sent);
        if (status !== 200) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  return { availability, warmup, holds, held, refused, errors };
};

const load = async (database: string, urls: ReadonlyArray<string>): Promise<LoadResult> => {
  const apis = await Promise.all(urls.map((url) => signIn(url, ADMIN)));
  const [first] = apis;
  if (first === undefined) throw new Error("no server");
  const fleet = await fleetOf(first);
  log(`${database}: ${fleet.departures.length} departures ahead; ${CLIENTS} clients for ${SECONDS} s`);
  const warm = performance.now() + WARMUP_SECONDS * 1000;
  const deadline = warm + SECONDS * 1000;
  // the live probe: a viewer on the last server hears the holds made on the first
  const viewer = apis[apis.length - 1] ?? first;
  const sentAt = new Map<number, number>();
  const live: number[] = [];
  // The viewer may hear a hold before its own answer reaches the probe: kept until the answer says whose it is.
  const heardBefore = new Map<number, number>();
  const stop = listen(urls[urls.length - 1] ?? "", viewer.token, (reservationId) => {
    const sent = sentAt.get(reservationId);
    if (sent === undefined) {
      heardBefore.set(reservationId, performance.now());
      return;
    }
    live.push(performance.now() - sent);
    sentAt.delete(reservationId);
  });
  await sleep(500);
  const probe = async () => {
    const random = seededRandom(999);
    await sleep(Math.max(0, warm - performance.now()));
    while (performance.now() < deadline) {
      const sent = performance.now();
      const answer = await holdOne(first, fleet, random);
      const heard = answer.id === null ? undefined : heardBefore.get(answer.id);
      if (heard !== undefined) live.push(heard - sent);
      else if (answer.id !== null) sentAt.set(answer.id, sent);
      await sleep(1000);
    }
  };
  const callerOf = (client: number): Caller => {
    const api = apis[client % apis.length] ?? first;
    return { ask: async (path) => (await api.bytes(path)).status, hold: async (random) => (await holdOne(api, fleet, random)).status };
  };
  const [measured] = await Promise.all([drive(callerOf, warm, deadline), probe()]);
  await sleep(1500);
  stop.abort();
  return { database, servers: urls.length, ...measured, live, unheard: sentAt.size };
};

/** A bare node:http server answering every GET with one recorded body and every POST with another. */
const floorServer = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const [asked, held] = process.argv.slice(1).map((path) => readFileSync(path));
const server = createServer((request, response) => {
  request.resume();
  const body = request.method === "POST" ? held : asked;
  response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

/**
 * The machine's floor: the same clients against a server that only sends back recorded answers
 * (a three-month availability answer of the fleet, a hold's answer), reading nothing and deciding
 * nothing. What the product adds is its figures less these.
 */
const floor = async (url: string): Promise<Measured> => {
  const api = await signIn(url, ADMIN);
  const fleet = await fleetOf(api);
  const today = Date.now();
  const from = new Date(today + 30 * DAY).toISOString().slice(0, 10);
  const to = new Date(today + 120 * DAY).toISOString().slice(0, 10);
  const answers = mkdtempSync(join(tmpdir(), "backoffice-floor-"));
  try {
    const asked = await fetch(`${url}/api/availability?from=${from}&to=${to}&passengers=1`, { headers: { authorization: `Bearer ${api.token}` } });
    writeFileSync(join(answers, "asked.json"), Buffer.from(await asked.arrayBuffer()));
    const random = seededRandom(7);
    let held = await holdOne(api, fleet, random);
    while (held.id === null) held = await holdOne(api, fleet, random);
    writeFileSync(join(answers, "held.json"), JSON.stringify({ data: (await api.json("GET", `/reservations/${held.id}`)).data }));
    const child = spawn(process.execPath, ["--input-type=module", "-e", floorServer, join(answers, "asked.json"), join(answers, "held.json")], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const port = await new Promise<string>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim())));
      const bare = `http://127.0.0.1:${port}/api`;
      log(`floor: ${CLIENTS} clients for ${SECONDS} s against recorded answers`);
      const warm = performance.now() + WARMUP_SECONDS * 1000;
      return await drive(
        () => ({
          ask: async (path) => {
            const response = await fetch(`${bare}${path}`);
            await response.arrayBuffer();
            return response.status;
          },
          hold: async () => {
            const response = await fetch(`${bare}/reservations/createReservation`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
            await response.json();
            return response.status;
          },
        }),
        warm,
        warm + SECONDS * 1000,
      );
    } finally {
      await stopProcess(child);
    }
  } finally {
    rmSync(answers, { recursive: true, force: true });
  }
};

interface CrashResult {
  readonly database: string;
  readonly acknowledged: number;
  readonly lost: number;
  readonly overbooked: number;
  readonly expiredAfterRestart: boolean;
}

/** A burst of holds cut by SIGKILL, then a restart: what was acknowledged is there, nothing is counted twice, expiry resumes. */
const crash = async (database: string, start: () => Promise<Server>): Promise<CrashResult> => {
  let server = await start();
  let api = await signIn(server.url, ADMIN);
  const fleet = await fleetOf(api);
  const random = seededRandom(4242);
  // two holds whose time limit passes while the server is down
  const soon = new Date(Date.now() + 3000).toISOString();
  const expiring = (await Promise.all([holdOne(api, fleet, random, soon), holdOne(api, fleet, random, soon)])).flatMap(({ id }) => (id === null ? [] : [id]));
  const acknowledged: Array<{ id: number; cruiseId: number }> = [];
  let sent = 0;
  const burst = Array.from({ length: CLIENTS }, async () => {
    while (sent < 400) {
      sent += 1;
      try {
        const answer = await holdOne(api, fleet, random);
        if (answer.id !== null) acknowledged.push({ id: answer.id, cruiseId: answer.cruiseId });
      } catch {
        return;
      }
    }
  });
  while (acknowledged.length < 60 && sent < 400) await sleep(5);
  server.child.kill("SIGKILL");
  await Promise.all(burst);
  log(`${database}: killed after ${acknowledged.length} acknowledged holds of ${sent} sent`);
  await sleep(3500);
  server = await start();
  api = await signIn(server.url, ADMIN);
  let lost = 0;
  for (const { id } of acknowledged) if ((await api.json("GET", `/reservations/${id}`)).status !== 200) lost += 1;
  let overbooked = 0;
  for (const cruiseId of new Set(acknowledged.map(({ cruiseId }) => cruiseId))) {
    const { availability } = (await api.json("GET", `/cruises/${cruiseId}`)).data as { availability: { capacity: number; held: number; confirmed: number } };
    if (availability.held + availability.confirmed > availability.capacity) overbooked += 1;
  }
  let expiredAfterRestart = expiring.length > 0;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const states = await Promise.all(expiring.map(async (id) => ((await api.json("GET", `/reservations/${id}`)).data as { state: string }).state));
    expiredAfterRestart = states.every((state) => state === "canceled");
    if (expiredAfterRestart) break;
    await sleep(200);
  }
  await stopProcess(server.child);
  return { database, acknowledged: acknowledged.length, lost, overbooked, expiredAfterRestart };
};

log("building the server if needed");
runScript("scripts/build.ts", ["--if-stale"], {});
const { DATABASE_URL: postgresUrl, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
const common = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_PASSWORD: ADMIN.password, EXPIRY_INTERVAL_SECONDS: "1" };

/** A first start loads the demo (on PostgreSQL, the admin only: its demo is seeded there); then it is multiplied. */
const prepare = (env: Record<string, string>) => prepareOperations({ ...common, ...env }, ADMIN.password, TIMES, log);

const loads: LoadResult[] = [];
const crashes: CrashResult[] = [];
/** The floor, measured once, against the first database's answers (BENCH_FLOOR=false leaves it out). */
let floorMeasured: Measured | null = null;
const measureFloor = async (url: string): Promise<void> => {
  if (floorMeasured === null && process.env.BENCH_FLOOR !== "false") floorMeasured = await floor(url);
};
// BENCH_ONLY=postgres leaves the embedded database out (its figures already taken)
if (process.env.BENCH_ONLY !== "postgres") {
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-operations-"));
  try {
    if (process.env.BENCH_DATA_DIR) cpSync(process.env.BENCH_DATA_DIR, dataDir, { recursive: true });
    else await prepare({ DATA_DIR: dataDir });
    const env = { ...common, DATA_DIR: dataDir, SEED_DEMO: "false" };
    const server = await startServer(env);
    try {
      loads.push(await load("PGlite", [server.url]));
      await measureFloor(server.url);
    } finally {
      await stopProcess(server.child);
    }
    crashes.push(await crash("PGlite", () => startServer(env)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (postgresUrl) {
  await withPostgresDatabase(postgresUrl, "backoffice_operations", async (url) => {
    await prepare({ DATABASE_URL: url });
    const env = { ...common, DATABASE_URL: url, SEED_DEMO: "false" };
    const servers = [await startServer(env), await startServer(env)];
    try {
      loads.push(await load("PostgreSQL", servers.map((server) => server.url)));
      await measureFloor(servers[0]?.url ?? "");
    } finally {
      for (const server of servers) await stopProcess(server.child);
    }
    crashes.push(await crash("PostgreSQL", () => startServer(env)));
  });
}

const lines = [
  `# Operations at ten times the demo (${new Date().toISOString()})`,
  "",
  `${CLIENTS} clients for ${SECONDS} s, after ${WARMUP_SECONDS} s of the same load just after the start (its p99 apart, not in the budgets): availability of three months of every yacht (each question its own period or party size: no answer is remembered; each is put together from the departures' berths, which the server keeps as a read model, and the catalogues and sessions it remembers until their tables are written) and, one request in five, a hold of one berth in a random cabin of a random departure. Availability answers are read to their last byte, not parsed (decision 050). The live probe holds once a second and times the change on another server's event stream. The floor row is the same clients against a bare node:http server sending back a recorded availability answer and a recorded hold answer: what this machine gives with no work done.`,
  "",
  "| database | servers | availability n | p50 | p95 | p99 (≤ 50) | holds n | held / refused | p50 | p95 | p99 (≤ 100) | errors | live n | live p50 | live p99 (≤ 1000) | unheard | warm-up n | warm-up p99 |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...[...loads, ...(floorMeasured === null ? [] : [{ database: "floor: recorded answers, no work", servers: 1, ...(floorMeasured as Measured), live: [], unheard: 0 }])].map(
    (result) =>
      `| ${result.database} | ${result.servers} | ${result.availability.length} | ${percentile(result.availability, 50)} | ${percentile(result.availability, 95)} | ${percentile(result.availability, 99)} | ${result.holds.length} | ${result.held} / ${result.refused} | ${percentile(result.holds, 50)} | ${percentile(result.holds, 95)} | ${percentile(result.holds, 99)} | ${result.errors} | ${result.live.length} | ${percentile(result.live, 50)} | ${percentile(result.live, 99)} | ${result.unheard} | ${result.warmup.length} | ${percentile(result.warmup, 99)} |`,
  ),
  "",
  "SIGKILL during a burst of holds, then a restart:",
  "",
  "| database | acknowledged holds | lost | departures overbooked | holds due while down expired after restart |",
  "|---|---|---|---|---|",
  ...crashes.map((result) => `| ${result.database} | ${result.acknowledged} | ${result.lost} | ${result.overbooked} | ${result.expiredAfterRestart ? "yes" : "no"} |`),
  "",
];
const report = lines.join("\n");
console.log(report);
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", `operations-${new Date().toISOString().slice(0, 16).replace(":", "-")}.md`), report);
const failed =
  loads.some((result) => percentile(result.availability, 99) > 50 || percentile(result.holds, 99) > 100 || percentile(result.live, 99) > 1000 || result.errors > 0) ||
  crashes.some((result) => result.lost > 0 || result.overbooked > 0 || !result.expiredAfterRestart);
if (failed) {
  console.error("[bench:operations] FAIL: a target above was missed");
  process.exit(1);
}
