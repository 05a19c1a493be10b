import { afterAll, describe, it } from "vitest";
import { openPostgres } from "../../server/db/postgres.ts";
import { withAdmin } from "../setup/database.ts";
import { databaseUrl } from "../setup/template.ts";
import { ADMIN, type Cleanups, expectCrashSafe } from "./crash.ts";

const cleanups: Cleanups = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const onServer = async (serverUrl: string, sql: string): Promise<void> => {
  await withAdmin(serverUrl, (client) => client.query(sql));
};

describe("a server killed under write load", () => {
  it("keeps every acknowledged write on PostgreSQL, with projections that match the events", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? "";
    const name = `crash_${process.pid}_${Date.now()}`;
    await onServer(serverUrl, `create database ${name}`);
    cleanups.push(() => onServer(serverUrl, `drop database if exists ${name} with (force)`));
    const url = databaseUrl(serverUrl, name);
    const env = { DATABASE_URL: url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LEAD_RATE_LIMIT: "1000000" };
    await expectCrashSafe(env, () => openPostgres(url), cleanups);
  }, 90_000);
});
