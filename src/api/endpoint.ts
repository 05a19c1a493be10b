import { Schema } from "effect";
import { Int4, idParams } from "./ids.ts";
import { roleNames } from "./roles.ts";

export { API_BASE } from "./apiBase.ts";

/** Role names (./roles.ts) as the contract decodes them. */
export const RoleName = Schema.Literals(roleNames);
export type RoleName = typeof RoleName.Type;

/**
 * Who may call an endpoint:
 * - public: anyone;
 * - passwordChange: a full session or the change-password-only token given at login;
 * - session: a full session whose role is in `roles`.
 */
export type Access =
  | { readonly kind: "public" }
  | { readonly kind: "passwordChange" }
  | { readonly kind: "session"; readonly roles: ReadonlyArray<RoleName> };

/** The operator's own staff. */
export const staffRoles: ReadonlyArray<RoleName> = ["admin", "marketing", "sales"];

/** Everyone who signs in: the staff and the agencies' users. */
export const everyRole: ReadonlyArray<RoleName> = [...staffRoles, "agency"];

/** Anyone signed in: the staff and the agencies' users. */
export const anySignedIn = { kind: "session", roles: everyRole } as const satisfies Access;

/** Any signed-in staff member, whatever their role; no agency user. */
export const anyStaff = { kind: "session", roles: staffRoles } as const satisfies Access;

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

// biome-ignore lint/suspicious/noExplicitAny: a codec of any type is the point of this alias
export type AnyCodec = Schema.Codec<any, any>;

export const NoInput = Schema.Struct({});

/**
 * One endpoint of the API, defined once for the server (validation, access) and the panel
 * (request encoding, answer decoding). `response` describes the `data` field of the wire
 * envelope `{"data": ...}`.
 */
export interface Endpoint<
  Params extends AnyCodec = AnyCodec,
  Query extends AnyCodec = AnyCodec,
  Body extends AnyCodec = AnyCodec,
  Response extends AnyCodec = AnyCodec,
> {
  readonly name: string;
  readonly method: HttpMethod;
  /** Path below the API base, with `:name` placeholders for path parameters. */
  readonly path: string;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly response: Response;
  readonly access: Access;
  readonly description: string;
  /**
   * Set on multipart endpoints: the form's text fields are decoded with `body` (a field named
   * `list[0]`, `list[1]` ... becomes the array `list`; an empty `list` field an empty array) and
   * the files sent under `field` reach the handler as checked images.
   */
  readonly upload?: Upload;
}

/** The file part of a multipart endpoint. */
export interface Upload {
  readonly field: string;
  readonly maxFiles: number;
  /**
   * How the text reaches the body: form `fields` (`name`, `list[0]` ...), or one `json` field
   * holding the JSON body, whose images name the files as `new:<n>` (decision 031). An endpoint
   * with a `json` form also takes a plain JSON body when it sends no file.
   */
  readonly form?: "fields" | "json";
  /**
   * What the files are: images, decoded and re-encoded (the default), or a spreadsheet (XLSX or
   * CSV) handed to the handler as it came.
   */
  readonly kind?: "images" | "spreadsheet";
}

/** The text field of a `json` multipart form. */
export const JSON_FORM_FIELD = "json";

export const endpoint = <
  Params extends AnyCodec = typeof NoInput,
  Query extends AnyCodec = typeof NoInput,
  Body extends AnyCodec = typeof NoInput,
  Response extends AnyCodec = AnyCodec,
>(definition: {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  readonly response: Response;
  readonly access: Access;
  readonly description: string;
  readonly upload?: Upload;
}): Endpoint<Params, Query, Body, Response> => ({
  ...definition,
  params: (definition.params ?? NoInput) as Params,
  query: (definition.query ?? NoInput) as Query,
  body: (definition.body ?? NoInput) as Body,
});

export type ParamsOf<E extends Endpoint> = E["params"]["Type"];
export type QueryOf<E extends Endpoint> = E["query"]["Type"];
export type BodyOf<E extends Endpoint> = E["body"]["Type"];
export type ResponseOf<E extends Endpoint> = E["response"]["Type"];

/** Paging information sent beside `data` by lists that grow. */
export const ListMeta = Schema.Struct({
  total: Int4,
  page: Int4,
  pageSize: Int4,
  /** `total` is what is known to match, and more may (a common search among many leads): "more than N". */
  totalIsAtLeast: Schema.optionalKey(Schema.Boolean),
});
export type ListMeta = typeof ListMeta.Type;

/** The wire envelope of every answer. */
export const envelope = <S extends AnyCodec>(data: S) =>
  Schema.Struct({ data, meta: Schema.optionalKey(ListMeta) });

/** A message answer, e.g. `{"data": "resource created successfully"}`. */
export const MessageAnswer = Schema.String;

/**
 * What one endpoint of a record's family (recordEndpoints) declares itself: its answer (a
 * message unless it says otherwise), body, query, upload and description. A name, path or access
 * given here wins over the family's, for the routes SPEC.md spells its own way.
 */
export interface MemberDefinition<Query extends AnyCodec, Body extends AnyCodec, Response extends AnyCodec> {
  readonly name?: string;
  readonly path?: string;
  readonly query?: Query;
  readonly body?: Body;
  readonly response?: Response;
  readonly access?: Access;
  readonly description: string;
  readonly upload?: Upload;
}

/**
 * The endpoints of one record, named and routed as SPEC.md names a record's: `<resource>.list`
 * GET /<resource>, `<resource>.get` GET /<resource>/:id, `<resource>.create` POST
 * /<resource>/create<Singular>, `<resource>.update` PUT /<resource>/update<Singular>/:id,
 * `<resource>.delete` DELETE /<resource>/:id, and a command `<resource>.<verb>` PUT
 * /<resource>/<verb><Singular>/:id. Reads go to `readers`, the rest to `writers` (a record that
 * is only read names none); the id is the record's. What each endpoint declares is what the same `endpoint({...})` written out declared:
 * the contract, its OpenAPI document and the wire are the same.
 */
export const recordEndpoints = <Id extends Schema.Codec<number, number>>(record: {
  readonly resource: string;
  readonly singular: string;
  readonly id: Id;
  readonly readers: Access;
  readonly writers?: Access;
}) => {
  const { resource, singular, readers, writers = readers } = record;
  const IdParams = idParams(record.id);
  const member =
    <Params extends AnyCodec>(method: HttpMethod, verb: string, path: string, access: Access, params: Params) =>
    <Query extends AnyCodec = typeof NoInput, Body extends AnyCodec = typeof NoInput, Response extends AnyCodec = typeof MessageAnswer>(
      definition: MemberDefinition<Query, Body, Response>,
    ) =>
      endpoint<Params, Query, Body, Response>({
        name: `${resource}.${verb}`,
        method,
        path,
        params,
        access,
        ...definition,
        // a member that names no answer answers a message, as most commands do
        response: (definition.response ?? MessageAnswer) as Response,
      });
  return {
    list: member("GET", "list", `/${resource}`, readers, NoInput),
    get: member("GET", "get", `/${resource}/:id`, readers, IdParams),
    create: member("POST", "create", `/${resource}/create${singular}`, writers, NoInput),
    update: member("PUT", "update", `/${resource}/update${singular}/:id`, writers, IdParams),
    remove: member("DELETE", "delete", `/${resource}/:id`, writers, IdParams),
    command: <Query extends AnyCodec = typeof NoInput, Body extends AnyCodec = typeof NoInput, Response extends AnyCodec = typeof MessageAnswer>(
      verb: string,
      definition: MemberDefinition<Query, Body, Response>,
    ) => member("PUT", verb, `/${resource}/${verb}${singular}/:id`, writers, IdParams)<Query, Body, Response>(definition),
  };
};
