import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { migrate } from "../../server/db/migrate.ts";
import { rebuildProjections } from "../../server/rebuild.ts";
import { request, staffTokens, startServer, type TestServer } from "../api/support.ts";

/**
 * The two ways an installation made before a change of stored format reaches the new one: its read
 * tables rewritten by `migration` (run again here, on rows put back in the old format), and its old
 * events rebuilt through their upcaster. After each, `read` gives back exactly what it gave `before`.
 */
export const expectMigrationAndRebuildKeep = async (db: Database, migration: string, read: () => Promise<unknown>, before: unknown): Promise<void> => {
  await db.query("delete from schema_migrations where name = $1", [migration]);
  expect(await migrate(db)).toEqual([migration]);
  expect(await read()).toEqual(before);
  await rebuildProjections(db);
  expect(await read()).toEqual(before);
};

/**
 * The file's server on `db`, and the API called as an admin once `signIn` has run (after the
 * file's test has seeded what it migrates).
 */
export const serverAsAdmin = (db: Database) => {
  let server: TestServer | undefined;
  let token = "";
  beforeAll(async () => {
    server = await startServer(db);
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): TestServer => {
    if (server === undefined) throw new Error("the file's server has not started");
    return server;
  };
  return {
    signIn: async () => {
      token = (await staffTokens(started(), db, ["admin"])).get("admin") ?? "";
    },
    call: (method: string, path: string, body?: unknown) => request(started(), method, `/api${path}`, { token, ...(body === undefined ? {} : { body }) }),
  };
};
