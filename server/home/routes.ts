import type { FastifyInstance } from "fastify";
import * as api from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import { createBanner, deleteBanner, findBanner, updateBanner } from "./banners.ts";
import { createCallAction, deleteCallAction, findCallAction, updateCallAction } from "./callActions.ts";
import { adminContent, publicContent } from "./content.ts";
import { setRecommendations } from "./recommendations.ts";
import { orNotFound } from "../http/found.ts";
import { actedBy, registerEndpoint, type RouteContext } from "../http/register.ts";

/**
 * The home page's content: banners (multipart, with their images), calls to action and the
 * recommended destinations for the panel, and the public landing page's read. Stored images and
 * the event that names them share one transaction: a refused request stores neither.
 */
export const registerHomeRoutes = (app: FastifyInstance, context: RouteContext): void => {
  const { db, now } = context;

  registerEndpoint(app, context, api.adminContent, () => adminContent(db));

  // Every visit of the landing page asks for it: remembered until the content changes.
  registerEndpoint(app, context, api.publicContent, () => db.remember("public content", () => publicContent(db)));

  registerEndpoint(app, context, api.getBanner, async ({ params }) => orNotFound(await findBanner(db, params.id)));

  registerEndpoint(app, context, api.createBanner, async (call) => {
    const uploads = { folder: call.query.images, files: call.files };
    await db.transaction((tx) => createBanner(tx, call.body, uploads, actedBy(call, now())));
    return messages.created;
  });

  registerEndpoint(app, context, api.updateBanner, async (call) => {
    const uploads = { folder: call.query.images, files: call.files };
    await db.transaction((tx) => updateBanner(tx, call.params.id, call.body, uploads, actedBy(call, now())));
    return messages.updated;
  });

  registerEndpoint(app, context, api.getCallAction, async ({ params }) => orNotFound(await findCallAction(db, params.id)));

  registerEndpoint(app, context, api.createCallAction, async (call) => {
    await db.transaction((tx) => createCallAction(tx, call.body, actedBy(call, now())));
    return messages.created;
  });

  registerEndpoint(app, context, api.updateCallAction, async (call) => {
    await db.transaction((tx) => updateCallAction(tx, call.params.id, call.body, actedBy(call, now())));
    return messages.updated;
  });

  registerEndpoint(app, context, api.deleteBanner, async (call) => {
    await db.transaction((tx) => deleteBanner(tx, call.params.id, actedBy(call, now())));
    return messages.deleted;
  });

  registerEndpoint(app, context, api.deleteCallAction, async (call) => {
    await db.transaction((tx) => deleteCallAction(tx, call.params.id, actedBy(call, now())));
    return messages.deleted;
  });

  registerEndpoint(app, context, api.updateRecommendations, async (call) => {
    await db.transaction((tx) => setRecommendations(tx, call.body, actedBy(call, now())));
    return messages.updated;
  });
};
