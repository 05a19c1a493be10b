/** The bench's capture (decision 085): every statement the server runs, told with its parameters, in or out of a transaction. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type LoggedStatement, loggingOwnReads, loggingStatements, requestDatabaseTime, statementFile, statementRequest, timingStatements, waitedForDatabase } from "../../server/db/statementLog.ts";
import { request, startServer, testEnv } from "../api/support.ts";
import { openTestDatabase } from "../setup/database.ts";

const folder = mkdtempSync(join(tmpdir(), "backoffice-statements-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the statement log", () => {
  it("tells each statement with its parameters and whether a transaction ran it, and answers the same rows", async () => {
    const opened = await openTestDatabase();
    const told: LoggedStatement[] = [];
    const db = loggingStatements(opened, (entry) => told.push(entry));
    try {
      expect(await db.query<{ n: number }>("select $1::int + 1 as n", [41])).toEqual([{ n: 42 }]);
      await db.transaction((tx) => tx.query("select $1::text as word", ["galapagos"]));
      expect(told.map(({ sql, params, inTransaction }) => ({ sql, params, inTransaction }))).toEqual([
        { sql: "select $1::int + 1 as n", params: [41], inTransaction: false },
        { sql: "select $1::text as word", params: ["galapagos"], inTransaction: true },
      ]);
      expect(told.every((entry) => entry.ms >= 0)).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it("tells the request a statement ran for, in a transaction too, and none for the server's own work", async () => {
    const opened = await openTestDatabase();
    const told: LoggedStatement[] = [];
    const db = loggingStatements(opened, (entry) => told.push(entry));
    try {
      const request = statementRequest.run("GET /api/leads?q=julio", async () => {
        await db.query("select 1");
        await db.transaction((tx) => tx.query("select 2"));
      });
      // the server's own work, while the request waits for the database
      await Promise.all([request, db.query("select 3")]);
      expect(told.map(({ sql, request }) => ({ sql, request })).sort((a, b) => a.sql.localeCompare(b.sql))).toEqual([
        { sql: "select 1", request: "GET /api/leads?q=julio" },
        { sql: "select 2", request: "GET /api/leads?q=julio" },
        { sql: "select 3", request: null },
      ]);
    } finally {
      await opened.close();
    }
  });

  it("appends a JSON line a statement to its file", () => {
    const file = join(folder, "statements.jsonl");
    const write = statementFile(file);
    write({ sql: "select 1", params: [], inTransaction: false, request: null, ms: 0.2 });
    write({ sql: "select $1", params: [7], inTransaction: true, request: "GET /api/health", ms: 0.1 });
    const lines = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { sql: "select 1", params: [], inTransaction: false, request: null, ms: 0.2 },
      { sql: "select $1", params: [7], inTransaction: true, request: "GET /api/health", ms: 0.1 },
    ]);
  });

  it("sums the driver's time of a request's own statements, in a transaction too, and not the server's own work", async () => {
    const opened = await openTestDatabase();
    const db = timingStatements(opened);
    try {
      const time = { ms: 0, statements: 0 };
      const read = requestDatabaseTime.run(time, async () => {
        await db.query("select 1");
        await db.transaction((tx) => tx.query("select 2"));
      });
      await Promise.all([read, db.query("select 3")]);
      expect(time.statements).toBe(2);
      expect(time.ms).toBeGreaterThan(0);
    } finally {
      await opened.close();
    }
  });

  it("charges a request the wait for the adapter's own read (the change counts), and nothing outside a request (decision 102)", async () => {
    const time = { ms: 0, statements: 0 };
    const slowRead = () => new Promise<string>((resolve) => setTimeout(() => resolve("counts"), 20));
    expect(await requestDatabaseTime.run(time, () => waitedForDatabase("select counts", slowRead))).toBe("counts");
    expect(await waitedForDatabase("select counts", slowRead)).toBe("counts");
    expect(time.statements).toBe(1);
    expect(time.ms).toBeGreaterThanOrEqual(15);
    expect(time.ms).toBeLessThan(1_000);
  });

  it("logs the adapter's own read as a shared read of the request that waited for it, only while its log is on (decision 136)", async () => {
    const entries: LoggedStatement[] = [];
    const read = () => Promise.resolve("counts");
    await statementRequest.run("GET /api/leads", () => waitedForDatabase("select counts", read));
    loggingOwnReads((entry) => entries.push(entry));
    try {
      await statementRequest.run("GET /api/leads", () => waitedForDatabase("select counts", read));
      await waitedForDatabase("select counts", read);
    } finally {
      loggingOwnReads(undefined);
    }
    await waitedForDatabase("select counts", read);
    expect(entries.map(({ sql, request, inTransaction, sharedRead }) => ({ sql, request, inTransaction, sharedRead }))).toEqual([
      { sql: "select counts", request: "GET /api/leads", inTransaction: false, sharedRead: true },
      { sql: "select counts", request: null, inTransaction: false, sharedRead: true },
    ]);
  });

  it("has each answer tell its database time in Server-Timing only with STATEMENT_TIMING", async () => {
    const opened = await openTestDatabase();
    const timed = await startServer(timingStatements(opened), { env: testEnv({ STATEMENT_TIMING: "true" }) });
    try {
      const login = await request(timed, "POST", "/api/auth/login", { body: { email: "nobody@example.com", password: "Wrong1234" } });
      expect(login.headers.get("server-timing")).toMatch(/^db;dur=[\d.]+;desc="[1-9]\d* statements"$/);
      expect((await request(timed, "GET", "/api/health")).headers.get("server-timing")).toMatch(/^db;dur=[\d.]+;desc="\d+ statements"$/);
    } finally {
      await timed.close();
    }
    const plain = await startServer(opened);
    try {
      expect((await request(plain, "GET", "/api/health")).headers.get("server-timing")).toBeNull();
    } finally {
      await plain.close();
      await opened.close();
    }
  });
});
