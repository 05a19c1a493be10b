import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import * as api from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import type { Database } from "../db/database.ts";
import { checkItineraryForm } from "../itineraries/form.ts";
import {
  createItinerary,
  deleteItinerary,
  findItinerary,
  listItineraries,
  listItinerariesOfType,
  updateItinerary,
} from "../itineraries/itineraries.ts";
import { storeImage } from "../uploads/store.ts";
import { registerEndpoint, signedIn } from "./register.ts";

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
    const draft = checkItineraryForm(call.body, file !== undefined);
    // Already refused by the form check (with the other missing fields); this tells the compiler.
    if (file === undefined) throw new ApiError(400, messages.requiredInformation);
    await db.transaction(async (tx) => {
      const image = await storeImage(tx, call.query.images, file, at);
      await createItinerary(tx, draft, image, options);
    });
    return messages.created;
  });

  registerEndpoint(app, context, api.updateItinerary, async (call) => {
    const at = now();
    const options = { actorId: signedIn(call).userId, occurredAt: at };
    const [file] = call.files;
    // On edit the photo is optional: without a new file the current one stays.
    const draft = checkItineraryForm(call.body, true);
    await db.transaction(async (tx) => {
      const image = file === undefined ? null : await storeImage(tx, call.query.images, file, at);
      await updateItinerary(tx, call.params.id, draft, image, options);
    });
    return messages.updated;
  });

  registerEndpoint(app, context, api.deleteItinerary, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => deleteItinerary(tx, call.params.id, options));
    return messages.deleted;
  });
};
