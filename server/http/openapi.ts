/**
 * The OpenAPI 3.1 document of the API, generated from the contract (src/api): every endpoint of
 * `endpoints` with its method, path, access, parameters, body and answers, the schemas converted
 * by effect's `Schema.toJsonSchemaDocument`. Served as JSON at /api/openapi.json and read by the
 * API reference page at /api/docs (Swagger UI, served from its package: no CDN).
 * docs/decisions/018-openapi-from-the-contract.md says why this way.
 */
import fastifySwagger, { type StaticDocumentSpec } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { JsonSchema, Schema } from "effect";
import type { FastifyInstance } from "fastify";
import packageJson from "../../package.json" with { type: "json" };
import { type AnyCodec, type Endpoint, envelope, everyRole, NoInput, type Upload } from "../../src/api/endpoint.ts";
import { API_BASE } from "../../src/api/index.ts";
import { endpoints } from "../../src/records/index.ts";
import { ErrorAnswer } from "../../src/api/messages.ts";

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;
export const DOCS_PATH = `${API_BASE}/docs`;

type Json = JsonSchema.JsonSchema;

export interface Parameter {
  readonly name: string;
  readonly in: "path" | "query";
  readonly required: boolean;
  readonly schema: Json;
}

export interface MediaType {
  readonly schema: Json;
  readonly encoding?: Readonly<Record<string, Readonly<{ contentType: string }>>>;
}

export type Content = Readonly<Record<string, MediaType>>;

export interface Reference {
  readonly $ref: string;
}

export interface Response {
  readonly description: string;
  readonly content?: Content;
}

export interface Operation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: ReadonlyArray<string>;
  readonly parameters: ReadonlyArray<Parameter>;
  readonly requestBody?: Readonly<{ required: boolean; content: Content }>;
  readonly responses: Readonly<Record<string, Response | Reference>>;
  readonly security: ReadonlyArray<Readonly<Record<string, ReadonlyArray<string>>>>;
  /** How the endpoint is reached: `public`, `passwordChange` or `session`. */
  readonly "x-access": Endpoint["access"]["kind"];
  /** The roles whose session may call it; absent on public endpoints. */
  readonly "x-roles"?: ReadonlyArray<string>;
}

export type Method = "get" | "post" | "put" | "delete";

export interface OpenApiDocument {
  readonly openapi: "3.1.0";
  readonly info: Readonly<{ title: string; version: string; description: string }>;
  readonly servers: ReadonlyArray<Readonly<{ url: string }>>;
  readonly tags: ReadonlyArray<Readonly<{ name: string }>>;
  readonly paths: Readonly<Record<string, Partial<Record<Method, Operation>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, Json>>;
    readonly responses: Readonly<Record<string, Response>>;
    readonly securitySchemes: Readonly<Record<string, Readonly<{ type: "http"; scheme: "bearer"; description: string }>>>;
  };
}

const SESSION_SCHEME = "session";

/** The image types an upload accepts (server/uploads/images.ts checks the content). */
const IMAGE_TYPES = "image/jpeg, image/png, image/webp, image/avif, image/gif";

const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const propertiesOf = (schema: Json): ReadonlyArray<readonly [string, Json]> =>
  isJson(schema.properties)
    ? Object.entries(schema.properties).flatMap(([name, property]) => (isJson(property) ? [[name, property] as const] : []))
    : [];

const requiredOf = (schema: Json): ReadonlyArray<string> =>
  Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];

/**
 * Converts the contract's schemas, each to the JSON Schema of its wire form, and gathers their
 * named definitions as the document's components (refs rewritten to #/components/schemas/...).
 */
class Schemas {
  readonly components: Record<string, Json> = {};

  convert(schema: AnyCodec): Json {
    const document = Schema.toJsonSchemaDocument(schema);
    const openapi = JsonSchema.toMultiDocumentOpenApi3_1({
      dialect: "draft-2020-12",
      schemas: [document.schema],
      definitions: document.definitions,
    });
    for (const [name, definition] of Object.entries(openapi.definitions)) {
      const known = this.components[name];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(definition)) {
        throw new Error(`Two different schemas of the contract are both named ${name}`);
      }
      this.components[name] = definition;
    }
    return openapi.schemas[0];
  }

  /** The schema itself when it is a reference to a component (a named struct of the contract). */
  resolve(schema: Json): Json {
    const name = typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;
    return (name === undefined ? undefined : this.components[name]) ?? schema;
  }
}

/** `/users/:id` as OpenAPI writes it: `/users/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, "{$1}");

const parametersOf = (schemas: Schemas, schema: AnyCodec, where: "path" | "query"): ReadonlyArray<Parameter> => {
  if (schema === NoInput) return [];
  const json = schemas.resolve(schemas.convert(schema));
  const required = requiredOf(json);
  return propertiesOf(json).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.includes(name),
    schema: property,
  }));
};

/** The spreadsheet types the passengers' import reads (server/passengers/sheet.ts: XLSX, else CSV). */
const SPREADSHEET_TYPES = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/csv";

/** What an upload's files are, as the document says it: its media types and a sentence for one or several. */
const fileKinds: Readonly<Record<NonNullable<Upload["kind"]>, Readonly<{ types: string; one: string; several: string }>>> = {
  images: { types: IMAGE_TYPES, one: `One image (${IMAGE_TYPES}).`, several: `images (${IMAGE_TYPES})` },
  spreadsheet: { types: SPREADSHEET_TYPES, one: "One spreadsheet (XLSX or CSV).", several: "spreadsheets (XLSX or CSV)" },
};

/**
 * A multipart endpoint's form: its text fields as the body schema describes them (a list as
 * `name[0]`, `name[1]` ... or the name repeated) and its files under the upload field.
 */
const multipartBody = (schemas: Schemas, endpoint: Endpoint, upload: Upload): Content => {
  const { field, maxFiles } = upload;
  const kind = fileKinds[upload.kind ?? "images"];
  const fields = endpoint.body === NoInput ? {} : schemas.resolve(schemas.convert(endpoint.body));
  const file: Json = { type: "string", format: "binary", contentMediaType: "application/octet-stream" };
  const files: Json =
    maxFiles === 1
      ? { ...file, description: kind.one }
      : { type: "array", items: file, maxItems: maxFiles, description: `Up to ${maxFiles} ${kind.several}.` };
  const properties = Object.fromEntries(propertiesOf(fields));
  const textField = properties[field];
  properties[field] =
    textField === undefined
      ? files
      : { description: `Text values (sent as ${field}[0], ${field}[1] ...) and files, both under ${field}.`, anyOf: [textField, files] };
  return {
    "multipart/form-data": {
      schema: {
        ...fields,
        type: "object",
        properties,
        description: "A list field is sent as name[0], name[1] ... (or the name repeated); an empty list as one empty field.",
      },
      encoding: { [field]: { contentType: kind.types } },
    },
  };
};

const requestBodyOf = (schemas: Schemas, endpoint: Endpoint): Operation["requestBody"] => {
  if (endpoint.upload !== undefined) {
    return { required: true, content: multipartBody(schemas, endpoint, endpoint.upload) };
  }
  if (endpoint.body === NoInput) return undefined;
  return { required: true, content: { "application/json": { schema: schemas.convert(endpoint.body) } } };
};

/** The refusals the document names, each answered as `{"data": <message>}`, by status. */
const refusals = {
  "400": "Invalid input: `invalid information` (not what the contract describes), `required_information`, or a field rule's message (`user_error`, `password_pattern`, `Invalid URL` ...).",
  "403": "The caller's role may not call this endpoint: `forbidden`.",
  "404": "`resource not found`.",
  "409": "A rule of the record refused the change (its message says which; `meta.refusalId` names the refusal kept, `GET /refusals/{id}` says why), or the record was changed by someone else meanwhile.",
  "413": "The body or a file is too large: `invalid information`, `the file is too large`.",
  "415": "A content type this endpoint does not take: `invalid information`, or for an image `only JPEG, PNG, WebP, AVIF or GIF images are accepted`.",
  "498": "No valid session: the bearer token is missing, unknown, expired or revoked: `invalid session`.",
  default:
    "Any other refusal: 401 at sign-in (`user or password incorrect`, `temporary password has expired`), 429 `too many attempts` (the sign-in and the public contact form are limited per address), 500 `server error`.",
} as const;

type Refusal = keyof typeof refusals;

const errorContent: Content = { "application/json": { schema: { $ref: "#/components/schemas/ErrorAnswer" } } };

/** Which refusals an endpoint can answer, from what the contract says of it. */
const refusalsOf = (endpoint: Endpoint): ReadonlyArray<Refusal> => {
  const { access, method } = endpoint;
  const statuses: Refusal[] = ["400"];
  if (access.kind === "session" && everyRole.some((role) => !access.roles.includes(role))) statuses.push("403");
  statuses.push("404");
  if (method !== "GET") statuses.push("409");
  if (method === "POST" || method === "PUT") statuses.push("413", "415");
  if (access.kind !== "public") statuses.push("498");
  statuses.push("default");
  return statuses;
};

const accessNote = (access: Endpoint["access"]): string => {
  switch (access.kind) {
    case "public":
      return "Access: public, no session.";
    case "passwordChange":
      return "Access: a session, or the change-password token given at sign-in.";
    case "session":
      return `Access: a session of the role${access.roles.length === 1 ? "" : "s"} ${access.roles.join(", ")}.`;
  }
};

const operationOf = (schemas: Schemas, endpoint: Endpoint): Operation => {
  const { access } = endpoint;
  const requestBody = requestBodyOf(schemas, endpoint);
  return {
    operationId: endpoint.name,
    summary: endpoint.description,
    description: accessNote(access),
    tags: [endpoint.name.split(".")[0] ?? endpoint.name],
    parameters: [...parametersOf(schemas, endpoint.params, "path"), ...parametersOf(schemas, endpoint.query, "query")],
    ...(requestBody === undefined ? {} : { requestBody }),
    responses: {
      "200": {
        description: "Done: the answer in the envelope every answer has.",
        content: { "application/json": { schema: schemas.convert(envelope(endpoint.response)) } },
      },
      ...Object.fromEntries(refusalsOf(endpoint).map((status) => [status, { $ref: `#/components/responses/${status === "default" ? "Refusal" : status}` }])),
    },
    security: access.kind === "public" ? [] : [{ [SESSION_SCHEME]: [] }],
    "x-access": access.kind,
    ...(access.kind === "session" ? { "x-roles": access.roles } : access.kind === "passwordChange" ? { "x-roles": everyRole } : {}),
  };
};

const methodOf = (endpoint: Endpoint): Method => {
  switch (endpoint.method) {
    case "GET":
      return "get";
    case "POST":
      return "post";
    case "PUT":
      return "put";
    case "DELETE":
      return "delete";
  }
};

/** The OpenAPI document of the given endpoints (every endpoint of the contract by default). */
export const openApiDocument = (list: ReadonlyArray<Endpoint> = endpoints): OpenApiDocument => {
  const schemas = new Schemas();
  const errorAnswer = schemas.convert(ErrorAnswer);
  const paths: Record<string, Partial<Record<Method, Operation>>> = {};
  for (const endpoint of list) {
    const path = openApiPath(endpoint.path);
    const method = methodOf(endpoint);
    const item = paths[path] ?? {};
    if (item[method] !== undefined) throw new Error(`${endpoint.method} ${endpoint.path} is in the contract twice`);
    item[method] = operationOf(schemas, endpoint);
    paths[path] = item;
  }
  const responses: Record<string, Response> = {};
  for (const [status, description] of Object.entries(refusals)) {
    responses[status === "default" ? "Refusal" : status] = { description, content: errorContent };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Travel back office API",
      version: packageJson.version,
      description:
        "Every answer is JSON `{\"data\": ...}` (lists may add `meta`); success is status 200 only, any refusal is another status with `{\"data\": <message>}` (a refusal kept for its caller adds `meta.refusalId`). Generated from the contract in src/api.",
    },
    servers: [{ url: API_BASE }],
    tags: [...new Set(list.map((endpoint) => endpoint.name.split(".")[0] ?? endpoint.name))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...schemas.components, ErrorAnswer: errorAnswer },
      responses,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "http",
          scheme: "bearer",
          description: "The `token` of the sign-in answer (POST /auth/login), as `Authorization: Bearer <token>`.",
        },
      },
    },
  };
};

/**
 * @fastify/swagger's types know a static document of OpenAPI 2.0 or 3.0 only; at run time its static
 * mode hands any object to the UI as given. This check is the one place the 3.1 document crosses
 * that type: it is an OpenAPI document, which the test of the document checks in full.
 */
const isStaticDocument = (document: unknown): document is StaticDocumentSpec["document"] =>
  typeof document === "object" && document !== null && "openapi" in document && "paths" in document;

/**
 * Serves the document at /api/openapi.json and the reference page at /api/docs (Swagger UI's
 * files from its package, under the server's Content-Security-Policy). Both are public: they
 * describe the API, and every endpoint still checks its own access.
 */
export const registerOpenApi = async (app: FastifyInstance, list: ReadonlyArray<Endpoint> = endpoints): Promise<void> => {
  const document = openApiDocument(list);
  const served: unknown = document;
  if (!isStaticDocument(served)) throw new Error("the OpenAPI document has no paths");
  await app.register(fastifySwagger, { mode: "static", specification: { document: served } });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    // Swagger UI's validator badge would send the document to validator.swagger.io.
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0 },
    theme: { title: "Travel back office API" },
  });
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header("cache-control", "no-cache").send(document));
};
