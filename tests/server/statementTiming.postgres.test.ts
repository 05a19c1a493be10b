/**
 * On PostgreSQL every call waits for the change counts once (its sign-in check's, decision 085):
 * the bench's database time counts that wait like any statement (decision 102), so a read whose
 * answers are all kept still tells one statement, and the server's share is not charged with it.
 * The statement log the bench replays tells that read too, as one the calls share (decision 136).
 */
import { expect, it } from "vitest";
import { type LoggedStatement, loggingOwnReads, loggingStatements, timingStatements } from "../../server/db/statementLog.ts";
import { request, staffTokens, startServer, testEnv } from "../api/support.ts";
import { testDatabase } from "../setup/database.ts";

const db = testDatabase();

it("tells the change counts' read among the statements of a read whose answers are all kept", async () => {
  const server = await startServer(timingStatements(db), { env: testEnv({ STATEMENT_TIMING: "true" }) });
  try {
    const token = (await staffTokens(server, db, ["sales"])).get("sales") ?? "";
    const ask = () => request(server, "GET", "/api/availability?from=2030-06-01&to=2030-06-30", { token });
    expect((await ask()).status).toBe(200);
    const again = await ask();
    expect(again.status).toBe(200);
    expect(again.headers.get("server-timing")).toMatch(/^db;dur=[\d.]+;desc="1 statements"$/);
  } finally {
    await server.close();
  }
});

it("logs the change counts' read a call waits for among the statements of its request, as a shared read", async () => {
  const told: LoggedStatement[] = [];
  loggingOwnReads((entry) => told.push(entry));
  const server = await startServer(loggingStatements(db, (entry) => told.push(entry)), { env: testEnv({ STATEMENT_LOG: "/dev/null" }) });
  try {
    const token = (await staffTokens(server, db, ["sales"])).get("sales") ?? "";
    const path = "/api/availability?from=2030-06-01&to=2030-06-30";
    expect((await request(server, "GET", path, { token })).status).toBe(200);
    told.length = 0;
    expect((await request(server, "GET", path, { token })).status).toBe(200);
    const ofRequest = told.filter((entry) => entry.request === `GET ${path}`);
    expect(ofRequest.map(({ sql, sharedRead }) => ({ sql, sharedRead }))).toEqual([{ sql: 'select count as "all", untold, tables from data_changes where id = 1', sharedRead: true }]);
  } finally {
    loggingOwnReads(undefined);
    await server.close();
  }
});
