/** How the bench's limits part reads the statements a server appends to its log (STATEMENT_LOG). */
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { logged } from "../../scripts/benchLimits.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const logWith = (text: string): string => {
  const folder = mkdtempSync(join(tmpdir(), "bench-log-"));
  folders.push(folder);
  const file = join(folder, "statements.jsonl");
  appendFileSync(file, text);
  return file;
};

const line = (request: string | null, sql: string) => `${JSON.stringify({ sql, params: [], inTransaction: false, request, ms: 0.1 })}\n`;

describe("the statement log as the bench reads it", () => {
  it("leaves a line the server is still appending for the next read, and reads it once ended", () => {
    const first = line(null, "select 0");
    const written = line("GET /api/leads?q=señora", "select 1") + line(null, "with recent as materialized (select id from events)");
    const file = logWith(first);
    const start = logged(file, 0);
    expect(start.statements.map((statement) => statement.sql)).toEqual(["select 0"]);
    appendFileSync(file, written.slice(0, written.length - 20));
    const partly = logged(file, start.end);
    expect(partly.statements.map((statement) => statement.request)).toEqual(["GET /api/leads?q=señora"]);
    expect(logged(file, partly.end).statements).toEqual([]);
    appendFileSync(file, written.slice(written.length - 20));
    const rest = logged(file, partly.end);
    expect(rest.statements.map((statement) => statement.sql)).toEqual(["with recent as materialized (select id from events)"]);
    expect(logged(file, rest.end).statements).toEqual([]);
    expect(rest.end).toBe(Buffer.byteLength(first + written));
  });
});
