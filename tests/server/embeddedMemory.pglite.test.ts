/**
 * The embedded database's memory (docs/decisions/015): PostgreSQL runs with the smaller settings
 * whichever way it is opened, and a new data directory is created by a child process, so that
 * initdb's peak never becomes this process's WebAssembly memory.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { openPglite } from "../../server/db/pglite.ts";
import { openTestDatabase } from "../setup/database.ts";

const MB = 1024 * 1024;

const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const memorySettings = (db: Database) =>
  db.query<{ shared_buffers: string; maintenance_work_mem: string }>(
    "select current_setting('shared_buffers') as shared_buffers, current_setting('maintenance_work_mem') as maintenance_work_mem",
  );

describe("the embedded database's memory", () => {
  it("runs PostgreSQL with 32 MB of shared buffers when loaded from a dump", async () => {
    const db = await openTestDatabase();
    cleanups.push(() => db.close());
    expect(await memorySettings(db)).toEqual([{ shared_buffers: "32MB", maintenance_work_mem: "16MB" }]);
  });

  it(
    "creates a new data directory in a child process, then opens it with the same settings",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "backoffice-pglite-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const before = process.memoryUsage().external;
      const db = await openPglite({ dataDir });
      cleanups.push(() => db.close());
      // One instance is ~140 MB of WebAssembly memory; initdb in this process left ~600 MB.
      expect((process.memoryUsage().external - before) / MB).toBeLessThan(300);
      expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
      expect(await memorySettings(db)).toEqual([{ shared_buffers: "32MB", maintenance_work_mem: "16MB" }]);
    },
    120_000,
  );
});
