import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { registerEndpoint } from "../../server/http/register.ts";
import { endpoint } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase } from "../setup/database.ts";
import { request, startServer, type TestServer, testEnv } from "./support.ts";

const failing = endpoint({
  name: "test.failing",
  method: "GET",
  path: "/test/failing",
  response: Schema.String,
  access: { kind: "public" },
  description: "test",
});

/** A build's manifest as Vite writes it: the entry, the shell, the session's contract and client, a reservation's page, the records' routes, the reservations' list and a passenger's page. */
const manifest = {
  "index.html": { file: "assets/index-abc123.js", name: "index", src: "index.html", isEntry: true, imports: ["_runtime-1.js"] },
  "_runtime-1.js": { file: "assets/runtime-1.js", name: "runtime" },
  "_auth-2.js": { file: "assets/auth-2.js", name: "auth", imports: ["_runtime-1.js", "_endpoint-3.js"] },
  "_endpoint-3.js": { file: "assets/endpoint-3.js", name: "endpoint" },
  "src/api/client.ts": { file: "assets/client-4.js", name: "client", src: "src/api/client.ts", isDynamicEntry: true, imports: ["_endpoint-3.js", "index.html"] },
  "src/ui/shared/PanelView.tsx": { file: "assets/PanelView-5.js", name: "PanelView", src: "src/ui/shared/PanelView.tsx", isDynamicEntry: true, imports: ["index.html"], css: ["assets/PanelView-5.css"] },
  "src/ui/reservations/ReservationRoute.tsx": {
    file: "assets/ReservationRoute-6.js",
    name: "ReservationRoute",
    src: "src/ui/reservations/ReservationRoute.tsx",
    isDynamicEntry: true,
    imports: ["index.html", "src/ui/shared/PanelView.tsx", "_record-7.js"],
    dynamicImports: ["src/ui/reservations/ReservationSections.tsx"],
    css: ["assets/reservations-6.css"],
  },
  "_record-7.js": { file: "assets/record-7.js", name: "record", imports: ["_endpoint-3.js"] },
  "src/ui/reservations/ReservationSections.tsx": { file: "assets/ReservationSections-8.js", name: "ReservationSections", src: "src/ui/reservations/ReservationSections.tsx", isDynamicEntry: true },
  "src/ui/shared/RecordRoutes.tsx": {
    file: "assets/RecordRoutes-9.js",
    name: "RecordRoutes",
    src: "src/ui/shared/RecordRoutes.tsx",
    isDynamicEntry: true,
    imports: ["index.html", "_record-7.js", "_catalogues-10.js"],
    dynamicImports: ["src/ui/reservations/ReservationsView.tsx"],
  },
  "_catalogues-10.js": { file: "assets/catalogues-10.js", name: "catalogues", imports: ["_endpoint-3.js"] },
  "src/ui/reservations/ReservationsView.tsx": {
    file: "assets/ReservationsView-11.js",
    name: "ReservationsView",
    src: "src/ui/reservations/ReservationsView.tsx",
    isDynamicEntry: true,
    imports: ["index.html", "_record-7.js"],
    css: ["assets/reservations-6.css"],
  },
  "src/ui/passengers/PassengerView.tsx": {
    file: "assets/PassengerView-12.js",
    name: "PassengerView",
    src: "src/ui/passengers/PassengerView.tsx",
    isDynamicEntry: true,
    imports: ["index.html", "src/ui/shared/RecordRoutes.tsx", "_record-7.js"],
  },
};

let db: Database;
let server: TestServer;
let dist: string;

beforeAll(async () => {
  db = await openTestDatabase();
  dist = await mkdtemp(join(tmpdir(), "backoffice-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(join(dist, "index.html"), "<!doctype html><html><head><title>panel</title>\n  </head><body></body></html>");
  await writeFile(join(dist, "assets", "index-abc123.js"), "console.log('panel')");
  await writeFile(join(dist, "favicon.svg"), "<svg/>");
  await mkdir(join(dist, ".vite"));
  await writeFile(join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
  server = await startServer(db, {
    distDir: dist,
    prepare: (app) => {
      registerEndpoint(app, { db, now: () => new Date() }, failing, async () => {
        throw new Error("database exploded at /secret/path.ts:12");
      });
    },
  });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  await rm(dist, { recursive: true, force: true });
});

describe("errors", () => {
  it.each(["/api/nope", "/api", "/api/auth/login/extra"])("answers 404 JSON to the unknown API path %s", async (path) => {
    const answer = await request(server, "GET", path);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ data: messages.notFound });
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("answers 404 JSON to a known path with another method", async () => {
    const answer = await request(server, "DELETE", "/api/auth/login");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ data: messages.notFound });
  });

  it("answers 400 to malformed JSON without any stack trace", async () => {
    const answer = await request(server, "POST", "/api/auth/login", { raw: '{"email": "a@b.c",' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.invalidInput });
    expect(answer.text).not.toMatch(/at |\.ts|\.js|stack/i);
  });

  it.each([
    { email: "a\u0000@b.c", password: "x" },
    { email: "a@b.c", password: "x", "k\u0000": 1 },
  ])("refuses a NUL character anywhere in the input (PostgreSQL text cannot hold it)", async (body) => {
    const answer = await request(server, "POST", "/api/auth/login", { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ data: messages.invalidInput });
  });

  it("answers an unexpected failure with 500 'server error' and logs it", async () => {
    const answer = await request(server, "GET", "/api/test/failing");
    expect(answer.status).toBe(500);
    expect(answer.text).toBe(JSON.stringify({ data: messages.serverError }));
    expect(server.logLines.some((line) => line.includes("database exploded"))).toBe(true);
  });
});

describe("the log", () => {
  it("writes one line per answer at info: its method, path, status and time", async () => {
    await request(server, "GET", "/api/health?from=log-test");
    expect(server.logLines.some((line) => /INFO +GET \/api\/health\?from=log-test 200 \d+ms/.test(line))).toBe(true);
  });

  it("writes no line per answer at warn, and still every failure", async () => {
    const quiet = await startServer(db, {
      env: testEnv({ LOG_LEVEL: "warn" }),
      prepare: (app) => {
        registerEndpoint(app, { db, now: () => new Date() }, failing, async () => {
          throw new Error("database exploded quietly");
        });
      },
    });
    try {
      expect((await request(quiet, "GET", "/api/health")).status).toBe(200);
      expect((await request(quiet, "GET", "/api/test/failing")).status).toBe(500);
      expect(quiet.logLines.filter((line) => line.includes("/api/health"))).toEqual([]);
      expect(quiet.logLines.filter((line) => line.includes("database exploded quietly"))).toHaveLength(1);
    } finally {
      await quiet.close();
    }
  });
});

describe("the built panel", () => {
  it("serves hashed assets as immutable for a year", async () => {
    const response = await fetch(`${server.base}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toContain("panel");
  });

  // `/` is the server's own landing page (decision 070, tests/api/landing.test.ts)
  it.each(["/panel", "/panel/users/7", "/changePassword/3", "/panel/national/destinations"])(
    "answers index.html, revalidated, for the client route %s",
    async (path) => {
      const response = await fetch(`${server.base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toContain("<title>panel</title>");
    },
  );

  it("names in a reservation's page the chunks it imports before it draws, each once, after the session's", async () => {
    const response = await fetch(`${server.base}/panel/reservations/560`);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const html = await response.text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)">/g)].map((match) => match[1]);
    const styles = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/assets\/([^"]+)">/g)].map((match) => match[1]);
    // the entry and what it imports are index.html's; the sections come after the first paint
    expect(preloaded).toEqual(["auth-2.js", "endpoint-3.js", "client-4.js", "PanelView-5.js", "ReservationRoute-6.js", "record-7.js"]);
    // applied from the start, not restyling the page when the screen's chunk comes
    expect(styles).toEqual(["PanelView-5.css", "reservations-6.css"]);
    expect(html).toContain("<title>panel</title>");
  });

  it("names in the reservations' page the records' routes and the list's chunk, each once", async () => {
    const html = await (await fetch(`${server.base}/panel/reservations`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)">/g)].map((match) => match[1]);
    const styles = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/assets\/([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded).toEqual(["auth-2.js", "endpoint-3.js", "client-4.js", "PanelView-5.js", "RecordRoutes-9.js", "record-7.js", "catalogues-10.js", "ReservationsView-11.js"]);
    expect(styles).toEqual(["PanelView-5.css", "reservations-6.css"]);
  });

  it("names in a passenger's page the records' routes and the passenger's chunk, each once (decision 157)", async () => {
    const html = await (await fetch(`${server.base}/panel/passengers/31`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded).toEqual(["auth-2.js", "endpoint-3.js", "client-4.js", "PanelView-5.js", "RecordRoutes-9.js", "record-7.js", "catalogues-10.js", "PassengerView-12.js"]);
  });

  it.each(["/panel/users/7", "/panel/leads/7", "/panel/reservations/0", "/panel/home/baner/1"])("names no chunk in the page of %s, not a start screen", async (path) => {
    const html = await (await fetch(`${server.base}${path}`)).text();
    expect(html).not.toContain("preload");
    expect(html).not.toContain("stylesheet");
  });

  it("revalidates files outside /assets", async () => {
    const response = await fetch(`${server.base}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it.each(["/assets/missing-123.js", "/missing.png"])("answers 404, not the page, for the missing file %s", async (path) => {
    const response = await fetch(`${server.base}${path}`);
    expect(response.status).toBe(404);
  });
});

describe("Fastify's own JSON schemas", () => {
  it("refuses, when the server starts, a route given one: the contract checks every request (decision 110)", async () => {
    const withSchema = startServer(db, {
      prepare: (app) => {
        app.post("/api/test/schema", { schema: { body: { type: "object" } } }, async () => "checked twice");
      },
    });
    await expect(withSchema).rejects.toThrow(/checks requests with the contract/);
  });
});
