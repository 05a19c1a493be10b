/**
 * Security headers (server/http/security.ts): helmet's set on API answers and on the panel, with the
 * panel's Content-Security-Policy; the image route keeps its own stricter policy.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { encodePng } from "../../server/demo/png.ts";
import { detectImage } from "../../server/uploads/images.ts";
import { storeImage } from "../../server/uploads/store.ts";
import { createStaff, sessionFor, startServer, type TestServer } from "../api/support.ts";
import { openTestDatabase } from "../setup/database.ts";

let db: Database;
let server: TestServer;
let distDir: string;
let imagePath: string;

beforeAll(async () => {
  db = await openTestDatabase();
  distDir = mkdtempSync(join(tmpdir(), "backoffice-headers-"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>panel</title>");
  server = await startServer(db, { distDir });
  const bytes = encodePng(4, 4, () => [10, 20, 30]);
  const detected = detectImage(bytes);
  if (detected === null) throw new Error("encodePng made no PNG");
  imagePath = await db.transaction((tx) => storeImage(tx, "tiptops", { bytes, detected }, new Date()));
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

const headersOf = async (path: string) => (await fetch(`${server.base}${path}`)).headers;

describe("security headers", () => {
  it.each(["/panel", "/panel/leads", "/", "/api/health", "/api/no/such/thing"])("are sent on %s", async (path) => {
    const headers = await headersOf(path);
    const policy = headers.get("content-security-policy") ?? "";
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    // Plain HTTP here: HSTS only over HTTPS (tests/hardening/input.test.ts).
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("x-powered-by")).toBeNull();
  });

  it("are sent on the live stream, whose reply is written by hand", async () => {
    const token = await sessionFor(server, db, await createStaff(db, { email: "stream.headers@example.com", role: "admin" }));
    const controller = new AbortController();
    const response = await fetch(`${server.base}/api/events/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    controller.abort();
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("keeps the image route's own stricter policy", async () => {
    const headers = await headersOf(`/api/${imagePath}`);
    expect(headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });
});
