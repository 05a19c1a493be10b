/**
 * Decision 147: the embedded database on disk remembers its files' sizes instead of asking the
 * operating system at every seek from a file's end. Whatever PostgreSQL does to a table's files
 * (grows them, truncates their empty end in a vacuum, truncates or rewrites the table, builds and
 * drops an index), the length it reads for the table and each index (from the remembered sizes)
 * is the file's length on disk, a scan of the whole table finds every row it holds, and the
 * directory opened again without remembered sizes holds the same rows.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pgliteExtensions } from "../../server/db/pglite.ts";
import { DataDirectory } from "../../server/db/pgliteFiles.ts";
import { templateDump } from "../setup/template.ts";

/** One step PostgreSQL takes on the table, and what it does to the number of rows. */
type Step =
  | { readonly kind: "insert"; readonly rows: number }
  | { readonly kind: "delete every"; readonly nth: number }
  | { readonly kind: "delete newest"; readonly rows: number }
  | { readonly kind: "update all" }
  | { readonly kind: "vacuum" }
  | { readonly kind: "vacuum full" }
  | { readonly kind: "truncate" }
  | { readonly kind: "create index" }
  | { readonly kind: "drop index" };

/** Steps weighted towards what shrinks a file (a vacuum after the newest rows are deleted truncates the table's empty end). */
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("insert" as const), rows: fc.integer({ min: 1, max: 3_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete every" as const), nth: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("delete newest" as const), rows: fc.integer({ min: 1, max: 3_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "update all" as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: "vacuum" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "vacuum full" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "truncate" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "create index" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "drop index" as const }) },
);

/** The statement that takes `taken`. */
const statementOf = (taken: Step): string => {
  switch (taken.kind) {
    case "insert":
      return `insert into berths_log (note) select repeat('berth ', 20) || n from generate_series(1, ${taken.rows}) as n`;
    case "delete every":
      return `delete from berths_log where id % ${taken.nth + 1} = 0`;
    case "delete newest":
      return `delete from berths_log where id in (select id from berths_log order by id desc limit ${taken.rows})`;
    case "update all":
      return "update berths_log set note = note || '!'";
    case "vacuum":
      return "vacuum berths_log";
    case "vacuum full":
      return "vacuum full berths_log";
    case "truncate":
      return "truncate berths_log";
    case "create index":
      return "create index if not exists berths_log_note on berths_log (note)";
    case "drop index":
      return "drop index if exists berths_log_note";
  }
};

/** PostgreSQL's block. */
const BLOCK = 8_192;

let dataDir = "";
let pglite: PGlite;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "backoffice-data-directory-"));
  // a cluster in the directory without initdb: the tests' template, loaded into it
  const template = inject("templateDatabase");
  if (template.kind !== "pglite") throw new Error("the embedded database's test runs on the PGlite template");
  pglite = await PGlite.create({ extensions: pgliteExtensions, fs: new DataDirectory(dataDir), loadDataDir: await templateDump(template.dumpPath) });
}, 60_000);

afterAll(async () => {
  if (!pglite.closed) await pglite.close();
  if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The length PostgreSQL reads for the table and each index (`relpages`, set by an analyze from the
 * remembered size of its file), against the file on disk.
 */
const lengths = async (): Promise<Array<{ readonly relation: string; readonly read: number; readonly onDisk: number }>> => {
  await pglite.exec("analyze berths_log");
  const { rows } = await pglite.query<{ relation: string; file: string; pages: number }>(
    `select relname as relation, pg_relation_filepath(oid) as file, relpages as pages
       from pg_class where relname in ('berths_log', 'berths_log_pkey', 'berths_log_note')`,
  );
  return rows.map(({ relation, file, pages }) => ({ relation, read: pages * BLOCK, onDisk: statSync(join(dataDir, file)).size }));
};

/** The rows a scan of the whole table finds: it reads as many blocks as the remembered size says there are. */
const scannedRows = async (database: PGlite): Promise<number> => {
  const [, , , counted] = await database.exec(
    "set enable_indexscan = off; set enable_indexonlyscan = off; set enable_bitmapscan = off; select count(*)::int as count from berths_log",
  );
  return (counted?.rows[0] as { count: number } | undefined)?.count ?? -1;
};

/** The ids the table holds after `taken`, as PostgreSQL should leave them: a bigserial counts on through a truncate. */
const afterStep = (ids: number[], next: number, taken: Step): { ids: number[]; next: number } => {
  switch (taken.kind) {
    case "insert":
      return { ids: [...ids, ...Array.from({ length: taken.rows }, (_, index) => next + index)], next: next + taken.rows };
    case "delete every":
      return { ids: ids.filter((id) => id % (taken.nth + 1) !== 0), next };
    case "delete newest":
      return { ids: ids.slice(0, Math.max(0, ids.length - taken.rows)), next };
    case "truncate":
      return { ids: [], next };
    default:
      return { ids, next };
  }
};

describe("the embedded database's files' sizes, remembered", () => {
  it("are the lengths on disk after whatever PostgreSQL does to a table, a scan finds every row, and the directory opened again holds them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 10 }), async (later) => {
        await pglite.exec("drop table if exists berths_log; create table berths_log (id bigserial primary key, note text not null)");
        let table = { ids: [] as number[], next: 1 };
        const steps: ReadonlyArray<Step> = [{ kind: "insert", rows: 2_000 }, ...later];
        for (const taken of steps) {
          await pglite.exec(statementOf(taken));
          table = afterStep(table.ids, table.next, taken);
          expect(await scannedRows(pglite), `rows after ${taken.kind}`).toBe(table.ids.length);
          for (const file of await lengths()) expect(file.read, `${file.relation}'s length after ${taken.kind}`).toBe(file.onDisk);
        }
      }),
      { numRuns: 15 },
    );
    const rows = await scannedRows(pglite);
    await pglite.close();
    const reopened = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    try {
      expect(await scannedRows(reopened)).toBe(rows);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
