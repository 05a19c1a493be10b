import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "vitest";
import { openPglite } from "../../server/db/pglite.ts";
import { ADMIN, type Cleanups, expectCrashSafe } from "./crash.ts";

const cleanups: Cleanups = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("a server killed under write load", () => {
  it("keeps every acknowledged write on PGlite, with projections that match the events", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "backoffice-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LEAD_RATE_LIMIT: "1000000" };
    // The checks run on a copy, so that the rebuild leaves the server's data as it was.
    const openCopy = () => {
      const copy = mkdtempSync(join(tmpdir(), "backoffice-crash-copy-"));
      cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
      cpSync(dataDir, copy, { recursive: true });
      return openPglite({ dataDir: copy });
    };
    await expectCrashSafe(env, openCopy, cleanups);
  }, 90_000);
});
