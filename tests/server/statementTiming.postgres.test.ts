/**
 * On PostgreSQL every call waits for the change counts once (its sign-in check's, decision 085):
 * the bench's database time counts that wait like any statement (decision 102), so a read whose
 * answers are all kept still tells one statement, and the server's share is not charged with it.
 */
import { expect, it } from "vitest";
import { timingStatements } from "../../server/db/statementLog.ts";
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
