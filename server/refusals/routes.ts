import type { FastifyInstance } from "fastify";
import { countRefusals as countEndpoint, getRefusal, listRefusals as listEndpoint } from "../../src/api/refusals.ts";
import { orNotFound } from "../http/found.ts";
import { Listed, type RouteContext, registerEndpoint, signedIn } from "../http/register.ts";
import { countRefusals, listRefusals, readRefusal } from "./refusals.ts";

/** `GET /refusals`, `GET /refusals/guards` and `GET /refusals/{id}`: an agency user reads its own agency's only. */
export const registerRefusalRoutes = (app: FastifyInstance, context: RouteContext): void => {
  registerEndpoint(app, context, listEndpoint, async (call) => {
    const page = await listRefusals(context.db, call.query, signedIn(call));
    return new Listed(page.refusals, page.meta);
  });
  registerEndpoint(app, context, countEndpoint, async (call) => countRefusals(context.db, call.query.machine, signedIn(call)));
  registerEndpoint(app, context, getRefusal, async (call) => orNotFound(await readRefusal(context.db, call.params.id, signedIn(call))));
};
