/**
 * Issue 35, item 6: ten image uploads at once do not hold the server up. The production server
 * runs in a child process, so that this process's own work (sending the uploads, timing health)
 * is not the server's; ten 3 MB photos of noise are sent at once as new destinations while loops
 * ask /api/health every 10 ms. Before decision 063 each stored image held the event loop for
 * 100-500 ms (PGlite's conversion of its bytes) and health's p99 was 130-330 ms.
 *
 * The figure is held to 100 ms, or, on a machine so busy that health alone is slow (two cores
 * shared with other test files and other work), to HEALTH_RATIO times health's p99 without
 * uploads, measured in the same test just before and after the burst.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { burstPhoto, HEALTH_P99_MS, measureUploadBurst, UPLOADS } from "../../scripts/benchUploadBurst.ts";
import { type ChildServer, emptyDataDir, startChild, stopChild } from "./child.ts";

/** How much slower than without uploads health may be on a busy machine. */
const HEALTH_RATIO = 4;
const ADMIN = { email: "admin@example.com", password: "Admin1234" };

let dataDir = "";
let server: ChildServer;
let token = "";

beforeAll(async () => {
  // the burst is the subject, not the first start: the server starts on a copy of the empty database
  dataDir = await emptyDataDir("backoffice-burst-");
  server = await startChild({ DATA_DIR: dataDir, SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  token = ((await response.json()) as { data: { token: string } }).data.token;
}, 120_000);

afterAll(async () => {
  if (server !== undefined) await stopChild(server);
  if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true });
});

describe("ten image uploads at once", () => {
  it(`keep GET /api/health's p99 within ${HEALTH_P99_MS} ms`, async () => {
    const result = await measureUploadBurst(server.url, token, await burstPhoto());
    expect(result.answers).toEqual({ 200: UPLOADS });
    const limit = Math.max(HEALTH_P99_MS, HEALTH_RATIO * result.idle.p99Ms);
    expect(result.during.p99Ms, `health p99 ${result.during.p99Ms} ms during the burst, ${result.idle.p99Ms} ms without uploads`).toBeLessThanOrEqual(limit);
  }, 180_000);
});
