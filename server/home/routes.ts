import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import * as api from "../../src/api/home.ts";
import { messages } from "../../src/api/messages.ts";
import type { Database } from "../db/database.ts";
import { createBanner, findBanner, updateBanner } from "./banners.ts";
import { createCallAction, findCallAction, updateCallAction } from "./callActions.ts";
import { adminContent, publicContent } from "./content.ts";
import { setRecommendations } from "./recommendations.ts";
import { registerEndpoint, signedIn } from "../http/register.ts";

export interface HomeContext {
  readonly db: Database;
  readonly now: () => Date;
}

/**
 * The home page's content: banners (multipart, with their images), calls to action and the
 * recommended destinations for the panel, and the public landing page's read. Stored images and
 * the event that names them share one transaction: a refused request stores neither.
 */
export const registerHomeRoutes = (app: FastifyInstance, context: HomeContext): void => {
  const { db, now } = context;
  const optionsOf = (call: Parameters<typeof signedIn>[0]) => ({ actorId: signedIn(call).userId, occurredAt: now() });

  registerEndpoint(app, context, api.adminContent, () => adminContent(db));

  // Every visit of the landing page asks for it: remembered until the content changes.
  registerEndpoint(app, context, api.publicContent, () => db.remember("public content", () => publicContent(db)));

  registerEndpoint(app, context, api.getBanner, async ({ params }) => {
    const banner = await findBanner(db, params.id);
    if (banner === null) throw new ApiError(404, messages.notFound);
    return banner;
  });

  registerEndpoint(app, context, api.createBanner, async (call) => {
    const options = optionsOf(call);
    const uploads = { folder: call.query.images, files: call.files };
    await db.transaction((tx) => createBanner(tx, call.body, uploads, options));
    return messages.created;
  });

  registerEndpoint(app, context, api.updateBanner, async (call) => {
    const options = optionsOf(call);
    const uploads = { folder: call.query.images, files: call.files };
    await db.transaction((tx) => updateBanner(tx, call.params.id, call.body, uploads, options));
    return messages.updated;
  });

  registerEndpoint(app, context, api.getCallAction, async ({ params }) => {
    const callAction = await findCallAction(db, params.id);
    if (callAction === null) throw new ApiError(404, messages.notFound);
    return callAction;
  });

  registerEndpoint(app, context, api.createCallAction, async (call) => {
    const options = optionsOf(call);
    await db.transaction((tx) => createCallAction(tx, call.body, options));
    return messages.created;
  });

  registerEndpoint(app, context, api.updateCallAction, async (call) => {
    const options = optionsOf(call);
    await db.transaction((tx) => updateCallAction(tx, call.params.id, call.body, options));
    return messages.updated;
  });

  registerEndpoint(app, context, api.updateRecommendations, async (call) => {
    const options = optionsOf(call);
    await db.transaction((tx) => setRecommendations(tx, call.body.itineraries, options));
    return messages.updated;
  });
};
