/**
 * `npm run bench:leads` (issue 19 items 1 and 2): the leads list as staff use it, at volume, on
 * both databases. 32 clients ask back to back for 30 s: the first page, a page drawn anywhere from
 * the first to the last, and searches for words drawn from the leads' own texts (common words of
 * the messages, surnames, rare e-mail names and phone fragments), while one request in twenty
 * writes a comment on a random lead, which makes every server forget what it remembered
 * (decision 046). Each figure says how many of its answers could have come from memory: the same
 * question asked again since the last write.
 *
 * PGlite: LEADS_PGLITE leads (100,000) in a temporary data directory, one server. PostgreSQL (when
 * DATABASE_URL names a server): LEADS_POSTGRES leads (1,000,000) in a new database, two server
 * processes sharing it, the requests spread over both; BENCH_LEADS_URL names an existing database
 * that already holds them instead (kept). BENCH_ONLY=pglite|postgres measures one; SECONDS and
 * CLIENTS change the load. Writes bench/results/leads-<date>.md; fails when a p99 exceeds 50 ms.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../server/db/open.ts";
import { seededRandom } from "../server/demo/seededRandom.ts";
import { foldText } from "../server/leads/search.ts";
import { percentile, runScript, type Server, signIn, startServer, stopProcess, withPostgresDatabase } from "./benchSupport.ts";

const SECONDS = Number(process.env.SECONDS ?? "30");
const CLIENTS = Number(process.env.CLIENTS ?? "32");
const LEADS_PGLITE = Number(process.env.LEADS_PGLITE ?? "100000");
const LEADS_POSTGRES = Number(process.env.LEADS_POSTGRES ?? "1000000");
const PAGE_SIZE = 20;
const BUDGET_MS = 50;
const ADMIN = { email: "bench@example.com", password: "Bench12345" };

const log = (line: string) => console.log(`[bench:leads] ${line}`);

type Kind = "first page" | "any page" | "common word" | "surname" | "rare word" | "comment (write)";
const kinds: ReadonlyArray<readonly [Kind, number]> = [
  ["first page", 25],
  ["any page", 20],
  ["common word", 20],
  ["surname", 15],
  ["rare word", 15],
  ["comment (write)", 5],
];

/** Words drawn from the leads themselves: what staff would type. */
interface Vocabulary {
  readonly common: ReadonlyArray<string>;
  readonly surnames: ReadonlyArray<string>;
  readonly rare: ReadonlyArray<string>;
  readonly leadIds: ReadonlyArray<number>;
  readonly total: number;
}

/** Samples a thousand leads of the database: their message words, surnames, e-mail names and phone fragments. */
const vocabularyOf = async (env: Record<string, string>): Promise<Vocabulary> => {
  const db = await openDatabase({ DATA_DIR: env.DATA_DIR ?? tmpdir(), ...(env.DATABASE_URL === undefined ? {} : { DATABASE_URL: env.DATABASE_URL }) });
  try {
    const rows = await db.query<{ id: number; last_name: string; email: string; phone: string; message: string }>(
      "select id, last_name, email, phone, message from leads tablesample system (1) limit 1000",
    );
    const [count] = await db.query<{ total: number }>("select count(*)::int as total from leads");
    const words = (text: string) => foldText(text).split(/[^a-z]+/).filter((word) => word.length >= 5);
    return {
      common: [...new Set(rows.flatMap((row) => words(row.message)))],
      surnames: [...new Set(rows.map((row) => foldText(row.last_name)))],
      rare: rows.flatMap((row) => [foldText(row.email.split("@")[0] ?? ""), row.phone.replace(/\D/g, "").slice(-5)]),
      leadIds: rows.map((row) => row.id),
      total: count?.total ?? 0,
    };
  } finally {
    await db.close();
  }
};

interface Sample {
  readonly kind: Kind;
  readonly ms: number;
  /** The same question was asked since the last write: it could have been answered from memory. */
  readonly repeated: boolean;
  readonly ok: boolean;
}

const load = async (servers: ReadonlyArray<Server>, vocabulary: Vocabulary): Promise<Sample[]> => {
  const apis = await Promise.all(servers.map((server) => signIn(server.url, ADMIN)));
  const session = (await apis[0]?.json("GET", "/auth/session"))?.data as { id: number };
  const random = seededRandom(19);
  const pick = <T>(values: ReadonlyArray<T>): T => values[Math.floor(random() * values.length)] as T;
  const weight = kinds.reduce((sum, [, share]) => sum + share, 0);
  const kindOf = (): Kind => {
    let draw = random() * weight;
    for (const [kind, share] of kinds) {
      draw -= share;
      if (draw < 0) return kind;
    }
    return "first page";
  };
  const lastPage = Math.max(1, Math.ceil(vocabulary.total / PAGE_SIZE));
  const pathOf = (kind: Kind): string => {
    const page = (words: string) => `/leads?q=${encodeURIComponent(words)}&page=${1 + Math.floor(random() * 3)}&pageSize=${PAGE_SIZE}`;
    if (kind === "first page") return `/leads?page=1&pageSize=${PAGE_SIZE}`;
    if (kind === "any page") return `/leads?page=${1 + Math.floor(random() * lastPage)}&pageSize=${PAGE_SIZE}`;
    if (kind === "common word") return page(pick(vocabulary.common));
    if (kind === "surname") return page(pick(vocabulary.surnames));
    return page(pick(vocabulary.rare));
  };
  const asked = new Set<string>();
  const samples: Sample[] = [];
  const until = performance.now() + SECONDS * 1000;
  let turn = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const api = apis[turn++ % apis.length];
        if (api === undefined) return;
        const kind = kindOf();
        const started = performance.now();
        if (kind === "comment (write)") {
          const answer = await api.json("POST", "/leads/createTrakin", { userId: session.id, leadId: pick(vocabulary.leadIds), coments: "Llamar de nuevo la próxima semana." });
          asked.clear();
          samples.push({ kind, ms: performance.now() - started, repeated: false, ok: answer.status === 200 });
          continue;
        }
        const path = pathOf(kind);
        const repeated = asked.has(path);
        asked.add(path);
        const answer = await api.json("GET", path);
        samples.push({ kind, ms: performance.now() - started, repeated, ok: answer.status === 200 });
      }
    }),
  );
  return samples;
};

interface Result {
  readonly database: string;
  readonly servers: number;
  readonly leads: number;
  readonly samples: ReadonlyArray<Sample>;
}

/** Starts `count` servers on `env`'s database (the first start makes the bench's admin), samples its words and loads it. */
const measure = async (database: string, env: Record<string, string>, count: number, leads: number): Promise<Result> => {
  const servers: Server[] = [];
  try {
    for (let index = 0; index < count; index += 1) servers.push(await startServer({ ...env, SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }));
    const vocabulary = await vocabularyOf(env);
    log(`${database}: ${vocabulary.total} leads, ${vocabulary.common.length} common words, ${vocabulary.surnames.length} surnames, ${vocabulary.rare.length} rare words; ${CLIENTS} clients for ${SECONDS} s`);
    return { database, servers: count, leads, samples: await load(servers, vocabulary) };
  } finally {
    for (const server of servers) await stopProcess(server.child);
  }
};

/** A first start migrates the database; then the generated leads are loaded into it. */
const seed = async (env: Record<string, string>, leads: number): Promise<void> => {
  const first = await startServer({ ...env, SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await stopProcess(first.child);
  log(`loading ${leads} leads`);
  runScript("scripts/seed-leads.ts", [String(leads)], env);
};

log("building the server if needed");
runScript("scripts/build.ts", ["--if-stale"], {});
const { DATABASE_URL: postgresUrl, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
const results: Result[] = [];

if (process.env.BENCH_ONLY !== "postgres") {
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-leads-"));
  try {
    await seed({ DATA_DIR: dataDir }, LEADS_PGLITE);
    results.push(await measure("PGlite", { DATA_DIR: dataDir }, 1, LEADS_PGLITE));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (process.env.BENCH_ONLY !== "pglite") {
  const existing = process.env.BENCH_LEADS_URL;
  if (existing !== undefined) results.push(await measure("PostgreSQL", { DATABASE_URL: existing }, 2, LEADS_POSTGRES));
  else if (postgresUrl !== undefined) {
    await withPostgresDatabase(postgresUrl, "backoffice_leads", async (url) => {
      await seed({ DATABASE_URL: url }, LEADS_POSTGRES);
      results.push(await measure("PostgreSQL", { DATABASE_URL: url }, 2, LEADS_POSTGRES));
    });
  }
}

const date = new Date().toISOString();
const lines = [
  `# The leads list at volume (${date})`,
  "",
  `${CLIENTS} clients asking back to back for ${SECONDS} s, each request drawn: ${kinds.map(([kind, share]) => `${kind} ${share} %`).join(", ")}. ` +
    "Words come from the leads' own texts; pages from the first to the last. A comment clears every server's remembered answers. " +
    "\"From memory at most\" counts the answers whose question had been asked since the last write.",
  "",
  `| database | servers | leads | request | n | p50 ms | p95 ms | p99 ms (≤ ${BUDGET_MS}) | from memory at most | errors |`,
  "|---|---|---|---|---|---|---|---|---|---|",
];
const failures: string[] = [];
for (const result of results) {
  for (const [kind] of kinds) {
    const samples = result.samples.filter((sample) => sample.kind === kind);
    const times = samples.map((sample) => sample.ms);
    const p99 = percentile(times, 99);
    const repeated = samples.filter((sample) => sample.repeated).length;
    const errors = samples.filter((sample) => !sample.ok).length;
    const share = samples.length === 0 ? 0 : Math.round((100 * repeated) / samples.length);
    lines.push(
      `| ${result.database} | ${result.servers} | ${result.leads} | ${kind} | ${samples.length} | ${percentile(times, 50)} | ${percentile(times, 95)} | ${p99} | ${share} % | ${errors} |`,
    );
    if (kind !== "comment (write)" && p99 > BUDGET_MS) failures.push(`${result.database} ${kind} p99 ${p99} ms`);
    if (errors > 0) failures.push(`${result.database} ${kind}: ${errors} errors`);
  }
}
const report = `${lines.join("\n")}\n`;
console.log(report);
const resultsDir = join(import.meta.dirname, "..", "bench", "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, `leads-${date.slice(0, 16).replace(":", "-")}.md`), report);
if (failures.length > 0) {
  console.log(`Over budget: ${failures.join("; ")}`);
  process.exitCode = 1;
}
