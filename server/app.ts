import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from "fastify";
import Fastify, { LogController } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { isApiError } from "../src/api/errors.ts";
import { API_BASE } from "../src/api/index.ts";
import { type ErrorAnswer, isMessage, messages } from "../src/api/messages.ts";
import type { CatalogueDeclaration } from "../src/records/catalogue.ts";
import { catalogues, endpointsWith } from "../src/records/index.ts";
import type { Database } from "./db/database.ts";
import { registerProjections } from "./events/projection.ts";
import { projections } from "./projections.ts";
import type { Env } from "./env.ts";
import { createLogger } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import { registerAuthRoutes } from "./accounts/authRoutes.ts";
import { registerCatalogueRoutes } from "./catalogues/routes.ts";
import { registerHistoryRoutes } from "./history/routes.ts";
import { registerHomeRoutes } from "./home/routes.ts";
import { registerItineraryRoutes } from "./itineraries/routes.ts";
import { registerLeadRoutes } from "./leads/routes.ts";
import { multipartOptions } from "./http/multipart.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { isClientRoute, registerPanel, sendIndex } from "./http/panel.ts";
import { registerUploadRoutes } from "./uploads/routes.ts";
import { registerUserRoutes } from "./accounts/userRoutes.ts";
import { registerSecurityHeaders } from "./http/security.ts";

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
  readonly catalogues?: ReadonlyArray<CatalogueDeclaration>;
}

const isApiPath = (url: string): boolean => url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

const clientErrorStatus = (error: FastifyError): number | null => {
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : null;
};

/** The API under /api and, when built, the panel: one Fastify instance, not yet listening. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(deps.env.LOG_LEVEL),
    // Fastify's own request lines carry whole request objects; one short line per answer is kept instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.env.TRUST_PROXY,
  });

  app.addHook("onResponse", async (request, reply) => {
    request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  });

  /** Every refusal is `{"data": <message>}`, a message of src/api/messages.ts and nothing else. */
  const refuse = (reply: FastifyReply, status: number, answer: ErrorAnswer) => reply.code(status).send(answer);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isApiError(error) && isMessage(error.message)) return refuse(reply, error.status, { data: error.message });
    const status = clientErrorStatus(error);
    // Malformed JSON, a wrong content type, a body too large: the client's fault, told plainly.
    if (status !== null) return refuse(reply, status, { data: status === 404 ? messages.notFound : messages.invalidInput });
    // Anything else, an ApiError whose text is not a message included, is a fault of the server.
    request.log.error({ err: error, method: request.method, url: request.url }, "request failed");
    return refuse(reply, 500, { data: messages.serverError });
  });

  await registerSecurityHeaders(app);
  // Parses nothing by itself: multipart endpoints read their parts (server/http/multipart.ts).
  await app.register(fastifyMultipart, multipartOptions(deps.env.MAX_UPLOAD_MB));

  registerAuthRoutes(app, { db: deps.db, mailer: deps.mailer, env: deps.env, now });
  registerUserRoutes(app, { db: deps.db, mailer: deps.mailer, env: deps.env, now });
  registerProjections(projections);
  const served = deps.catalogues ?? catalogues;
  registerCatalogueRoutes(app, { db: deps.db, now, catalogues: served });
  registerHistoryRoutes(app, { db: deps.db, now, catalogues: served });
  registerItineraryRoutes(app, { db: deps.db, now });
  registerUploadRoutes(app, { db: deps.db });
  registerLeadRoutes(app, { db: deps.db, env: deps.env, now });
  registerHomeRoutes(app, { db: deps.db, now });
  await registerOpenApi(app, endpointsWith(served));

  const servesPanel = await registerPanel(app, deps.distDir ?? "dist");
  app.setNotFoundHandler((request, reply) => {
    if (servesPanel && !isApiPath(request.url) && isClientRoute(request)) return sendIndex(reply);
    return refuse(reply, 404, { data: messages.notFound });
  });

  return app;
};
