import type { FastifyInstance } from "fastify";
import { getRefusal, listRefusals as listEndpoint } from "../../src/api/refusals.ts";
import { orNotFound } from "../http/found.ts";
import { Listed, type RouteContext, registerEndpoint, signedIn } from "../http/register.ts";
import { listRefusals, readRefusal } from "./refusals.ts";

/** `GET /refusals` (staff who sell) and `GET /refusals/{id}` (an agency user its own agency's only). */
export const registerRefusalRoutes = (app: FastifyInstance, context: RouteContext): void => {
  registerEndpoint(app, context, listEndpoint, async ({ query }) => {
    const page = await listRefusals(context.db, query);
    return new Listed(page.refusals, page.meta);
  });
  registerEndpoint(app, context, getRefusal, async (call) => orNotFound(await readRefusal(context.db, call.params.id, signedIn(call))));
};
