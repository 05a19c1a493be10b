import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import * as api from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import type { Database } from "../db/database.ts";
import {
  createItinerary,
  deleteItinerary,
  findItinerary,
  listItineraries,
  listItinerariesOfType,
  updateItinerary,
} from "./itineraries.ts";
import { storeImage } from "../uploads/store.ts";
import { registerEndpoint, signedIn } from "../http/register.ts";

export interface ItinerariesContext {
  readonly db: Database;
  readonly now: () => Date;
}

export const registerItineraryRoutes = (app: FastifyInstance, context: ItinerariesContext): void => {
  const { db, now } = context;

  registerEndpoint(app, context, api.listItineraries, () => listItineraries(db));

  // The public site's destination pages ask for it on every visit: remembered until a change.
  registerEndpoint(app, context, api.listDestinations, ({ params }) =>
    db.remember(`destinations ${params.type}`, () => listItinerariesOfType(db, params.type)),
  );

  registerEndpoint(app, context, api.getItinerary, async ({ params }) => {
    const itinerary = await findItinerary(db, params.id);
    if (itinerary === null) throw new ApiError(404, messages.notFound);
    return itinerary;
  });

  // The image row and the event share one transaction: a refused or failed request stores neither.
  registerEndpoint(app, context, api.createItinerary, async (call) => {
    const at = now();
    const options = { actorId: signedIn(call).userId, occurredAt: at };
    const [file] = call.files;
    await db.transaction(async (tx) => {
      // Without a file the destination's machine refuses: a new destination needs its photo.
      const image = file === undefined ? null : await storeImage(tx, call.query.images, file, at);
      await createItinerary(tx, call.body, image, options);
    });
    return messages.created;
  });

  registerEndpoint(app, context, api.updateItinerary, async (call) => {
    const at = now();
    const options = { actorId: signedIn(call).userId, occurredAt: at };
    const [file] = call.files;
    await db.transaction(async (tx) => {
      // On edit the photo is optional: without a new file the current one stays.
      const image = file === undefined ? null : await storeImage(tx, call.query.images, file, at);
      await updateItinerary(tx, call.params.id, call.body, image, options);
    });
    return messages.updated;
  });

  registerEndpoint(app, context, api.deleteItinerary, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => deleteItinerary(tx, call.params.id, options));
    return messages.deleted;
  });
};
