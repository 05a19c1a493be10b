/**
 * Figures against the limit (issue 39 item 4, decision 085): `npm run bench` part `limits`. On the
 * demo x10 with BENCH_LEADS (100,000) generated leads on PGlite and, with DATABASE_URL, the demo
 * x10 with 1,000,000 leads on PostgreSQL:
 *
 * 1. single client, on a server without the log but telling each answer's database time
 *    (STATEMENT_TIMING; the throughput's server runs without it, decision 134): each read (a lead
 *    page, the first and a deep one, a common and a rare word, three months of every yacht's
 *    availability, its first page of fifty as the panel asks it since decision 120) interleaved
 *    with GET /api/health (the client and HTTP floor at the same moment), every read a new
 *    question and after a write where it would otherwise be remembered (a lead created before the
 *    first page, a hold before availability);
 *    the read's p50, the floor's, the database's and the server's own share, each request's read
 *    less its floor less its database time; a hold's p50;
 * 2. the endpoint alone: CLIENTS clients for SECONDS asking each read (with its write, when it has
 *    one) through a light keep-alive client (decision 131), after as many clients warmed the server
 *    as long with other questions (decisions 134, 137): the questions asked and the writes refused,
 *    which the capture keeps;
 * 3. capture, on the data the measurement left (its writes can change which way the endpoint
 *    answers a later read): a server started with STATEMENT_LOG answers each read one at a time:
 *    a read without a write, questions spread over those its measured run asked; one with a
 *    write, warmed first, its rounds kept in the load's mix of refused and accepted writes
 *    (decision 133); the statements each ran are kept, the write's apart, on PostgreSQL the read
 *    of the change counts each call waited for among them (decision 136);
 * 4. in turns (decision 145), each warmed as long as it is measured, then SECONDS of each cut in
 *    slices taken in turns: the endpoint again, on a copy of its database as its run alone found
 *    it, asked the same questions (its holds meet departures as full as alone; a read without a
 *    write, the captured questions in the cycle the replay and the bare server walk, decision
 *    149); the limit,
 *    the captured statements replayed through one plain connection pool (one PGlite) at the same
 *    concurrency, no HTTP, no decoding, the writes in a transaction rolled back (and what they left
 *    vacuumed after the warm-up, decision 138), the change counts read as the server's adapter
 *    reads them (one read under way, shared by the rounds asking meanwhile); and the bare server,
 *    the same statements' rows sent by a plain Fastify on a copy of the limit's database; the time
 *    of a core the server, the database and the client took per round read from /proc (decision 132);
 * 5. each captured read's plan (EXPLAIN ANALYZE, BUFFERS), saved beside the results, none reading
 *    leads, spaces or events whole.
 *
 * BENCH_DATA_DIR names an embedded database already holding the demo x10 and the leads (copied,
 * never changed; its admin@example.com signs in with Demo1234), to skip the minutes of
 * preparing it (about three at a load of 10, the leads the longer part; decision 085).
 */
import { closeSync, cpSync, fstatSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../server/db/database.ts";
import { isReadOnly } from "../server/db/database.ts";
import { openDatabase } from "../server/db/open.ts";
import { REMEMBERED_READS } from "../server/db/remember.ts";
import type { LoggedStatement } from "../server/db/statementLog.ts";
import { generatedLead } from "../server/demo/generatedLeads.ts";
import { seededRandom } from "../server/demo/seededRandom.ts";
import { foldText } from "../server/leads/search.ts";
import { spawn } from "node:child_process";
import pg from "pg";
import { postgresProcesses, withCpu } from "./benchCpu.ts";
import { type LightClient, type LightRequest, lightClient } from "./benchRawClient.ts";
import { type BenchApi, type Budget, type Fleet, fleetOf, freePort, holdDraft, percentile, prepareOperations, runScript, signIn, sleep, startServer, stopProcess, withPostgresDatabase } from "./benchSupport.ts";
import { type Replay, type Round, replayOn, replayRead, replayWrite, vacuumRolledBack } from "./benchReplay.ts";

export interface LimitsLoad {
  /** Seconds of each throughput run (the endpoint's and the limit's). */
  readonly seconds: number;
  readonly clients: number;
  /** Single-client requests of each read. */
  readonly rounds: number;
  /** Requests of a read with a write whose statements are captured and replayed. */
  readonly captured: number;
  /**
   * Questions of a read without a write captured and replayed: the same questions its measured
   * run asked, spread evenly over them (decision 136); in turns, all three sides ask these, in
   * the same cycle (decision 149).
   */
  readonly capturedQuestions: number;
  readonly pgliteLeads: number;
  readonly postgresLeads: number;
}

export const defaultLimitsLoad: LimitsLoad = {
  seconds: Number(process.env.BENCH_SECONDS ?? "10"),
  clients: 32,
  rounds: Number(process.env.LIMITS_ROUNDS ?? "200"),
  captured: 64,
  capturedQuestions: 2048,
  pgliteLeads: Number(process.env.BENCH_LEADS ?? "100000"),
  postgresLeads: 1_000_000,
};

/** Issue 39 item 4: an endpoint's throughput against the replay of its own statements. */
const MINIMUM_RATIO = 0.7;
/** The server's own share of a read, single client: p50 less the health floor and the database's time. */
const SERVER_SHARE_MS = 1;
const HOLD_P50_MS = 30;
const ADMIN = { email: "admin@example.com", password: "Demo1234" };
const PAGE_SIZE = 20;
const DAY = 86_400_000;
/** Tables a heavy read must never read whole. */
const WHOLE_TABLE = /Seq Scan on (leads|spaces|events)\b/;

const log = (line: string) => console.log(`[bench:limits] ${line}`);

type ReadName = "lead first page" | "lead deep page" | "common word search" | "rare word search" | "availability, three months, all yachts";

/** Issue 39 item 4: each read's single-client p50, uncached. */
const p50Budgets: Record<ReadName, number> = {
  "lead first page": 10,
  "lead deep page": 10,
  "common word search": 10,
  "rare word search": 10,
  "availability, three months, all yachts": 15,
};

interface Read {
  readonly name: ReadName;
  /** The write made before each request, so that none is answered from memory (a request of its own). */
  readonly write?: (n: number) => LightRequest;
  /** The n-th question of this read, each different from the ones before. */
  readonly path: (n: number) => string;
}

/** Words drawn from the leads themselves, and how many leads there are. */
interface Vocabulary {
  readonly common: ReadonlyArray<string>;
  readonly rare: ReadonlyArray<string>;
  readonly total: number;
}

const vocabularyOf = async (db: Database): Promise<Vocabulary> => {
  const rows = await db.query<{ email: string; message: string }>("select email, message from leads tablesample system (1) limit 1000");
  const [count] = await db.query<{ total: number }>("select count(*)::int as total from leads");
  const words = (text: string) => foldText(text).split(/[^a-z]+/).filter((word) => word.length >= 5);
  return {
    common: [...new Set(rows.flatMap((row) => words(row.message)))],
    rare: [...new Set(rows.map((row) => foldText(row.email.split("@")[0] ?? "")))],
    total: count?.total ?? 0,
  };
};

/**
 * The n-th lead the bench writes, drawn as the loaded leads were (generatedLead): thousands of the
 * same message made the newest leads unlike the rest, so that a word common to the leads was
 * absent from the newest and every search for it took the rare word's way (decision 085). Its own
 * address, which no rare word of the loaded leads is part of.
 */
const newLead = (n: number) => {
  const { firstName, lastName, country, phone, message } = generatedLead(seededRandom(n), n);
  return { firstName, lastName, email: `bench.lead.${n}@example.com`, country, phone, message };
};

/**
 * A word's n-th question: the words first, then their second and third pages, then the same with
 * another page size, so that thousands of requests never ask the same twice.
 */
const wordPath = (words: ReadonlyArray<string>, n: number): string => {
  const count = Math.max(1, words.length);
  const page = 1 + (Math.floor(n / count) % 3);
  const pageSize = PAGE_SIZE + (Math.floor(n / (3 * count)) % 11);
  return `/leads?q=${encodeURIComponent(words[n % count] ?? "")}&page=${page}&pageSize=${pageSize}`;
};

/**
 * The n-th deep page of `total` leads: pages of the last half, in a scattered order, each once,
 * then again with another page size, each page within that size's own last page. (Counted in pages
 * of 20, the questions numbered past 200,000 asked pages of 28 and 23: more than half of
 * PostgreSQL's and a quarter of PGlite's "deep pages" lay past the last lead, answered empty:
 * decision 148.) A page size keeps as many questions as the largest has deep pages, so that none
 * repeats within it.
 */
export const deepPagePath = (total: number, n: number): string => {
  const deepPagesOf = (pageSize: number) => Math.max(1, Math.floor(Math.ceil(total / pageSize) / 2));
  const pageSize = PAGE_SIZE + (Math.floor(n / deepPagesOf(PAGE_SIZE + 10)) % 11);
  return `/leads?page=${Math.ceil(total / pageSize) - ((n * 7_919) % deepPagesOf(pageSize))}&pageSize=${pageSize}`;
};

const readsOf = (vocabulary: Vocabulary, fleet: Fleet, token: string): ReadonlyArray<Read> => {
  const today = Date.now();
  return [
    {
      name: "lead first page",
      // the public form: no session
      write: (n) => ({ method: "POST", path: "/api/leads/createLead", body: newLead(n) }),
      path: () => `/leads?page=1&pageSize=${PAGE_SIZE}`,
    },
    {
      name: "lead deep page",
      path: (n) => deepPagePath(vocabulary.total, n),
    },
    { name: "common word search", path: (n) => wordPath(vocabulary.common, n) },
    { name: "rare word search", path: (n) => wordPath(vocabulary.rare, n) },
    {
      name: "availability, three months, all yachts",
      write: (n) => ({ method: "POST", path: "/api/reservations/createReservation", headers: { authorization: `Bearer ${token}` }, body: holdDraft(fleet, mulberry(n)) }),
      path: (n) => {
        const from = new Date(today + (n % 270) * DAY).toISOString().slice(0, 10);
        const to = new Date(today + ((n % 270) + 90) * DAY).toISOString().slice(0, 10);
        // the first page, as the panel opens the screen (decision 120)
        return `/availability?from=${from}&to=${to}&passengers=${1 + (Math.floor(n / 270) % 20)}&page=1&pageSize=50`;
      },
    },
  ];
};

/** A small seeded random number generator: the n-th hold picks its own departure and cabin. */
const mulberry = (seed: number) => {
  let state = seed + 0x6d2b79f5;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/**
 * The statements appended to the log from byte `from`, and where the next read starts. A last line
 * without its end is one the server is still appending, for its own work beside the requests (a
 * request's statements are all written before it is answered): it is read with the next round.
 * (Read whole, one such line ended a bench run on PostgreSQL with a JSON error.) Only what was
 * appended is read: a capture of thousands of questions read its whole log again for each.
 */
export const logged = (file: string, from: number): { readonly statements: LoggedStatement[]; readonly end: number } => {
  const descriptor = openSync(file, "r");
  try {
    const appended = Buffer.alloc(Math.max(0, fstatSync(descriptor).size - from));
    const length = readSync(descriptor, appended, 0, appended.length, from);
    const ended = appended.subarray(0, appended.lastIndexOf(0x0a, length - 1) + 1);
    const statements = ended
      .toString("utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as LoggedStatement);
    return { statements, end: from + ended.length };
  } finally {
    closeSync(descriptor);
  }
};

/** How the server names the request of a read's path (the statement log's `request`). */
const requestOf = (path: string): string => {
  const url = new URL(`http://bench/api${path}`);
  return `GET ${url.pathname}${url.search}`;
};

/** Questions the capture asks start here, the single-client ones further, the loaded ones after: none repeats another. */
const SINGLE_FROM = 100_000;
const LOADED_FROM = 200_000;
/** The writes and reads that warm the capture's server, past the loaded ones. */
const WARM_FROM = 300_000;

interface Captured {
  readonly rounds: Map<ReadName, Round[]>;
  /** A read without a write: the question of each of its rounds, in the same order (decision 149). */
  readonly questions: Map<ReadName, number[]>;
  /** Availability asked first after the start, nothing kept: the berth index reads every departure's berths. */
  readonly coldAvailability: ReadonlyArray<LoggedStatement>;
  /** The share of each read's kept rounds whose write was refused. */
  readonly refusedKept: ReadonlyMap<ReadName, number>;
}

/**
 * `wanted` of the `asked` questions a measured run asked (numbered from LOADED_FROM), spread evenly
 * over them: a replay of the first few questions alone read fewer words, pages and rows than the
 * endpoint had, each again and again, on a database that kept them at hand (decision 136). A
 * question asked again (a word's questions come round after its words × 3 pages × 11 page sizes)
 * is taken once, at its first asking: the endpoint met it again only after hundreds of others had
 * pushed its answer out of the server's memory, while the capture's server, asking a few hundred,
 * still held it, and logged an answer from memory with none of the read's statements (decision 148).
 */
export const spreadQuestions = (asked: number, wanted: number, questionOf: (n: number) => string = String): number[] => {
  const seen = new Set<string>();
  const distinct: number[] = [];
  for (let n = LOADED_FROM; n < LOADED_FROM + asked; n += 1) {
    const question = questionOf(n);
    if (seen.has(question)) continue;
    seen.add(question);
    distinct.push(n);
  }
  const taken = Math.min(distinct.length, Math.max(0, wanted));
  return Array.from({ length: taken }, (_, index) => distinct[Math.floor((index * distinct.length) / taken)] ?? LOADED_FROM);
};

/** A write's request asked through fetch, as the single-client figures and the capture ask: its status. */
const fetched = async (url: string, request: LightRequest): Promise<number> => {
  const response = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, ...(request.body === undefined ? {} : { "content-type": "application/json" }) },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  await response.arrayBuffer();
  return response.status;
};

/** A hold refused (the departure or the cabin full): its round is a refusal kept, not a reservation written. */
const REFUSED = 409;

/** How many of `wanted` rounds are refused ones at the load's share. */
const refusedOf = (wanted: number, refusedShare: number): number => Math.round(refusedShare * wanted);

/**
 * The rounds a read with a write keeps of those it captures: as many refused as the endpoint's
 * load had (a full departure's hold writes a refusal, an open one's a reservation, its spaces and
 * its summary), the first of each kind in the order captured, `wanted` in all once enough of each
 * came; short of one kind, the other's fill the rest.
 */
export const roundsLike = <T>(candidates: ReadonlyArray<{ readonly refused: boolean; readonly round: T }>, wanted: number, refusedShare: number): T[] => {
  const refusedWanted = refusedOf(wanted, refusedShare);
  const refused = candidates.filter((candidate) => candidate.refused).map(({ round }) => round);
  const accepted = candidates.filter((candidate) => !candidate.refused).map(({ round }) => round);
  const refusedTaken = Math.min(refused.length, Math.max(refusedWanted, wanted - accepted.length));
  return [...refused.slice(0, refusedTaken), ...accepted.slice(0, wanted - refusedTaken)];
};

const capture = async (
  env: Record<string, string>,
  load: LimitsLoad,
  makeReads: (api: BenchApi) => Promise<ReadonlyArray<Read>>,
  refusedShares: ReadonlyMap<ReadName, number>,
  asked: ReadonlyMap<ReadName, number>,
): Promise<Captured> => {
  const folder = mkdtempSync(join(tmpdir(), "backoffice-limits-log-"));
  const file = join(folder, "statements.jsonl");
  const server = await startServer({ ...env, STATEMENT_LOG: file });
  try {
    const api = await signIn(server.url, ADMIN);
    const reads = await makeReads(api);
    const availability = reads.find((read) => read.name === "availability, three months, all yachts");
    // where the statements of the next request start: each round reads what was appended since the
    // last, the server's own work beside it (no request) told apart by the filters below
    let from = logged(file, 0).end;
    const newStatements = () => {
      const { statements, end } = logged(file, from);
      from = end;
      return statements;
    };
    if (availability !== undefined) await api.bytes(availability.path(0));
    const coldAvailability = newStatements().filter((statement) => statement.request === requestOf(availability?.path(0) ?? ""));
    const rounds = new Map<ReadName, Round[]>();
    const questions = new Map<ReadName, number[]>();
    const refusedKept = new Map<ReadName, number>();
    for (const read of reads) {
      const write = read.write;
      if (write === undefined) {
        // the questions the endpoint was measured on (decision 136)
        const kept: Round[] = [];
        const spread = spreadQuestions(asked.get(read.name) ?? 0, load.capturedQuestions, read.path);
        for (const n of spread) {
          await api.bytes(read.path(n));
          kept.push({ write: [], read: newStatements().filter((statement) => statement.request === requestOf(read.path(n))) });
        }
        questions.set(read.name, spread);
        // an answer from memory logs the change counts' read alone: its round would replay no read
        const fromMemory = kept.filter((round) => round.read.every((statement) => statement.sharedRead === true)).length;
        if (fromMemory > 0) log(`${read.name}: ${fromMemory} of ${kept.length} captured questions were answered from memory`);
        rounds.set(read.name, kept);
        continue;
      }
      // A read with a write is captured as the endpoint ran it at load, its server warm: a hold
      // prices with a yacht's cabins, rates and seasons, remembered after the first holds of
      // each yacht (decision 133); captured cold, its round carried reads the endpoint no longer made.
      for (let n = WARM_FROM; n < WARM_FROM + load.captured; n += 1) {
        await fetched(server.url, write(n));
        await api.bytes(read.path(n));
      }
      // the warm-up's own writes are no candidate's
      newStatements();
      const candidates: Array<{ readonly refused: boolean; readonly round: Round }> = [];
      const share = refusedShares.get(read.name) ?? 0;
      const refusedWanted = refusedOf(load.captured, share);
      const enough = () =>
        candidates.filter((candidate) => candidate.refused).length >= refusedWanted &&
        candidates.filter((candidate) => !candidate.refused).length >= load.captured - refusedWanted;
      // up to eight times as many as kept, for the load's mix
      for (let n = 1; n <= 8 * load.captured && !enough(); n += 1) {
        const wrote = await fetched(server.url, write(n));
        await api.bytes(read.path(n));
        // the request's own statements: the server's own work (reminders, the feed's poll) runs beside
        const statements = newStatements();
        candidates.push({
          refused: wrote === REFUSED,
          round: {
            write: statements.filter((statement) => statement.request?.startsWith("POST ") === true),
            read: statements.filter((statement) => statement.request === requestOf(read.path(n))),
          },
        });
      }
      const kept = roundsLike(candidates, load.captured, share);
      const refusedRounds = new Set(candidates.filter((candidate) => candidate.refused).map(({ round }) => round));
      rounds.set(read.name, kept);
      refusedKept.set(read.name, kept.filter((round) => refusedRounds.has(round)).length / Math.max(1, kept.length));
    }
    return { rounds, questions, coldAvailability, refusedKept };
  } finally {
    await stopProcess(server.child);
    rmSync(folder, { recursive: true, force: true });
  }
};

interface ReadFigures {
  readonly name: ReadName;
  readonly p50Ms: number;
  readonly single: SingleClient;
  /** Requests (with their write) a second at `clients` clients, measured in turns with the limit and the bare server (decision 145). */
  readonly endpointRps: number;
  /** The same, measured alone before the capture, minutes before the limit. */
  readonly endpointAloneRps: number;
  readonly limitRps: number;
  /** The same statements' rows from a bare Fastify, same client, same concurrency. */
  readonly bareRps: number;
  /** The share of writes refused at load (in turns, and alone), and in the rounds replayed (decision 133); null for a read without a write. */
  readonly refused: { readonly load: number; readonly alone: number; readonly replay: number } | null;
  /** Where the cores went per round at `clients` clients, on each side (decision 132). */
  readonly cpu: Readonly<Record<"endpoint" | "limit" | "bare", CpuPerRound>>;
  readonly statements: number;
  readonly errors: number;
  readonly replayErrors: number;
}

/** A read's single-client figures: each part a p50 over the same requests, and the share's. */
interface SingleClient {
  readonly p50: number;
  /** GET /api/health asked just before each read: the floor at the same moment's load. */
  readonly healthP50: number;
  /** The driver's time of the read's own statements, told by the server for that very request (STATEMENT_TIMING). */
  readonly databaseP50: number;
  /** Per request, the read's time less its health's less its database's: the p50 of those. */
  readonly shareP50: number;
  readonly writeP50: number | null;
  readonly errors: number;
}

/** A GET timed from the client, with the database time its server put in Server-Timing. */
const timedGet = async (url: string, token: string | null, path: string) => {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  const databaseMs = Number(/db;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
  return { status: response.status, ms, databaseMs };
};

/**
 * Each read alone, single client, interleaved with the floor: health, the write where there is one,
 * the read; again. The floor and the read meet the same load, and the database's time is the one
 * the server measured for that read, so that the three parts of one request add up.
 */
const singleClient = async (url: string, api: BenchApi, read: Read, rounds: number): Promise<SingleClient> => {
  const times: number[] = [];
  const healths: number[] = [];
  const databases: number[] = [];
  const shares: number[] = [];
  const writes: number[] = [];
  let errors = 0;
  for (let n = SINGLE_FROM; n < SINGLE_FROM + rounds; n += 1) {
    const health = await timedGet(url, null, "/api/health");
    if (read.write !== undefined) {
      const started = performance.now();
      const status = await fetched(url, read.write(n));
      writes.push(performance.now() - started);
      if (status !== 200 && status !== REFUSED) errors += 1;
    }
    const answer = await timedGet(url, api.token, `/api${read.path(n)}`);
    if (answer.status !== 200 || Number.isNaN(answer.databaseMs)) errors += 1;
    times.push(answer.ms);
    healths.push(health.ms);
    databases.push(answer.databaseMs);
    shares.push(answer.ms - health.ms - answer.databaseMs);
  }
  return {
    p50: percentile(times, 50),
    healthP50: percentile(healths, 50),
    databaseP50: percentile(databases, 50),
    shareP50: percentile(shares, 50),
    writeP50: writes.length === 0 ? null : percentile(writes, 50),
    errors,
  };
};

const noCpu: CpuPerRound = { server: null, database: null, client: null };

/** How one round went: whether it was answered as it should, and whether its write was refused (a hold on a full departure). */
interface RoundOutcome {
  readonly answered: boolean;
  readonly refused: boolean;
}

/** A round without a write of its own to refuse (the replay's, the bare server's): answered or not. */
const answeredOnly = (round: (n: number) => Promise<boolean>) => async (n: number): Promise<RoundOutcome> => ({ answered: await round(n), refused: false });

/** `clients` loops for `seconds`, each running `round` again and again: rounds a second, the rounds that failed and those whose write was refused. */
const loadedRounds = async (clients: number, seconds: number, round: (n: number) => Promise<RoundOutcome>) => {
  let next = 0;
  let done = 0;
  let failed = 0;
  let refused = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const outcome = await round(next++);
        done += 1;
        if (!outcome.answered) failed += 1;
        if (outcome.refused) refused += 1;
      }
    }),
  );
  const ms = performance.now() - started;
  return { rps: Math.round(done / (ms / 1000)), failed, refused, done, ms };
};

/** The warm-up's rounds are numbered from here: the endpoint's warm-up asks no question its measured run asks. */
const WARM_ROUNDS_FROM = 50_000;

/** Milliseconds of a core each part took per round, null where it could not be read (decision 132). */
export type CpuPerRound = Readonly<Record<"server" | "database" | "client", number | null>>;

/** Each side's measured seconds are cut in as many slices, the sides taking turns (decision 145). */
const SLICES = 6;

/** The three sides of a read's ratio: the endpoint, its limit (the replay) and the bare server. */
type Side = "endpoint" | "limit" | "bare";

/** `sides` in the turns of slice `slice`: each first once in as many slices as there are sides. */
const rotated = <S>(sides: ReadonlyArray<S>, slice: number): ReadonlyArray<S> => {
  const first = slice % sides.length;
  return [...sides.slice(first), ...sides.slice(0, first)];
};

/** The turns of slice `slice`: each side first once in three slices (twice in SLICES), so that none always follows the same one. */
export const turnsOf = (slice: number): ReadonlyArray<Side> => rotated<Side>(["endpoint", "limit", "bare"], slice);

interface SideLoad {
  /** The process whose time is the side's server: null for the replay, which runs in the bench. */
  readonly server: number | null;
  readonly round: (n: number) => Promise<RoundOutcome>;
  /** Run between the warm-up and the measured slices: a replay's vacuum of the rows its rolled-back writes left (decision 138). */
  readonly afterWarmUp?: () => Promise<void>;
}

interface LoadFigures {
  readonly rps: number;
  readonly failed: number;
  readonly refusedShare: number;
  readonly cpu: CpuPerRound;
  readonly asked: number;
}

/** A core's seconds added to a sum, null while none could be read. */
const plus = (sum: number | null, part: number | null): number | null => (part === null ? sum : (sum ?? 0) + part);

/**
 * `loadedRounds` for each of `sides`, after as many seconds of the same load, unmeasured, and with
 * the time of a core the server, the database and the client each took per round: the ratio's
 * sides share two cores, and who spends them decides it. PGlite runs inside its server (or the
 * replay inside the bench): its time is theirs, its column empty. The warm-up (decisions 134, 137):
 * a server measured from its first loaded second was still compiling its code (a fifth of its
 * process's time on PostgreSQL went to V8's optimising compiler, perf) and reading its catalogues
 * for the first time; after 3 s of holds it still was (15 % of its samples), after 11 s no longer
 * (1 %). A server runs for days. Every side is warmed alike, as long as it is measured.
 *
 * Several sides are measured in turns (decision 145): `seconds` of each cut in `slices` slices, the
 * sides taking turns in the order `rotated` gives, each slice's questions following its side's
 * slice before. Measured one after the other, minutes apart, the same statements took a core 3.2
 * to 6.2 ms a round in three whole runs as this shared machine's speed moved, and a ratio moved by
 * 0.2 to 0.4: in turns, the sides meet the same minutes.
 */
const inTurns = async <S extends string>(
  clients: number,
  seconds: number,
  postgres: boolean,
  sides: Readonly<Record<S, SideLoad>>,
  slices: number,
): Promise<Record<S, LoadFigures>> => {
  const names = Object.keys(sides) as S[];
  for (const name of names) {
    await loadedRounds(clients, seconds, (n) => sides[name].round(WARM_ROUNDS_FROM + n));
    await sides[name].afterWarmUp?.();
  }
  const empty = () => ({ done: 0, failed: 0, refused: 0, ms: 0, server: null as number | null, database: null as number | null, client: null as number | null });
  const totals = new Map(names.map((name) => [name, empty()]));
  for (let slice = 0; slice < slices; slice += 1) {
    for (const name of rotated(names, slice)) {
      const total = totals.get(name) ?? empty();
      const { server } = sides[name];
      const { result, seconds: cpu } = await withCpu(
        {
          server: { kind: "processes", pids: () => (server === null ? [] : [server]) },
          database: { kind: "processes", pids: () => (postgres ? postgresProcesses() : []) },
          client: { kind: "self" },
        },
        () => loadedRounds(clients, seconds / slices, (n) => sides[name].round(total.done + n)),
      );
      totals.set(name, {
        done: total.done + result.done,
        failed: total.failed + result.failed,
        refused: total.refused + result.refused,
        ms: total.ms + result.ms,
        server: plus(total.server, cpu.server),
        database: plus(total.database, cpu.database),
        client: plus(total.client, cpu.client),
      });
    }
  }
  const figures = (total: ReturnType<typeof empty>): LoadFigures => {
    const perRound = (part: number | null) => (part === null || total.done === 0 ? null : (1000 * part) / total.done);
    return {
      rps: total.ms === 0 ? 0 : Math.round(total.done / (total.ms / 1000)),
      failed: total.failed,
      refusedShare: total.done === 0 ? 0 : total.refused / total.done,
      cpu: { server: perRound(total.server), database: perRound(total.database), client: perRound(total.client) },
      asked: total.done,
    };
  };
  return Object.fromEntries(names.map((name) => [name, figures(totals.get(name) ?? empty())])) as Record<S, LoadFigures>;
};

/** A round of `read` asked of the endpoint through `client`: question `from + n`, its write first where it has one. */
const endpointRound =
  (client: LightClient, auth: Readonly<Record<string, string>>, read: Read, from: number) =>
  async (n: number): Promise<RoundOutcome> => {
    const question = from + n;
    const wrote = read.write === undefined ? 200 : (await client.request(read.write(question))).status;
    const answered = (wrote === 200 || wrote === REFUSED) && (await client.request({ method: "GET", path: `/api${read.path(question)}`, headers: auth })).status === 200;
    return { answered, refused: wrote === REFUSED };
  };

/**
 * The places of a cycle of `length`, one for each round asked, the warm-up's and the measured
 * slices' alike: a side's rounds walk its cycle in order, and each place comes round again only
 * after all the others (decision 149).
 */
export const cycleOf = (length: number): (() => number) => {
  let next = 0;
  return () => {
    const place = next % Math.max(1, length);
    next += 1;
    return place;
  };
};

/**
 * A read without a write asked of the endpoint: its captured questions in their cycle, as the
 * replay and the bare server run the rounds captured for them (decision 149).
 */
const cycledEndpointRound = (client: LightClient, auth: Readonly<Record<string, string>>, read: Read, questions: ReadonlyArray<number>) => {
  const place = cycleOf(questions.length);
  const ask = endpointRound(client, auth, read, 0);
  return (): Promise<RoundOutcome> => ask(questions[place()] ?? LOADED_FROM);
};

/**
 * A cycle of `questions` asked of the endpoint is one none of whose answers the server still
 * remembers when its question comes round again: longer than the answers it keeps, and than the
 * rounds under way at once. A shorter one would measure the server's memory.
 */
export const cycleOutrunsMemory = (questions: number, clients: number): boolean => questions > REMEMBERED_READS + clients;

const replayRound = async (replay: Replay, round: Round): Promise<void> => {
  await replayWrite(replay, round);
  await replayRead(replay, round);
};

/** Every captured read's statements with EXPLAIN (ANALYZE, BUFFERS), and the reads that scan a whole table. */
const plansOf = async (db: Database, reads: ReadonlyArray<{ readonly name: string; readonly statements: ReadonlyArray<LoggedStatement> }>) => {
  const lines: string[] = [];
  const wholeTables: string[] = [];
  for (const read of reads) {
    lines.push(`## ${read.name}`, "");
    for (const statement of read.statements) {
      if (!isReadOnly(statement.sql)) continue;
      const plan = await db.query<Record<string, string>>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      const text = plan.map((row) => Object.values(row)[0] ?? "").join("\n");
      if (WHOLE_TABLE.test(text)) wholeTables.push(`${read.name}: ${statement.sql.replace(/\s+/g, " ").slice(0, 100)}`);
      lines.push("```sql", statement.sql.trim(), "```", `parameters: ${JSON.stringify(statement.params)}`, "", "```", text, "```", "");
    }
  }
  return { lines, wholeTables };
};

export interface LimitsResult {
  readonly database: "PGlite" | "PostgreSQL";
  readonly leads: number;
  readonly load: ReturnType<typeof loadavg>;
  readonly reads: ReadonlyArray<ReadFigures>;
  readonly plansFile: string;
  readonly wholeTables: ReadonlyArray<string>;
}

export const measureDatabase = async (database: "PGlite" | "PostgreSQL", env: Record<string, string>, load: LimitsLoad, resultsDir: string, date: string): Promise<LimitsResult> => {
  const opened = await openDatabase({ DATA_DIR: env.DATA_DIR ?? tmpdir(), ...(env.DATABASE_URL === undefined ? {} : { DATABASE_URL: env.DATABASE_URL }) });
  const vocabulary = await vocabularyOf(opened).finally(() => opened.close());
  const leads = vocabulary.total;
  const makeReads = async (api: BenchApi) => readsOf(vocabulary, await fleetOf(api), api.token);
  const serverEnv = { ...env, SEED_DEMO: "false", LEAD_RATE_LIMIT: "1000000" };
  // the single client's server tells each answer's database time: a sum kept beside each request, no file
  const singles = new Map<ReadName, SingleClient>();
  const timing = await startServer({ ...serverEnv, STATEMENT_TIMING: "true" });
  try {
    const api = await signIn(timing.url, ADMIN);
    for (const read of await makeReads(api)) {
      log(`${database}: ${read.name}, single client (load ${loadavg()[0]?.toFixed(1)})`);
      singles.set(read.name, await singleClient(timing.url, api, read, load.rounds));
    }
  } finally {
    await stopProcess(timing.child);
  }
  // The loaded server runs as users run it (decision 134): the timing's async context is a promise
  // hook on every await of the process, which PGlite's server otherwise never has. Measured alone
  // first: the questions it asks and the share of its writes refused are what the capture keeps
  // (decisions 133, 136); its figures are reported beside the ones measured in turns (decision 145).
  const alone = new Map<ReadName, { single: SingleClient; rps: number; failed: number; refusedShare: number | null; asked: number }>();
  // Measured in turns, the endpoint starts where it started alone and asks the same questions: its
  // holds meet departures as full as alone, in the mix of refusals the capture keeps (decision 145).
  const inTurnsStart = await snapshot(env, "in_turns");
  const copies = [inTurnsStart];
  try {
    const aloneServer = await startServer(serverEnv);
    try {
      const api = await signIn(aloneServer.url, ADMIN);
      const reads = await makeReads(api);
      const client = lightClient(aloneServer.url);
      const auth = { authorization: `Bearer ${api.token}` };
      for (const read of reads) {
        const single = singles.get(read.name);
        if (single === undefined) throw new Error(`no single-client figures for ${read.name}`);
        log(`${database}: ${read.name}, alone, ${load.clients} clients for ${load.seconds} s (load ${loadavg()[0]?.toFixed(1)})`);
        const { endpoint: throughput } = await inTurns(load.clients, load.seconds, database === "PostgreSQL", { endpoint: { server: aloneServer.child.pid ?? null, round: endpointRound(client, auth, read, LOADED_FROM) } }, 1);
        alone.set(read.name, { single, rps: throughput.rps, failed: throughput.failed, refusedShare: read.write === undefined ? null : throughput.refusedShare, asked: throughput.asked });
      }
      client.close();
    } finally {
      await stopProcess(aloneServer.child);
    }
    // Captured after the measurement, on the data it left: its writes can change how the endpoint
    // answers a later read (which way a search goes), and the replay must run what was measured.
    // The writes are replayed where the captured ones never happened: their events would collide.
    const replayed = await snapshot(env, "replay");
    copies.push(replayed);
    log(`${database}: capturing the statements of ${load.capturedQuestions} of the questions each read without a write was asked, ${load.captured} rounds of each with one`);
    const captured = await capture(
      serverEnv,
      load,
      makeReads,
      new Map([...alone].flatMap(([name, measured]) => (measured.refusedShare === null ? [] : [[name, measured.refusedShare] as const]))),
      new Map([...alone].map(([name, measured]) => [name, measured.asked] as const)),
    );
    // the bare server's own copy: one PGlite directory opens in one process at a time
    const bareCopy = await snapshot(replayed.env, "bare");
    copies.push(bareCopy);
    const db = await openDatabase({ DATA_DIR: replayed.env.DATA_DIR ?? tmpdir(), ...(replayed.env.DATABASE_URL === undefined ? {} : { DATABASE_URL: replayed.env.DATABASE_URL }) });
    const replay = replayOn(db);
    const measured = new Map<ReadName, Record<Side, LoadFigures>>();
    let plans: Awaited<ReturnType<typeof plansOf>>;
    try {
      const server = await startServer({ ...serverEnv, ...inTurnsStart.env });
      const bare = await startBare(bareCopy.env, captured.rounds);
      try {
        const api = await signIn(server.url, ADMIN);
        const client = lightClient(server.url);
        const auth = { authorization: `Bearer ${api.token}` };
        for (const read of await makeReads(api)) {
          const rounds = captured.rounds.get(read.name) ?? [];
          const writes = rounds.some((round) => round.write.length > 0);
          // a read without a write: the three sides ask the captured questions in the same cycle (decision 149)
          const questions = writes ? undefined : captured.questions.get(read.name);
          if (questions !== undefined && !cycleOutrunsMemory(questions.length, load.clients)) {
            throw new Error(`${read.name}: a cycle of ${questions.length} questions is within the ${REMEMBERED_READS} answers the server remembers and the ${load.clients} rounds under way`);
          }
          const limitPlace = questions === undefined ? (n: number) => n : cycleOf(rounds.length);
          const barePlace = questions === undefined ? (n: number) => n : cycleOf(rounds.length);
          const bareRound = bare.round(read.name, writes);
          // once first, as the endpoint's server had run them: parsed statements and pages in the cache
          for (const round of rounds) await replayRound(replay, round);
          await bare.once(read.name);
          log(`${database}: ${read.name}, the endpoint, the replay through one ${db.kind === "pglite" ? "PGlite" : "connection pool"} and the bare server in turns at ${load.clients} clients (load ${loadavg()[0]?.toFixed(1)})`);
          measured.set(
            read.name,
            await inTurns<Side>(load.clients, load.seconds, database === "PostgreSQL", {
              endpoint: { server: server.child.pid ?? null, round: questions === undefined ? endpointRound(client, auth, read, LOADED_FROM) : cycledEndpointRound(client, auth, read, questions) },
              limit: {
                server: null,
                round: answeredOnly(async (n) => {
                  const round = rounds[limitPlace(n) % Math.max(1, rounds.length)];
                  if (round === undefined) return false;
                  return replayRound(replay, round).then(
                    () => true,
                    () => false,
                  );
                }),
                ...(writes ? { afterWarmUp: () => vacuumRolledBack(replay) } : {}),
              },
              bare: { server: bare.pid, round: (n) => bareRound(barePlace(n)), ...(writes ? { afterWarmUp: bare.vacuum } : {}) },
            }, SLICES),
          );
        }
        client.close();
      } finally {
        await bare.stop();
        await stopProcess(server.child);
      }
      plans = await plansOf(db, [
        ...[...captured.rounds].map(([name, rounds]) => ({ name, statements: rounds[0]?.read ?? [] })),
        { name: "availability, three months, all yachts, nothing kept yet (the first after a start)", statements: captured.coldAvailability },
      ]);
    } finally {
      await db.close();
      // pg's pool resolves its end before its sockets close: a forced drop at once terminated a
      // backend still open, whose error reached a pool without a listener and stopped the bench
      await sleep(1000);
    }
    const figures: ReadFigures[] = [...captured.rounds].map(([name, rounds]) => {
      const first = alone.get(name);
      const sides = measured.get(name);
      const none: LoadFigures = { rps: 0, failed: 1, refusedShare: 0, cpu: noCpu, asked: 0 };
      const { endpoint, limit, bare } = sides ?? { endpoint: none, limit: none, bare: none };
      return {
        name,
        p50Ms: p50Budgets[name],
        single: first?.single ?? { p50: Number.NaN, healthP50: Number.NaN, databaseP50: Number.NaN, shareP50: Number.NaN, writeP50: null, errors: 1 },
        endpointRps: endpoint.rps,
        endpointAloneRps: first?.rps ?? 0,
        limitRps: limit.rps,
        bareRps: bare.rps,
        cpu: { endpoint: endpoint.cpu, limit: limit.cpu, bare: bare.cpu },
        refused: first?.refusedShare === null || first?.refusedShare === undefined ? null : { load: endpoint.refusedShare, alone: first.refusedShare, replay: captured.refusedKept.get(name) ?? 0 },
        statements: rounds.reduce((sum, round) => sum + round.read.length, 0) / Math.max(1, rounds.length),
        errors: (first?.single.errors ?? 1) + (first?.failed ?? 0) + endpoint.failed,
        replayErrors: limit.failed + bare.failed,
      };
    });
    const plansFile = join(resultsDir, `plans-${date}-${replayed.env.DATABASE_URL === undefined ? "pglite" : "postgres"}.md`);
    writeFileSync(
      plansFile,
      [
        `# Plans of the heavy reads, ${database}, demo x10, ${leads} leads`,
        "",
        `Load average ${loadavg().map((value) => value.toFixed(1)).join(", ")} (1, 5, 15 min). Each statement the server ran for the read (captured by STATEMENT_LOG, decision 085), with EXPLAIN (ANALYZE, BUFFERS) on the same parameters.`,
        "",
        ...plans.lines,
        "## Whole tables read",
        "",
        ...(plans.wholeTables.length === 0 ? ["None."] : plans.wholeTables.map((entry) => `- ${entry}`)),
        "",
      ].join("\n"),
    );
    return { database, leads, load: loadavg(), reads: figures, plansFile, wholeTables: plans.wholeTables };
  } finally {
    for (const copy of copies) await copy.drop();
  }
};

/**
 * The same captured statements served by a bare Fastify (scripts/benchBareServer.ts) on a copy of
 * the replay's database, asked by the same light client as the endpoint at the same concurrency, the
 * write (rolled back there) a request of its own before the read where the endpoint makes one.
 */
const startBare = async (env: Record<string, string>, captured: ReadonlyMap<ReadName, ReadonlyArray<Round>>) => {
  const folder = mkdtempSync(join(tmpdir(), "backoffice-limits-bare-"));
  const file = join(folder, "rounds.json");
  const names = [...captured.keys()];
  writeFileSync(file, JSON.stringify(names.map((name) => captured.get(name) ?? [])));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/benchBareServer.ts"], {
    cwd: join(import.meta.dirname, ".."),
    env: { ...process.env, ...env, BARE_ROUNDS: file, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const client = lightClient(url);
  const stop = async () => {
    client.close();
    await stopProcess(child);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode}`);
      const up = await fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await sleep(50);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const indexOf = (name: ReadName) => names.indexOf(name);
  return {
    pid: child.pid ?? null,
    /** Each of the read's rounds once, as the endpoint's server and the replay had run them. */
    once: async (name: ReadName) => {
      for (let n = 0; n < (captured.get(name)?.length ?? 0); n += 1) await (await fetch(`${url}/read/${indexOf(name)}/${n}`)).arrayBuffer();
    },
    round: (name: ReadName, writes: boolean) =>
      answeredOnly(async (n) => {
        if (writes && (await client.request({ method: "POST", path: `/write/${indexOf(name)}/${n}` })).status !== 200) return false;
        return (await client.request({ method: "GET", path: `/read/${indexOf(name)}/${n}` })).status === 200;
      }),
    vacuum: async () => {
      if (!(await fetch(`${url}/vacuum`, { method: "POST" })).ok) throw new Error("the bare server could not vacuum its copy");
    },
    stop,
  };
};

/** A copy of `env`'s database as it is now (a copied data directory, or a PostgreSQL database made from it as a template, named after its purpose), and its removal. */
const snapshot = async (env: Record<string, string>, purpose: "in_turns" | "replay" | "bare"): Promise<{ readonly env: Record<string, string>; readonly drop: () => Promise<void> }> => {
  if (env.DATABASE_URL === undefined) {
    const copy = mkdtempSync(join(tmpdir(), `backoffice-limits-${purpose}-`));
    cpSync(env.DATA_DIR ?? "", copy, { recursive: true });
    return { env: { DATA_DIR: copy }, drop: async () => rmSync(copy, { recursive: true, force: true }) };
  }
  const url = new URL(env.DATABASE_URL);
  const original = url.pathname.slice(1);
  const name = `${original}_${purpose}`;
  const admin = async (sql: string) => {
    const server = new URL(url);
    server.pathname = "/postgres";
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name} template ${original}`);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`drop database if exists ${name} with (force)`) };
};

/** The demo x10 and the leads on `env`'s database: a first start with the demo, seed:operations, seed:leads. */
const prepare = async (env: Record<string, string>, leads: number): Promise<void> => {
  await prepareOperations({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, ADMIN.password, 10, log);
  log(`loading ${leads} leads`);
  runScript("scripts/seed-leads.ts", [String(leads)], env);
};

/** PGlite (from BENCH_DATA_DIR when given), then PostgreSQL on a new database of `postgresUrl`'s server. */
export const measureLimits = async (load: LimitsLoad, postgresUrl: string | undefined, resultsDir: string, date: string): Promise<LimitsResult[]> => {
  const results: LimitsResult[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-limits-"));
  try {
    if (process.env.BENCH_DATA_DIR) cpSync(process.env.BENCH_DATA_DIR, dataDir, { recursive: true });
    else await prepare({ DATA_DIR: dataDir }, load.pgliteLeads);
    results.push(await measureDatabase("PGlite", { DATA_DIR: dataDir }, load, resultsDir, date));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (postgresUrl !== undefined) {
    results.push(
      await withPostgresDatabase(postgresUrl, "backoffice_limits", async (url) => {
        await prepare({ DATABASE_URL: url }, load.postgresLeads);
        return measureDatabase("PostgreSQL", { DATABASE_URL: url }, load, resultsDir, date);
      }),
    );
  }
  return results;
};

const ms = (value: number) => value.toFixed(1);

const ratioOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole) / 100);

/**
 * Decision 085's rule for a read's throughput: the endpoint at 0.7 of the limit passes; below, the
 * machine is the bound when HTTP itself (the bare server over the same statements) stays below 0.7
 * of the limit while the endpoint is at 0.7 of the bare server: reported, not failed. Anything else fails.
 */
export const ratioVerdict = (endpointRps: number, limitRps: number, bareRps: number) => {
  const ratio = ratioOf(endpointRps, limitRps);
  const bareRatio = ratioOf(bareRps, limitRps);
  const codeRatio = ratioOf(endpointRps, bareRps);
  const machineBound = ratio < MINIMUM_RATIO && bareRatio < MINIMUM_RATIO && codeRatio >= MINIMUM_RATIO;
  return { ratio, bareRatio, codeRatio, machineBound, pass: ratio >= MINIMUM_RATIO || machineBound };
};

/** Milliseconds of a core, to a hundredth; a dash where none was read (PGlite's own time is its process's). */
const cpuMs = (value: number | null): string => (value === null ? "–" : value.toFixed(2));

const cpuTotal = (cpu: CpuPerRound): string => cpuMs((cpu.server ?? 0) + (cpu.database ?? 0) + (cpu.client ?? 0));

/**
 * Where the cores went during each throughput run (decision 132): per round (a request with its
 * write), the time of a core the server, the database and the client took, read from /proc. With
 * two cores shared, a side's rounds a second are about two seconds over its total.
 */
const cpuTable = (results: ReadonlyArray<LimitsResult>): string[] => [
  "",
  "Where the cores went at 32 clients, milliseconds of a core per round (a request with its write; user and system time from /proc; decision 132). The endpoint's client is the bench's light client, the limit's is the replay itself (its pool, or its PGlite), the database's column is PostgreSQL's processes (PGlite runs inside the server or the replay). A write refused (a hold on a full departure) keeps a refusal instead of writing a reservation: the rounds replayed are captured, on a warm server, in the mix of the endpoint's load alone (decision 133); measured in turns, later, its holds find more departures full.",
  "",
  "| database | read | endpoint: server | database | client | total | limit: replay | database | total | bare: server | database | client | total | writes refused: in turns / alone / replayed |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...results.flatMap((result) =>
    result.reads.map(({ name, cpu: { endpoint, limit, bare }, refused }) =>
      [
        result.database,
        name,
        cpuMs(endpoint.server),
        cpuMs(endpoint.database),
        cpuMs(endpoint.client),
        cpuTotal(endpoint),
        cpuMs(limit.client),
        cpuMs(limit.database),
        cpuTotal(limit),
        cpuMs(bare.server),
        cpuMs(bare.database),
        cpuMs(bare.client),
        cpuTotal(bare),
        refused === null ? "" : `${Math.round(100 * refused.load)} % / ${Math.round(100 * refused.alone)} % / ${Math.round(100 * refused.replay)} %`,
      ].join(" | "),
    ).map((row) => `| ${row} |`),
  ),
];

/** The figures as a Markdown section and their budgets. */
export const limitsReport = (results: ReadonlyArray<LimitsResult>, load: LimitsLoad): { readonly lines: string[]; readonly budgets: Budget[] } => {
  const lines = [
    `Each heavy read's statements, captured from the server (STATEMENT_LOG; a read without a write on ${load.capturedQuestions} of the questions its measured run asked, spread over them; on PostgreSQL with the change counts' read each call waited for, replayed shared as the server shares it: decision 136), replayed through one plain pool (one PGlite) at ${load.clients} clients for ${load.seconds} s: the limit. ` +
      `The endpoint at the same ${load.clients} clients; a read without a write asked on the captured questions, the three sides walking them in the same cycle, so that each reads the same pages of its database as often (each question again only after all the others, past the ${REMEMBERED_READS} answers the server remembers: decision 149); the first page after a lead created and availability after a hold, every request a new question (both sides run the write; the replay rolls it back); ` +
      "asked with a light client (keep-alive sockets, bodies counted, never parsed: decision 131), so that the load generator takes little of the cores the endpoint shares with it. " +
      "The bare server: the same statements' rows sent by a plain Fastify route (no hooks, no session, no contract), asked by the same client at the same concurrency: what HTTP on this machine allows at best. " +
      `Each of the three runs its load ${load.seconds} s unmeasured first, as long as its measured run (decisions 134, 137; a read with a write with questions the measured run does not ask, one without walking its cycle on from where the warm-up leaves it); the endpoint's server runs as users run it, without the single client's timing (decision 134). ` +
      `The three are measured in turns, ${load.seconds} s each cut in ${SLICES} slices, the sides taking turns (decision 145): measured one after the other, minutes apart, the machine's speed between them moved a ratio by 0.2 to 0.4. The endpoint was first measured alone, for the questions and the refused writes the capture keeps: its figure is beside ("endpoint alone"). ` +
      `A ratio below ${MINIMUM_RATIO} is the machine's (machine-bound, not failed) when the bare server is itself below ${MINIMUM_RATIO} of the limit and the endpoint at least ${MINIMUM_RATIO} of the bare server. ` +
      `Single client: ${load.rounds} requests of each, a write before each where the read would be remembered otherwise, each read after a GET /api/health (the client and HTTP floor at the same moment), its server telling the driver's time of its statements (Server-Timing, STATEMENT_TIMING), on PostgreSQL the read of the change counts every call's sign-in check waits for among them (decision 102); ` +
      "the server's share is the p50 of each request's read less its health less its database time; the three parts are each their own p50 over the same requests.",
    "",
    "| database | leads | load (1 min) | read | statements | endpoint req/s | endpoint alone req/s | limit req/s | bare req/s | endpoint / limit (≥ 0.7) | bare / limit | endpoint / bare | p50 ms | health p50 | database ms | server's share ms (≤ 1) | write p50 ms | errors |",
    "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const budgets: Budget[] = [];
  for (const result of results) {
    const where = `${result.database}, ${result.leads} leads, demo x10`;
    for (const read of result.reads) {
      const verdict = ratioVerdict(read.endpointRps, read.limitRps, read.bareRps);
      const { single } = read;
      lines.push(
        `| ${result.database} | ${result.leads} | ${result.load[0]?.toFixed(1)} | ${read.name} | ${read.statements.toFixed(1)} | ${read.endpointRps} | ${read.endpointAloneRps} | ${read.limitRps} | ${read.bareRps} | ${verdict.ratio}${verdict.machineBound ? " (machine-bound)" : ""} | ${verdict.bareRatio} | ${verdict.codeRatio} | ${ms(single.p50)} | ${ms(single.healthP50)} | ${ms(single.databaseP50)} | ${ms(single.shareP50)} | ${single.writeP50 === null ? "" : ms(single.writeP50)} | ${read.errors + read.replayErrors} |`,
      );
      budgets.push(
        {
          name: `${read.name}: endpoint / limit at ${load.clients} clients (${where})`,
          limit: `≥ ${MINIMUM_RATIO}x, or machine-bound: bare / limit < ${MINIMUM_RATIO}x and endpoint / bare ≥ ${MINIMUM_RATIO}x`,
          value:
            `${verdict.ratio}x (${read.endpointRps} / ${read.limitRps} req/s)` +
            `${verdict.machineBound ? ", machine-bound" : ""}: bare / limit ${verdict.bareRatio}x (${read.bareRps} req/s), endpoint / bare ${verdict.codeRatio}x; in turns, the endpoint alone before ${read.endpointAloneRps} req/s`,
          pass: verdict.pass,
        },
        { name: `${read.name}: p50 single client, uncached (${where})`, limit: `≤ ${read.p50Ms} ms`, value: `${ms(single.p50)} ms`, pass: single.p50 <= read.p50Ms },
        {
          name: `${read.name}: the server's own share, single client (${where})`,
          limit: `≤ ${SERVER_SHARE_MS} ms`,
          value: `${ms(single.shareP50)} ms (p50 of each request's own: read ${ms(single.p50)}, health ${ms(single.healthP50)}, database ${ms(single.databaseP50)})`,
          pass: single.shareP50 <= SERVER_SHARE_MS,
        },
        { name: `${read.name}: errors (${where})`, limit: "0", value: `${read.errors} (replay ${read.replayErrors})`, pass: read.errors + read.replayErrors === 0 },
      );
      if (read.name === "availability, three months, all yachts" && single.writeP50 !== null) {
        budgets.push({ name: `a hold: p50 single client (${where})`, limit: `≤ ${HOLD_P50_MS} ms`, value: `${ms(single.writeP50)} ms`, pass: single.writeP50 <= HOLD_P50_MS });
      }
    }
    budgets.push({
      name: `heavy reads' plans read no whole table of leads, spaces or events (${where}; ${result.plansFile.split("/").pop()})`,
      limit: "none",
      value: result.wholeTables.length === 0 ? "none" : result.wholeTables.join("; "),
      pass: result.wholeTables.length === 0,
    });
  }
  lines.push("", "Load average beside each row: the machine is shared, a loaded machine lowers both sides of a ratio but raises every p50.");
  lines.push(...cpuTable(results));
  return { lines, budgets };
};
