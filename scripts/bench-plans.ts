/**
 * `npm run bench:plans`: the plans of the leads list's heavy reads (issue 39 item 4, decision 081).
 * Loads BENCH_LEADS generated leads (default 100,000) into a new embedded database (or, with
 * DATABASE_URL, into the database it names, which should be a new one), asks the server's own
 * `listLeads` for the first page, the last page and a common and a rare word, records every
 * statement each runs; on the embedded database, with the demo seeded as a first start seeds it,
 * the availability of the next three months of every yacht as the server's berth index reads it
 * when it holds nothing yet. Saves each statement's EXPLAIN (ANALYZE, BUFFERS) into
 * bench/results/plans-<date>-<database>.md. Fails when a plan reads the whole table of leads,
 * spaces or events (a sequential scan of one).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Queryable } from "../server/db/database.ts";
import { openDatabase } from "../server/db/open.ts";
import { seedGeneratedLeads } from "../server/demo/generatedLeads.ts";
import { listLeads } from "../server/leads/leads.ts";
import { createBerthIndex } from "../server/reservations/berthIndex.ts";
import { seed } from "../server/seed.ts";
import { registerProjections } from "../server/events/projection.ts";
import { projections } from "../server/projections.ts";
import { prepareSchema } from "../server/schema.ts";

const root = join(import.meta.dirname, "..");
const LEADS = Number(process.env.BENCH_LEADS ?? "100000");
const PAGE_SIZE = 20;
/** Tables a heavy read must never read whole. */
const WHOLE_TABLE = /Seq Scan on (leads|spaces|events)\b/;

interface Statement {
  readonly sql: string;
  readonly params: ReadonlyArray<unknown>;
}

/** `db` with every query it runs written down in `statements`. */
const recording = (db: Queryable, statements: Statement[]): Queryable =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "query") return Reflect.get(target, property, receiver);
      return <Row>(sql: string, params?: ReadonlyArray<unknown>) => {
        statements.push({ sql, params: params ?? [] });
        return target.query<Row>(sql, params);
      };
    },
  });

const log = (line: string) => console.log(`[bench:plans] ${line}`);

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "backoffice-plans-"));
const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir ?? "" });
try {
  await prepareSchema(db);
  const started = performance.now();
  await seedGeneratedLeads(db, LEADS, LEADS);
  await db.query("vacuum analyze leads");
  log(`${LEADS} leads loaded into ${db.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const leadReads = [
    { name: "lead first page", query: {} },
    { name: "lead deep page (the last)", query: { page: Math.ceil(LEADS / PAGE_SIZE) } },
    { name: "common word search (galapagos)", query: { q: "galapagos" } },
    { name: "rare word search (an e-mail name)", query: { q: "zz-no-such-name" } },
  ];
  const reads: Array<{ readonly name: string; readonly run: (recorded: Queryable) => Promise<unknown> }> = leadReads.map(
    (read) => ({ name: read.name, run: (recorded: Queryable) => listLeads(recorded, { pageSize: PAGE_SIZE, ...read.query }) }),
  );
  if (db.kind === "pglite") {
    // the demo is written as events, each projected into its read tables, as at a first start
    registerProjections(projections);
    const now = new Date();
    const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<typeof seed>[2];
    await seed(db, { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin1234", SEED_DEMO: true, DEMO_PASSWORD: "Demo1234", TEMP_PASSWORD_HOURS: 24 }, quiet, now);
    await db.query("vacuum analyze");
    const inThreeMonths = new Date(now.getTime() + 92 * 86_400_000);
    reads.push({
      name: "availability, three months, all yachts (nothing kept yet)",
      run: (recorded) => createBerthIndex(recorded, null).availability({ from: now.toISOString().slice(0, 10), to: inThreeMonths.toISOString().slice(0, 10) }),
    });
  }
  const lines = [
    `# Plans of the heavy reads (leads list, availability), ${db.kind}, ${LEADS} leads`,
    "",
    `Load average ${loadavg().map((value) => value.toFixed(1)).join(", ")} (1, 5, 15 min) when written. Each statement the server's \`listLeads\` ran for the read, with EXPLAIN (ANALYZE, BUFFERS) on the same parameters.`,
    "",
  ];
  const wholeTables: string[] = [];
  for (const read of reads) {
    const statements: Statement[] = [];
    await read.run(recording(db, statements));
    lines.push(`## ${read.name}`, "");
    for (const statement of statements) {
      const plan = await db.query<Record<string, string>>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      const text = plan.map((row) => Object.values(row)[0] ?? "").join("\n");
      if (WHOLE_TABLE.test(text)) wholeTables.push(`${read.name}: ${statement.sql.slice(0, 80)}`);
      lines.push("```sql", statement.sql.trim(), "```", `parameters: ${JSON.stringify(statement.params)}`, "", "```", text, "```", "");
    }
  }
  lines.push("## Whole tables read", "", ...(wholeTables.length === 0 ? ["None."] : wholeTables.map((entry) => `- ${entry}`)), "");
  const resultsDir = join(root, "bench", "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `plans-${new Date().toISOString().slice(0, 16).replace(":", "-")}-${db.kind}.md`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  log(`written to ${file}`);
  if (wholeTables.length > 0) {
    log(`a heavy read reads a whole table: ${wholeTables.join("; ")}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
}
