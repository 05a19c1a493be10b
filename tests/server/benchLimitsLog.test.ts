/** How the bench's limits part reads the statements a server appends to its log (STATEMENT_LOG). */
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lineCount, logged } from "../../scripts/benchLimits.ts";

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
    const written = line("GET /api/leads", "select 1") + line(null, "with recent as materialized (select id from events)");
    const file = logWith(line(null, "select 0") + written.slice(0, written.length - 20));
    expect(lineCount(file)).toBe(2);
    expect(logged(file, 1).map((statement) => statement.sql)).toEqual(["select 1"]);
    appendFileSync(file, written.slice(written.length - 20));
    expect(logged(file, 2).map((statement) => statement.sql)).toEqual(["with recent as materialized (select id from events)"]);
    expect(lineCount(file)).toBe(3);
  });
});
