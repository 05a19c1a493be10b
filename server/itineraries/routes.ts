import type { FastifyInstance } from "fastify";
import * as api from "../../src/api/itineraries.ts";
import { messages } from "../../src/api/messages.ts";
import type { Queryable } from "../db/database.ts";
import type { CommandOptions } from "../events/command.ts";
import {
  createItinerary,
  deleteItinerary,
  findItinerary,
  listItineraries,
  listItinerariesOfType,
  updateItinerary,
} from "./itineraries.ts";
import { storeImage } from "../uploads/store.ts";
import { orNotFound } from "../http/found.ts";
import { actedBy, type Call, registerEndpoint, type RouteContext } from "../http/register.ts";

/** A call that may send a destination's photo. */
type PhotoCall = Pick<Call<typeof api.createItinerary>, "session" | "files" | "query">;

export const registerItineraryRoutes = (app: FastifyInstance, context: RouteContext): void => {
  const { db, now } = context;

  registerEndpoint(app, context, api.listItineraries, () => listItineraries(db));

  // The public site's destination pages ask for it on every visit: remembered until a change.
  registerEndpoint(app, context, api.listDestinations, ({ params }) =>
    db.remember(`destinations ${params.type}`, () => listItinerariesOfType(db, params.type)),
  );

  registerEndpoint(app, context, api.getItinerary, async ({ params }) => orNotFound(await findItinerary(db, params.id)));

  /**
   * Runs a destination's command with the photo the call sent (null when none) stored in the same
   * transaction: a refused or failed request stores neither the image row nor the event.
   */
  const withPhoto = (
    call: PhotoCall,
    command: (tx: Queryable, image: string | null, options: CommandOptions) => Promise<unknown>,
  ) => {
    const at = now();
    const [file] = call.files;
    return db.transaction(async (tx) =>
      command(tx, file === undefined ? null : await storeImage(tx, call.query.images, file, at), actedBy(call, at)),
    );
  };

  // Without a file the destination's machine refuses: a new destination needs its photo.
  registerEndpoint(app, context, api.createItinerary, async (call) => {
    await withPhoto(call, (tx, image, options) => createItinerary(tx, call.body, image, options));
    return messages.created;
  });

  // On edit the photo is optional: without a new file the current one stays.
  registerEndpoint(app, context, api.updateItinerary, async (call) => {
    await withPhoto(call, (tx, image, options) => updateItinerary(tx, call.params.id, call.body, image, options));
    return messages.updated;
  });

  registerEndpoint(app, context, api.deleteItinerary, async (call) => {
    await db.transaction((tx) => deleteItinerary(tx, call.params.id, actedBy(call, now())));
    return messages.deleted;
  });
};
