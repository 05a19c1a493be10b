import { STATUS_CODES } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { type RequestDatabaseTime, requestDatabaseTime, statementRequest } from "./db/statementLog.ts";
import type { RefusedCommand } from "./events/refused.ts";
import type { Session } from "./http/caller.ts";
import { keepRefusal } from "./refusals/refusals.ts";
import { findSession } from "./accounts/sessions.ts";
import type { ServedCatalogue } from "./catalogues/storage.ts";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from "fastify";
import Fastify, { LogController } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { isApiError } from "../src/api/errors.ts";
import { API_BASE } from "../src/api/index.ts";
import { type ErrorAnswer, isMessage, messages } from "../src/api/messages.ts";
import { catalogues, endpointsWith } from "../src/records/index.ts";
import type { Database } from "./db/database.ts";
import { registerProjections } from "./events/projection.ts";
import { projections } from "./projections.ts";
import { type Env, holdPolicy } from "./env.ts";
import { createLogger, writesLevel } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import { registerAuthRoutes } from "./accounts/authRoutes.ts";
import { registerCatalogueRoutes } from "./catalogues/routes.ts";
import { registerHistoryRoutes } from "./history/routes.ts";
import { registerHomeRoutes } from "./home/routes.ts";
import { registerLandingPage } from "./home/landing.ts";
import { registerCruiseRoutes } from "./cruises/routes.ts";
import { createDocumentFiles, registerDocumentRoutes } from "./documents/routes.ts";
import { registerPassengerRoutes } from "./passengers/routes.ts";
import { createSheetReader } from "./passengers/sheets.ts";
import { registerReservationRoutes } from "./reservations/routes.ts";
import { registerAvailabilityRoutes } from "./reservations/availability.ts";
import { createChangeFeed } from "./changes/feed.ts";
import { createBerthIndex } from "./reservations/berthIndex.ts";
import { registerChangeRoutes } from "./changes/routes.ts";
import { registerItineraryRoutes } from "./itineraries/routes.ts";
import { registerLeadRoutes } from "./leads/routes.ts";
import { registerMoneyRoutes } from "./money/routes.ts";
import { registerMoneyDocumentRoutes } from "./money/documentRoutes.ts";
import { registerQuoteRoutes } from "./rates/quote.ts";
import { registerReportRoutes } from "./reports/routes.ts";
import { registerRefusalRoutes } from "./refusals/routes.ts";
import { multipartOptions } from "./http/multipart.ts";
import { builtOpenApiDocument, registerOpenApi } from "./http/openapi.ts";
import { isClientRoute, registerPanel } from "./http/panel.ts";
import { registerUploadRoutes } from "./uploads/routes.ts";
import { registerUserRoutes } from "./accounts/userRoutes.ts";
import { registerSecurityHeaders } from "./http/security.ts";
import { registerYachtPageRoutes } from "./yachts/pages.ts";

export interface AppDeps {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly env: Env;
  /** The clock of every expiry decision; tests move it forward. */
  readonly now?: () => Date;
  readonly logger?: FastifyBaseLogger;
  /** Where the built panel is; ./dist by default. Nothing is served when it holds no index.html. */
  readonly distDir?: string;
  /** The simple catalogues to serve: every declaration of src/records unless a test adds its own. */
  readonly catalogues?: ReadonlyArray<ServedCatalogue>;
  /** How often the live changes are read from the event log while someone listens (ms). */
  readonly changeIntervalMs?: number;
  /**
   * How a throttled sign-in waits before its password check (decision 021): node's timer unless a
   * test counts the waits asked for instead of spending them (decision 086).
   */
  readonly pause?: (milliseconds: number) => Promise<void>;
}

const isApiPath = (url: string): boolean => url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

const clientErrorStatus = (error: FastifyError): number | null => {
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : null;
};

/**
 * What Node refuses before Fastify sees a request (headers too large, a malformed request line,
 * a client too slow): answered in the envelope like every other refusal, never cached, and the
 * connection closed, as Node does. A reset connection is gone: nothing is written.
 */
const clientErrorHandler = (error: Error & { readonly code?: string }, socket: Socket): void => {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify({ data: messages.invalidInput } satisfies ErrorAnswer);
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Client Error"}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  }
  socket.destroy(error);
};

/**
 * What Fastify's router refuses before any hook runs (a path parameter too long, 414; a path
 * that does not decode, 400): in the envelope like every other refusal.
 */
const frameworkErrors = (error: FastifyError, _request: unknown, reply: FastifyReply): void => {
  const status = clientErrorStatus(error);
  void reply
    .code(status ?? 500)
    .header("cache-control", "no-store")
    .send({ data: status === null ? messages.serverError : messages.invalidInput } satisfies ErrorAnswer);
};

/**
 * Fastify's JSON-schema compilers (Ajv, fast-json-stringify) are loaded with each instance unless
 * replaced, a tenth of a restart here; every route decodes its input and encodes its answer with
 * the contract (server/http/register.ts), so none is ever asked for. A route given a JSON schema
 * fails when it is registered, instead of being checked by a second contract (decision 110).
 */
const noSchemaCompiler = (): never => {
  throw new Error("This server checks requests with the contract (src/api), not with Fastify's JSON schemas.");
};

/** The API under /api and, when built, the panel: one Fastify instance, not yet listening. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? createLogger(deps.env.LOG_LEVEL);
  const app = Fastify({
    loggerInstance: logger,
    // Fastify's own request lines carry whole request objects; one short line per answer is kept instead.
    logController: new LogController({ disableRequestLogging: true }),
    // request.ip is then the address the last trusted proxy saw: the X-Forwarded-For entry it appended.
    trustProxy: deps.env.TRUST_PROXY === false ? false : [...deps.env.TRUST_PROXY],
    clientErrorHandler,
    frameworkErrors,
    schemaController: { compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler } },
  });

  // a hook on every answer for a line only info writes: at warn (the bench, a quiet install) it is not run at all
  if (writesLevel(logger, "info")) {
    app.addHook("onResponse", async (request, reply) => {
      request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
    });
  }

  // the bench's statement log (decision 085) tells each statement's request from the server's own work
  if (deps.env.STATEMENT_LOG !== undefined) {
    app.addHook("onRequest", (request, _reply, done) => statementRequest.run(`${request.method} ${request.url}`, done));
  }
  // the bench's single client (decision 085) takes a read's database time from the same request it times
  if (deps.env.STATEMENT_TIMING) {
    const times = new WeakMap<object, RequestDatabaseTime>();
    app.addHook("onRequest", (request, _reply, done) => {
      const time = { ms: 0, statements: 0 };
      times.set(request, time);
      requestDatabaseTime.run(time, done);
    });
    app.addHook("onSend", async (request, reply, payload) => {
      const time = times.get(request);
      if (time !== undefined) reply.header("server-timing", `db;dur=${time.ms.toFixed(3)};desc="${time.statements} statements"`);
      return payload;
    });
  }

  /**
   * Every refusal is `{"data": <message>}`, a message of src/api/messages.ts and nothing else
   * (a kept refusal adds `meta.refusalId`, decision 071), and is never kept by a cache (a 429 or
   * a 498 is about this moment only).
   */
  const refuse = (reply: FastifyReply, status: number, answer: ErrorAnswer) =>
    reply.code(status).header("cache-control", "no-store").send(answer);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isApiError(error) && isMessage(error.message)) {
      return refuse(reply, error.status, error.refusalId === null ? { data: error.message } : { data: error.message, meta: { refusalId: error.refusalId } });
    }
    const status = clientErrorStatus(error);
    // Malformed JSON, a wrong content type, a body too large: the client's fault, told plainly.
    if (status !== null) return refuse(reply, status, { data: status === 404 ? messages.notFound : messages.invalidInput });
    // Anything else, an ApiError whose text is not a message included, is a fault of the server.
    request.log.error({ err: error, method: request.method, url: request.url }, "request failed");
    return refuse(reply, 500, { data: messages.serverError });
  });

  app.decorate("findSession", (token: string, at: Date) => findSession(deps.db, token, at));
  app.decorate("keepRefusal", (refused: RefusedCommand, session: Session, at: Date) => keepRefusal(deps.db, refused, session, at));
  await registerSecurityHeaders(app);
  // Parses nothing by itself: multipart endpoints read their parts (server/http/multipart.ts).
  await app.register(fastifyMultipart, multipartOptions(deps.env.MAX_UPLOAD_MB));

  registerAuthRoutes(app, { db: deps.db, mailer: deps.mailer, env: deps.env, now, pause: deps.pause ?? sleep });
  registerUserRoutes(app, { db: deps.db, mailer: deps.mailer, env: deps.env, now });
  registerProjections(projections);
  const served = deps.catalogues ?? catalogues;
  registerCatalogueRoutes(app, { db: deps.db, now, catalogues: served });
  registerHistoryRoutes(app, { db: deps.db, now, catalogues: served });
  registerItineraryRoutes(app, { db: deps.db, now });
  registerUploadRoutes(app, { db: deps.db });
  registerLeadRoutes(app, { db: deps.db, env: deps.env, now });
  registerQuoteRoutes(app, { db: deps.db, now });
  const feed = createChangeFeed(
    deps.db,
    deps.changeIntervalMs ?? 250,
    (error) => app.log.error({ err: error }, "live changes not read"),
    deps.db.changeCount,
    deps.db.committedHere,
  );
  const berths = createBerthIndex(deps.db, feed);
  const files = createDocumentFiles();
  const sheets = createSheetReader((error) => app.log.error({ err: error }, "passenger sheet worker failed"));
  app.addHook("onClose", async () => {
    berths.stop();
    await feed.stop();
    await files.close();
    await sheets.close();
  });
  registerCruiseRoutes(app, { db: deps.db, now, berths });
  registerReservationRoutes(app, { db: deps.db, now, policy: holdPolicy(deps.env), berths });
  registerPassengerRoutes(app, { db: deps.db, now, sheets });
  registerMoneyRoutes(app, { db: deps.db, now });
  registerMoneyDocumentRoutes(app, { db: deps.db, now, files });
  registerDocumentRoutes(app, { db: deps.db, now, files, mailer: deps.mailer });
  registerAvailabilityRoutes(app, { db: deps.db, now, berths });
  registerReportRoutes(app, { db: deps.db, now, files });
  registerRefusalRoutes(app, { db: deps.db, now });
  registerChangeRoutes(app, { db: deps.db, now, feed, log: (error) => app.log.error({ err: error }, "missed changes not read") });
  registerHomeRoutes(app, { db: deps.db, now });
  registerYachtPageRoutes(app, { db: deps.db, now, catalogues: served });
  await registerOpenApi(app, endpointsWith(served), served === catalogues ? builtOpenApiDocument() : null);

  await registerLandingPage(app, { db: deps.db, env: deps.env, now, distDir: deps.distDir ?? "dist" });
  const panelPage = await registerPanel(app, deps.distDir ?? "dist");
  app.setNotFoundHandler((request, reply) => {
    if (panelPage !== null && !isApiPath(request.url) && isClientRoute(request)) return panelPage(reply, request.url);
    return refuse(reply, 404, { data: messages.notFound });
  });

  return app;
};
