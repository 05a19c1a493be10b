/**
 * The OpenAPI document generated from the contract (/api/openapi.json) and the API reference
 * page (/api/docs): the document names exactly the routes the server registered under /api, with
 * their access, parameters, bodies and the `{"data": <message>}` refusals; the page is Swagger UI
 * served from this server under its Content-Security-Policy.
 */
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCS_PATH, OPENAPI_PATH, openApiPath } from "../../server/http/openapi.ts";
import { catalogueItemFields } from "../../src/api/catalogues.ts";
import { createClient } from "../../src/api/client.ts";
import { API_BASE } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import { ErrorAnswer, messages } from "../../src/api/messages.ts";
import { MAX_ID, MIN_INT4, WHOLE_NUMBER_TEXT } from "../../src/api/ids.ts";
import { catalogues, endpoints } from "../../src/records/index.ts";
import { testDatabase } from "../setup/database.ts";
import { request, startServer, type TestServer } from "./support.ts";

const db = testDatabase();
let server: TestServer;
let document: Record<string, unknown>;

beforeAll(async () => {
  server = await startServer(db);
  const answer = await request(server, "GET", OPENAPI_PATH);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  document = record(answer.body);
});

afterAll(async () => {
  await server?.close();
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const record = (value: unknown): Record<string, unknown> => {
  if (!isRecord(value)) throw new Error(`expected an object, got ${JSON.stringify(value)}`);
  return value;
};

/** The value at a path of keys, each step an object. */
const at = (value: unknown, ...keys: ReadonlyArray<string>): unknown =>
  keys.reduce<unknown>((current, key) => record(current)[key], value);

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of the document as `METHOD /api/path/{param}`, with the operation itself. */
const operations = (): ReadonlyArray<readonly [string, Record<string, unknown>]> =>
  Object.entries(record(document.paths)).flatMap(([path, item]) =>
    Object.entries(record(item))
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => [`${method.toUpperCase()} ${API_BASE}${path}`, record(operation)] as const),
  );

const operationOf = (name: string): Record<string, unknown> => {
  const found = operations().find(([, operation]) => operation.operationId === name);
  if (found === undefined) throw new Error(`no operation ${name}`);
  return found[1];
};

/**
 * The routes Fastify holds, read from its route tree (`printRoutes`): each line is a node whose
 * path continues its parent's, with the methods it answers in parentheses.
 */
const registeredRoutes = (): ReadonlyArray<string> => {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    const path = `${stack.join("")}${match[2] ?? ""}`;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(", ").filter((name) => name !== "" && name !== "HEAD")) {
      routes.push(`${method} ${path}`);
    }
  }
  return routes;
};

/** Routes under /api that are not endpoints of the contract: this page and document, stored images and their widths. */
const isOutsideTheContract = (route: string): boolean => {
  const path = route.split(" ")[1] ?? "";
  return (
    path === OPENAPI_PATH ||
    path.startsWith(DOCS_PATH) ||
    path === `${API_BASE}/uploads/:folder/:file` ||
    path === `${API_BASE}/uploads/:folder/:file/:variant`
  );
};

/** Every `$ref` anywhere below a value. */
const refsIn = (value: unknown): ReadonlyArray<string> => {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === "$ref" && typeof item === "string" ? [item] : refsIn(item)));
};

describe("the OpenAPI document", () => {
  it("is an OpenAPI 3.1 document whose references all resolve", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(at(document, "info", "title")).toEqual(expect.any(String));
    expect(at(document, "info", "version")).toEqual(expect.any(String));
    expect(document.servers).toEqual([{ url: API_BASE }]);
    expect(at(document, "components", "securitySchemes", "session")).toMatchObject({ type: "http", scheme: "bearer" });
    const references = refsIn(document);
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      expect(reference).toMatch(/^#\/components\//);
      expect(at(document, ...reference.slice(2).split("/")), reference).toBeDefined();
    }
  });

  it("lists exactly the routes the server registered under /api, each with its method", () => {
    const served = registeredRoutes()
      .filter((route) => route.split(" ")[1]?.startsWith(`${API_BASE}/`) && !isOutsideTheContract(route))
      .map((route) => openApiPath(route));
    const documented = operations().map(([route]) => route);
    expect(served.length).toBeGreaterThan(40);
    for (const route of served) {
      const [method = "", path = ""] = route.split(" ");
      // the tree was read right: each route read from it is one Fastify finds
      expect(server.app.hasRoute({ method, url: path.replace(/\{(\w+)\}/g, ":$1") }), route).toBe(true);
    }
    expect([...documented].sort()).toEqual([...served].sort());
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented).toContain("PUT /api/users/updateUser/{id}");
  });

  it("describes every endpoint of the contract once, by name, with its path parameters", () => {
    const names = operations().map(([, operation]) => operation.operationId);
    expect([...names].sort()).toEqual(endpoints.map((endpoint) => endpoint.name).sort());
    for (const [route, operation] of operations()) {
      const inPath = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const parameters = Array.isArray(operation.parameters) ? operation.parameters.map(record) : [];
      const pathParameters = parameters.filter((parameter) => parameter.in === "path");
      expect(pathParameters.map((parameter) => parameter.name), route).toEqual(inPath);
      expect(pathParameters.every((parameter) => parameter.required === true), route).toBe(true);
    }
  });

  it("answers each endpoint in the {data} envelope, with the contract's schema of data", () => {
    const data = at(operationOf("roles.list"), "responses", "200", "content", "application/json", "schema", "properties", "data");
    expect(data).toMatchObject({ type: "array", items: { type: "object", required: ["id", "name"] } });
    expect(at(data, "items", "properties", "name")).toEqual({ type: "string", enum: ["admin", "marketing", "sales", "agency"] });
  });

  it("gives each endpoint its access: a bearer session and its roles, or none when public", () => {
    for (const endpoint of endpoints) {
      const operation = operationOf(endpoint.name);
      const responses = record(operation.responses);
      if (endpoint.access.kind === "public") {
        expect(operation.security, endpoint.name).toEqual([]);
        expect(responses["498"], endpoint.name).toBeUndefined();
        expect(responses["403"], endpoint.name).toBeUndefined();
      } else {
        expect(operation.security, endpoint.name).toEqual([{ session: [] }]);
        expect(responses["498"], endpoint.name).toEqual({ $ref: "#/components/responses/498" });
      }
      if (endpoint.access.kind === "session") expect(operation["x-roles"], endpoint.name).toEqual(endpoint.access.roles);
    }
    expect(record(operationOf("users.list").responses)["403"]).toEqual({ $ref: "#/components/responses/403" });
    expect(record(operationOf("auth.session").responses)["403"]).toBeUndefined();
  });

  it("shows the field limits of a form's payload, from the field declarations", () => {
    const create = catalogues[0]?.api.create;
    if (create === undefined) throw new Error("no catalogue declared");
    const name = at(operationOf(create.name), "requestBody", "content", "application/json", "schema", "properties", "name");
    expect(name).toMatchObject({ type: "string", maxLength: catalogueItemFields.name.maxLength });
    expect(at(operationOf("leads.list"), "parameters")).toContainEqual(
      expect.objectContaining({ name: "q", in: "query", required: false, schema: expect.objectContaining({ maxLength: 200 }) }),
    );
  });

  it("describes uploads as multipart forms with their file field", () => {
    const content = record(at(operationOf("itineraries.create"), "requestBody", "content"));
    expect(Object.keys(content)).toEqual(["multipart/form-data"]);
    const schema = at(content, "multipart/form-data", "schema");
    expect(at(schema, "properties", "image")).toMatchObject({ type: "string", format: "binary" });
    expect(at(schema, "properties", "name")).toMatchObject({ type: "string" });
    expect(record(at(operationOf("itineraries.create"), "responses"))).toHaveProperty("413");
    expect(record(at(operationOf("itineraries.create"), "responses"))).toHaveProperty("415");
  });

  it("describes the passengers' import as one spreadsheet, not an image", () => {
    const content = at(operationOf("passengers.import"), "requestBody", "content", "multipart/form-data");
    const file = record(at(content, "schema", "properties", "file"));
    expect(file).toMatchObject({ type: "string", format: "binary" });
    expect(file.description).toMatch(/spreadsheet/i);
    expect(file.description).toMatch(/XLSX/);
    expect(file.description).toMatch(/CSV/);
    expect(JSON.stringify(content)).not.toMatch(/image/i);
    expect(at(content, "encoding", "file", "contentType")).toMatch(/text\/csv/);
  });

  it("shows every integer of the contract within what an integer column holds, and a path's id as its one spelling", () => {
    const integers: Array<Record<string, unknown>> = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (isRecord(value)) {
        if (value.type === "integer") integers.push(value);
        Object.values(value).forEach(collect);
      }
    };
    collect(document.paths);
    collect(at(document, "components", "schemas"));
    expect(integers.length).toBeGreaterThan(0);
    for (const integer of integers) {
      expect(integer.minimum, JSON.stringify(integer)).toBeGreaterThanOrEqual(MIN_INT4);
      expect(integer.maximum, JSON.stringify(integer)).toBeLessThanOrEqual(MAX_ID);
    }
    expect(at(operationOf("users.get"), "parameters")).toEqual([{ name: "id", in: "path", required: true, schema: { type: "string", pattern: WHOLE_NUMBER_TEXT.source } }]);
  });

  it("answers every refusal as {data: <message>}, the messages the panel translates", () => {
    const errorAnswer = at(document, "components", "schemas", "ErrorAnswer");
    expect(at(errorAnswer, "required")).toEqual(["data"]);
    const values = at(errorAnswer, "properties", "data", "enum");
    expect(Array.isArray(values) ? [...values].sort() : values).toEqual(Object.values(messages).sort());
    for (const status of ["400", "403", "404", "409", "413", "415", "498", "Refusal"]) {
      expect(at(document, "components", "responses", status, "content", "application/json", "schema")).toEqual({
        $ref: "#/components/schemas/ErrorAnswer",
      });
    }
    expect(at(document, "components", "responses", "Refusal", "description")).toMatch(/429/);
  });
});

describe("refusals on the wire", () => {
  it.each([
    ["GET", "/api/nope", undefined, 404],
    ["GET", "/api/users", undefined, 498],
    ["POST", "/api/auth/login", "{", 400],
  ] as const)("%s %s answers a body that decodes as ErrorAnswer", async (method, path, raw, status) => {
    const answer = await request(server, method, path, raw === undefined ? {} : { raw });
    expect(answer.status).toBe(status);
    expect(Schema.decodeUnknownSync(ErrorAnswer)(answer.body)).toEqual(answer.body);
  });

  it("reaches the panel's client as the status with `server error` when the body is not a message", async () => {
    const client = createClient({
      readToken: () => null,
      fetch: async () => new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }),
    });
    const health = endpoints.find((endpoint) => endpoint.name === "health");
    if (health === undefined) throw new Error("no health endpoint");
    await expect(client.call(health)).rejects.toEqual(new ApiError(502, messages.serverError));
  });
});

describe("the API reference page", () => {
  it("answers 200 HTML that loads Swagger UI from this server, under the server's policy", async () => {
    const page = await request(server, "GET", DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toContain('<div id="swagger-ui">');
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.startsWith(`${DOCS_PATH}/`), script).toBe(true);
      const asset = await request(server, "GET", script);
      expect(asset.status, script).toBe(200);
      expect(asset.headers.get("content-type"), script).toMatch(/javascript/);
    }
  });

  it("feeds the page the same document", async () => {
    const json = await request(server, "GET", `${DOCS_PATH}/json`);
    expect(json.status).toBe(200);
    expect(json.body).toEqual(document);
  });
});
