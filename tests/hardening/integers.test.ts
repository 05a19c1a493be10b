/**
 * Integers no column holds (issue 35, item 2): for every endpoint of the OpenAPI document the
 * server builds and every integer it describes, in a path, a query or a JSON body (nested lists
 * too), a number beyond int4, a fraction, huge numbers and, for an id, 0 and -1, sent with an admin
 * session. None may cost a 500 (they used to reach PostgreSQL: `value "2147483648" is out of range
 * for type integer`); the contract refuses each as invalid information, before any query.
 * Endpoints and fields added later are probed by themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { OPENAPI_PATH, openApiDocument } from "../../server/http/openapi.ts";
import { messages } from "../../src/api/messages.ts";
import { endpoints } from "../../src/records/index.ts";
import { createStaff, request, sessionFor, startServer, type TestServer } from "../api/support.ts";
import { openTestDatabase } from "../setup/database.ts";
import { leaksInternals } from "./support.ts";

type Json = Readonly<Record<string, unknown>>;

const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const jsonAt = (value: unknown, ...keys: ReadonlyArray<string>): Json | undefined => {
  const found = keys.reduce<unknown>((current, key) => (isJson(current) ? current[key] : undefined), value);
  return isJson(found) ? found : undefined;
};

/** The document, built as the server serves it (the test checks below that it is the one served). */
const document = openApiDocument();

/** A schema with its reference to a component followed. */
const resolved = (schema: Json): Json => {
  const reference = schema.$ref;
  if (typeof reference !== "string") return schema;
  const target = jsonAt(document, ...reference.replace("#/", "").split("/"));
  if (target === undefined) throw new Error(`unresolved ${reference}`);
  return resolved(target);
};

const branches = (schema: Json): ReadonlyArray<Json> => {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.filter(isJson).map(resolved) : [];
};

const propertiesOf = (schema: Json): ReadonlyArray<readonly [string, Json]> => {
  const properties = schema.properties;
  return isJson(properties) ? Object.entries(properties).flatMap(([name, value]) => (isJson(value) ? [[name, resolved(value)] as const] : [])) : [];
};

/** A step into a JSON value: a property's name, or the first item of a list. */
type Step = string | 0;

/** Where an integer is in a body, and whether it names a record. */
interface Position {
  readonly path: ReadonlyArray<Step>;
  readonly isId: boolean;
}

const namesAnId = (name: string): boolean => name === "id" || /Ids?$/.test(name);

/** Every integer below a JSON schema: its properties, the first item of its lists, each branch of a union. */
const integersIn = (schema: Json, path: ReadonlyArray<Step> = [], isId = false): ReadonlyArray<Position> => {
  if (schema.type === "integer") return [{ path, isId }];
  const nested = branches(schema).flatMap((branch) => integersIn(branch, path, isId));
  const items = isJson(schema.items) ? integersIn(resolved(schema.items), [...path, 0], isId) : [];
  const properties = propertiesOf(schema).flatMap(([name, property]) => integersIn(property, [...path, name], namesAnId(name)));
  // the same integer reached through two branches is probed once
  const all = [...nested, ...items, ...properties];
  return all.filter((position, index) => all.findIndex((other) => other.path.join("/") === position.path.join("/")) === index);
};

/** Whether a parameter, always text on the wire, is a whole number written in decimal digits. */
const isWholeNumberText = (schema: Json): boolean =>
  schema.type === "integer" ||
  (typeof schema.pattern === "string" && new RegExp(schema.pattern).test("7") && new RegExp(schema.pattern).test("12") && !new RegExp(schema.pattern).test("x"));

/** Stands for the probed number in a sample, replaced by its text as sent. */
const PROBE = "\u0000probe";

/**
 * The simplest value a schema accepts, with `PROBE` at `path`: every required property (and the
 * one on the path), lists empty unless the path goes into them, null where null is allowed.
 */
const sample = (schema: Json, path: ReadonlyArray<Step> | null): unknown => {
  if (path !== null && path.length === 0) return PROBE;
  const [step, ...rest] = path ?? [];
  const union = branches(schema);
  if (union.length > 0) {
    const chosen =
      path === null
        ? (union.find((branch) => branch.type === "null") ?? union[0])
        : union.find((branch) => (step === 0 ? branch.type === "array" : branch.type === "object"));
    return chosen === undefined ? null : sample(chosen, path);
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("const" in schema) return schema.const;
  switch (schema.type) {
    case "object": {
      const required = Array.isArray(schema.required) ? schema.required : [];
      return Object.fromEntries(
        propertiesOf(schema)
          .filter(([name]) => required.includes(name) || name === step)
          .map(([name, property]) => [name, sample(property, name === step ? rest : null)]),
      );
    }
    case "array": {
      const items = isJson(schema.items) ? resolved(schema.items) : {};
      const count = typeof schema.minItems === "number" ? schema.minItems : 0;
      if (step === 0) return [sample(items, rest)];
      return Array.from({ length: count }, () => sample(items, null));
    }
    case "string":
      return "a".repeat(typeof schema.minLength === "number" ? Math.max(1, schema.minLength) : 1);
    case "integer":
    case "number":
      return typeof schema.minimum === "number" && schema.minimum > 1 ? schema.minimum : 1;
    case "boolean":
      return false;
    default:
      return null;
  }
};

/** Numbers no int4 column holds, written as a caller could write them. */
const beyondAnyColumn = ["2147483648", "-2147483649", "1.5", "1e30", "99999999999999999999"];
/** Integers no serial column holds, though an integer column might. */
const beyondAnId = ["0", "-1"];

const valuesFor = (isId: boolean): ReadonlyArray<string> => (isId ? [...beyondAnyColumn, ...beyondAnId] : beyondAnyColumn);

/** One request of a probe: where the number went, and the request that carries it. */
interface Probe {
  readonly where: string;
  readonly value: string;
  readonly method: string;
  readonly path: string;
  readonly raw?: string;
  /** Whether the contract describes this input as JSON, so that its refusal is the contract's 400. */
  readonly isJsonInput: boolean;
}

interface Operation {
  readonly name: string;
  readonly probes: ReadonlyArray<Probe>;
}

const HTTP_METHODS = ["get", "post", "put", "delete"];

/** Every probe of every operation of the document, with the operation's other input as simple as it is valid. */
const operations: ReadonlyArray<Operation> = Object.entries(jsonAt(document, "paths") ?? {}).flatMap(([template, item]) =>
  Object.entries(isJson(item) ? item : {})
    .filter(([method]) => HTTP_METHODS.includes(method))
    .flatMap(([method, operation]): ReadonlyArray<Operation> => {
      if (!isJson(operation)) return [];
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isJson).map((parameter) => ({
        name: String(parameter.name),
        in: String(parameter.in),
        schema: resolved(jsonAt(parameter, "schema") ?? {}),
      }));
      const integerParameters = parameters.filter((parameter) => isWholeNumberText(parameter.schema));
      /** A path parameter that is no probe: the largest id, a record that does not exist (nothing is changed). */
      const pathWith = (probed: string | null, value: string): string =>
        template.replace(/\{(\w+)\}/g, (_match, name: string) => {
          if (name === probed) return value;
          const parameter = parameters.find((candidate) => candidate.name === name);
          const fixed = parameter === undefined ? undefined : sample(parameter.schema, null);
          return parameter !== undefined && isWholeNumberText(parameter.schema) ? "2147483647" : String(fixed);
        });
      const jsonBody = jsonAt(operation, "requestBody", "content", "application/json", "schema");
      const formBody = jsonAt(operation, "requestBody", "content", "multipart/form-data", "schema");
      const body = jsonBody ?? formBody;
      const bodySchema = body === undefined ? undefined : resolved(body);
      const baseBody = bodySchema === undefined ? undefined : JSON.stringify(sample(bodySchema, null));
      const upper = method.toUpperCase();
      const probes: Probe[] = [];
      for (const parameter of integerParameters) {
        for (const value of valuesFor(parameter.in === "path" || namesAnId(parameter.name))) {
          probes.push({
            where: `${parameter.in} ${parameter.name}`,
            value,
            method: upper,
            path:
              parameter.in === "path"
                ? `/api${pathWith(parameter.name, value)}`
                : `/api${pathWith(null, "")}?${parameter.name}=${encodeURIComponent(value)}`,
            ...(baseBody === undefined ? {} : { raw: baseBody }),
            isJsonInput: body === undefined || jsonBody !== undefined,
          });
        }
      }
      if (bodySchema !== undefined) {
        for (const position of integersIn(bodySchema)) {
          for (const value of valuesFor(position.isId)) {
            probes.push({
              where: `body ${position.path.join(".")}`,
              value,
              method: upper,
              path: `/api${pathWith(null, "")}`,
              raw: JSON.stringify(sample(bodySchema, position.path)).replace(JSON.stringify(PROBE), value),
              isJsonInput: jsonBody !== undefined,
            });
          }
        }
      }
      return [{ name: `${upper} ${template}`, probes }];
    }),
);

let db: Database;
let server: TestServer;
let token: string;
/** An agency user's session, for the calls only agency users make (reporting a transfer). */
let agencyToken: string;

/** The operations (`POST /payments/reportPayment`) no admin may call. */
const agencyOnly = new Set(
  endpoints
    .filter((candidate) => candidate.access.kind === "session" && !candidate.access.roles.includes("admin"))
    .map((candidate) => `${candidate.method} ${candidate.path.replace(/:(\w+)/g, "{$1}")}`),
);

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db);
  token = await sessionFor(server, db, await createStaff(db, { email: "admin@example.com", password: null }));
  agencyToken = await sessionFor(server, db, await createStaff(db, { email: "agency@example.com", password: null, role: "agency" }));
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe("integers beyond what a column holds", () => {
  it("are probed from the document the server serves, in paths, queries and bodies", async () => {
    const served = await request(server, "GET", OPENAPI_PATH);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(document)));
    const where = operations.flatMap(({ name, probes }) => probes.map((probe) => `${name} ${probe.where}`));
    expect(where).toEqual(
      expect.arrayContaining([
        "GET /reservations/{id} path id",
        "GET /reservations query cruiseId",
        "GET /leads query page",
        "POST /reservations/createReservation body cruiseId",
        "POST /reservations/createReservation body cabins.0.spaces.0.genderId",
        "PUT /spaces/assignPassenger/{id} body passengerId",
      ]),
    );
  });

  it.each(operations.filter(({ probes }) => probes.length > 0).map((operation) => [operation.name, operation] as const))(
    "%s refuses each without a 500",
    async (name, { probes }) => {
      for (const probe of probes) {
        const answer = await request(server, probe.method, probe.path, { token: agencyOnly.has(name) ? agencyToken : token, ...(probe.raw === undefined ? {} : { raw: probe.raw }) });
        const label = `${probe.where} = ${probe.value}: ${answer.status} ${answer.text}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(leaksInternals(answer.text), label).toBe(false);
        if (probe.isJsonInput && beyondAnyColumn.includes(probe.value)) {
          expect([answer.status, answer.body], label).toEqual([400, { data: messages.invalidInput }]);
        } else {
          // 0 or -1 for an id may be a form's "none chosen", which the record's rules answer
          expect(answer.body, label).toEqual({ data: expect.any(String) });
        }
      }
    },
  );
});
