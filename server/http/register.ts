import { Result, Schema, SchemaIssue } from "effect";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnyCodec, BodyOf, Endpoint, ListMeta, ParamsOf, QueryOf, ResponseOf } from "../../src/api/endpoint.ts";
import { ApiError, INVALID_SESSION } from "../../src/api/errors.ts";
import { API_BASE } from "../../src/api/index.ts";
import { messages } from "../../src/api/messages.ts";
import type { Database } from "../db/database.ts";
import { withOneChangeCount } from "../db/remember.ts";
import { type ReaderLanguage, readerLanguage, type Session } from "./caller.ts";
import type { CommandOptions } from "../events/command.ts";
import { RefusedCommand } from "../events/refused.ts";
import type { UploadedImage } from "../uploads/store.ts";
import { arrayFields, readMultipart, type UploadedFile } from "./multipart.ts";

/** A list answer with paging information, sent as `{"data": [...], "meta": {...}}`. */
export class Listed<T> {
  constructor(
    readonly data: T,
    readonly meta: ListMeta,
  ) {}
}

/** What a handler receives: decoded input, the caller's session (null on public endpoints), its address. */
export interface Call<E extends Endpoint> {
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
  /** The checked images of a multipart endpoint (its `upload` field); empty elsewhere. */
  readonly files: ReadonlyArray<UploadedImage>;
  /** The files of a multipart endpoint whose upload is a spreadsheet, as they came; empty elsewhere. */
  readonly documents: ReadonlyArray<UploadedFile>;
  readonly session: Session | null;
  readonly ip: string;
  /** The reader's language (Accept-Language, the panel's): reference data is named in it (decision 080). */
  readonly language: ReaderLanguage;
}

/**
 * A list answer whose items are encoded already, each as the contract encodes it and in UTF-8:
 * kept encoded in memory (the departures' berths, decision 040), or written by the database and
 * held to the contract's encoding by a test (a lead page, decision 156), and sent as they are,
 * with the list's paging when it has one. Bytes, not text: the answer is their copy side by
 * side (decision 100), where joining a period's hundreds of texts and encoding the whole took
 * 2.6 ms for 150 KB of Spanish text (one accented letter makes V8 keep a text two bytes a letter).
 */
export class EncodedItems {
  constructor(
    readonly items: ReadonlyArray<Uint8Array>,
    readonly meta?: ListMeta,
  ) {}
}

const ITEMS_OPEN = Buffer.from('{"data":[');
const COMMA = 0x2c;

/**
 * A list answer's body from its items' bytes and its paging: `{"data":[...],"meta":...}`, written
 * into one buffer of its length (a third of the time `Buffer.concat` took for a period's 360
 * departures with their commas as parts: decision 115).
 */
export const encodedItemsBody = ({ items, meta }: EncodedItems): Buffer => {
  const close = Buffer.from(meta === undefined ? "]}" : `],"meta":${JSON.stringify(meta)}}`);
  const length = items.reduce((total, item) => total + item.length, ITEMS_OPEN.length + Math.max(0, items.length - 1) + close.length);
  const body = Buffer.allocUnsafe(length);
  let at = ITEMS_OPEN.copy(body, 0);
  items.forEach((item, index) => {
    if (index > 0) body[at++] = COMMA;
    body.set(item, at);
    at += item.length;
  });
  close.copy(body, at);
  return body;
};

/**
 * A file to download instead of the endpoint's JSON answer (a document as PDF or XLSX): sent as
 * an attachment under its name.
 */
export class Download {
  constructor(
    readonly bytes: Uint8Array,
    readonly mime: string,
    readonly fileName: string,
  ) {}
}

export type Handler<E extends Endpoint> = (call: Call<E>) => Promise<ResponseOf<E> | Listed<ResponseOf<E>> | EncodedItems | Download>;

export interface RouteContext {
  readonly db: Database;
  readonly now: () => Date;
}

/** The caller of an endpoint that is not public; its access check has already passed. */
export const signedIn = (call: { readonly session: Session | null }): Session => {
  if (call.session === null) throw new ApiError(INVALID_SESSION, messages.invalidSession);
  return call.session;
};

/** What a signed-in caller's command is recorded with: who acted, and when. */
export const actedBy = (call: { readonly session: Session | null }, at: Date): CommandOptions => ({
  actorId: signedIn(call).userId,
  occurredAt: at,
});

const isBlank = (issue: SchemaIssue.Issue): boolean =>
  SchemaIssue.hasInput(issue) &&
  (issue.input === null ||
    issue.input === undefined ||
    (typeof issue.input === "string" && issue.input.trim() === ""));

/** Whether a decoding failure comes from a field that is missing or blank. */
const isMissingInformation = (issue: SchemaIssue.Issue): boolean => {
  switch (issue._tag) {
    case "MissingKey":
      return true;
    case "Pointer":
    case "Filter":
    case "Encoding":
      return isBlank(issue) || isMissingInformation(issue.issue);
    case "Composite":
    case "AnyOf":
      return isBlank(issue) || issue.issues.some(isMissingInformation);
    default:
      return isBlank(issue);
  }
};

/** Deeper than any contract goes (a few levels); deeper input is refused before it is walked further. */
const MAX_INPUT_DEPTH = 32;

/**
 * Control characters no text of the contract takes: C0 but tab, line feed and carriage return
 * (U+0000 too: PostgreSQL text cannot hold it, PGlite is laxer), DEL and C1 (decision 021).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A surrogate without its pair: no UTF-8 text (PostgreSQL's) can hold it. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text every storage keeps as sent: no unpaired surrogate and no control character. */
export const isStorableText = (text: string): boolean => !UNPAIRED_SURROGATE.test(text) && !CONTROL_CHARACTER.test(text);

/**
 * Whether every text of the input, keys included, can be stored, within MAX_INPUT_DEPTH levels.
 * Walked with a list instead of recursion: JSON nested 10,000 deep must not overflow the stack.
 */
const isStorableInput = (input: unknown): boolean => {
  const pending: Array<{ readonly value: unknown; readonly depth: number }> = [{ value: input, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === "string") {
      if (!isStorableText(value)) return false;
    } else if (typeof value === "object" && value !== null) {
      if (depth >= MAX_INPUT_DEPTH) return false;
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return false;
        pending.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return true;
};

/**
 * The input decoded with `schema`, or 400 with the message its failure calls for. Decoded first
 * with effect's defaults, which stop at the first problem and take a struct's quick way; every
 * problem is looked for (every field walked the slower way) only once the input is refused, to
 * tell a missing field from a wrong one.
 */
const decodeInput = <S extends AnyCodec>(schema: S, input: unknown): S["Type"] => {
  if (!isStorableInput(input)) throw new ApiError(400, messages.invalidInput);
  const decoded = Schema.decodeUnknownResult(schema)(input);
  if (Result.isSuccess(decoded)) return decoded.success;
  const result = Schema.decodeUnknownResult(schema)(input, { errors: "all", reportInput: true });
  // the same schema and input cannot succeed the second time; the types do not know it
  if (Result.isSuccess(result)) return result.success;
  throw new ApiError(
    400,
    isMissingInformation(result.failure.issue) ? messages.requiredInformation : messages.invalidInput,
  );
};

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/** Applies the endpoint's access rule: null for public endpoints, else the caller's session. */
const authorise = async (endpoint: Endpoint, request: FastifyRequest, context: RouteContext) => {
  if (endpoint.access.kind === "public") return null;
  const token = bearerToken(request);
  const session = token === null ? null : await request.server.findSession(token, context.now());
  if (session === null) throw new ApiError(INVALID_SESSION, messages.invalidSession);
  if (endpoint.access.kind === "passwordChange") return session;
  // A change-password token is not a session anywhere else: the panel never stores one.
  if (session.kind !== "full") throw new ApiError(INVALID_SESSION, messages.invalidSession);
  if (!endpoint.access.roles.includes(session.role)) throw new ApiError(403, messages.forbidden);
  return session;
};

/**
 * The most streams of one endpoint one user keeps open at once on one server (decision 058). The
 * panel opens one per tab, and a browser speaking HTTP/1.1 holds at most six connections to a
 * server, so a user with five streams open already has a single connection left for every call
 * of those tabs. Beyond it a stream would only hold a socket, a listener and a heartbeat for
 * nothing (a script, or a stolen token opening thousands): it is refused with 429, and the
 * panel's stream tries again after its pause, so a tab gets in once another one closes.
 */
export const MAX_STREAMS_PER_USER = 5;

/**
 * Serves a server-sent events endpoint of the contract: access as for any endpoint, at most
 * MAX_STREAMS_PER_USER streams per user, then the connection stays open; `open` is given the
 * caller's session and a way to send one message (encoded with the endpoint's response schema)
 * and answers what to do when the caller leaves. A comment line every 15 seconds keeps proxies
 * from closing a quiet connection.
 */
export const registerStream = <E extends Endpoint>(
  app: FastifyInstance,
  context: RouteContext,
  endpoint: E,
  open: (
    session: Session,
    send: (message: E["response"]["Type"]) => void,
    request: { readonly query: QueryOf<E>; readonly arrivedAt: Date },
  ) => () => void,
): void => {
  const encode = Schema.encodeUnknownSync(endpoint.response);
  /** Each user's streams open on this server, by user id. */
  const openStreams = new Map<number, number>();
  app.route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    handler: async (request, reply) => {
      const arrivedAt = context.now();
      const session = signedIn({ session: await authorise(endpoint, request, context) });
      const query = decodeInput(endpoint.query, request.query ?? {});
      const { userId } = session;
      const streams = openStreams.get(userId) ?? 0;
      if (streams >= MAX_STREAMS_PER_USER) throw new ApiError(429, messages.tooManyAttempts);
      openStreams.set(userId, streams + 1);
      reply.hijack();
      const raw = reply.raw;
      // the security headers set for every answer (server/http/security.ts) are the reply's, which a hijacked reply leaves unsent
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-content-type-options": "nosniff",
      });
      raw.write(": open\n\n");
      let closed = false;
      const close = open(
        session,
        (message) => {
          // a message found after the viewer left (a replay read late) has nobody to reach
          if (!closed) raw.write(`event: change\ndata: ${JSON.stringify(encode(message))}\n\n`);
        },
        { query, arrivedAt },
      );
      const heartbeat = setInterval(() => raw.write(": still here\n\n"), 15_000);
      request.raw.on("close", () => {
        closed = true;
        clearInterval(heartbeat);
        close();
        const left = (openStreams.get(userId) ?? 1) - 1;
        if (left === 0) openStreams.delete(userId);
        else openStreams.set(userId, left);
      });
    },
  });
};

/**
 * Whether a refusal is kept (decision 071): a rule over other records (409), which read facts the
 * caller cannot see, refused to a signed-in caller. A field the caller sent (400) is told in the
 * form itself, and a caller without a session (a sign-in refused) is nobody to keep it for.
 */
const isKept = (error: unknown, session: Session | null): error is RefusedCommand =>
  error instanceof RefusedCommand && error.refusal.status === 409 && session !== null && session.kind === "full";

/**
 * A handler's answer; a kept refusal is written first, after the command's own transaction has
 * rolled back, and answered with the record's id beside its message.
 */
const answered = async <T>(request: FastifyRequest, context: RouteContext, session: Session | null, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!isKept(error, session) || session === null) throw error;
    const id = await request.server.keepRefusal(error, session, context.now());
    throw new ApiError(error.status, error.message, id);
  }
};

/**
 * Serves one endpoint of the contract: access first (so a caller without a session learns
 * nothing about the input rules and sends no file into memory), then params, query and body
 * decoded with the endpoint's schemas (a multipart form's text fields like a JSON body), then
 * the handler; its value is encoded with the response schema, which also drops
 * any field the contract does not name.
 */
export const registerEndpoint = <E extends Endpoint>(
  app: FastifyInstance,
  context: RouteContext,
  endpoint: E,
  handler: Handler<E>,
): void => {
  const encode = Schema.encodeUnknownSync(endpoint.response);
  /**
   * An answer remembered in memory (decision 016) comes back as the same object: its bytes for
   * the wire are kept with it (weakly, gone with the answer) instead of being encoded again for
   * every caller. Answers are never changed once made (every contract type is readonly). A list's
   * bytes are its items' and its paging's together: kept with the items, used again only beside
   * the same paging object (a remembered page answers both).
   */
  const keptBodies = new WeakMap<object, { readonly meta: ListMeta | undefined; readonly body: Buffer }>();
  const bodyOf = (kept: unknown, meta: ListMeta | undefined, bytes: () => Buffer): Buffer => {
    if (typeof kept !== "object" || kept === null) return bytes();
    const known = keptBodies.get(kept);
    if (known !== undefined && known.meta === meta) return known.body;
    const body = bytes();
    keptBodies.set(kept, { meta, body });
    return body;
  };
  const { upload } = endpoint;
  const arrays = arrayFields(endpoint.body);
  /**
   * A multipart endpoint reads its form (one whose text is JSON also takes a JSON body without
   * files); any other refuses a form (as Fastify did before the plugin).
   */
  const readBody = async (request: FastifyRequest) => {
    if (upload !== undefined && (upload.form !== "json" || request.isMultipart())) return readMultipart(request, upload, arrays);
    if (request.isMultipart()) throw new ApiError(415, messages.invalidInput);
    return { body: request.body ?? {}, files: [], documents: [] };
  };
  app.route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    handler: async (request, reply) => {
      const call = async () => {
        const session = await authorise(endpoint, request, context);
        const params = decodeInput(endpoint.params, request.params ?? {});
        const query = decodeInput(endpoint.query, request.query ?? {});
        const form = await readBody(request);
        const body = decodeInput(endpoint.body, form.body);
        return answered(request, context, session, () =>
          handler({ params, query, body, files: form.files, documents: form.documents, session, ip: request.ip, language: readerLanguage(request.headers["accept-language"]) }),
        );
      };
      // only a database with a change count has one to share: elsewhere the call's context is a cost alone
      const result = await (context.db.changeCount === null ? call() : withOneChangeCount(call));
      if (result instanceof Download) {
        return reply
          .code(200)
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="${result.fileName}"`)
          .type(result.mime)
          .send(Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength));
      }
      const body =
        result instanceof EncodedItems
          ? bodyOf(result, result.meta, () => encodedItemsBody(result))
          : result instanceof Listed
            ? bodyOf(result.data, result.meta, () => Buffer.from(`{"data":${JSON.stringify(encode(result.data))},"meta":${JSON.stringify(result.meta)}}`))
            : bodyOf(result, undefined, () => Buffer.from(`{"data":${JSON.stringify(encode(result))}}`));
      // bytes, not text: a text answer is measured and then encoded again as it is written (issue 39)
      return reply.code(200).header("cache-control", "no-store").type("application/json; charset=utf-8").send(body);
    },
  });
};
