import type { FastifyInstance } from "fastify";
import type { CatalogueEndpoints } from "../../src/api/catalogues.ts";
import { catalogues } from "../../src/records/index.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { createItem, deleteItem, findItem, listItems, updateItem } from "./items.ts";
import type { Database } from "../db/database.ts";
import { type CatalogueRecord, catalogueProjection } from "./projection.ts";
import { registerProjections } from "../events/projection.ts";
import { registerEndpoint, signedIn } from "../http/register.ts";

export interface CataloguesContext {
  readonly db: Database;
  readonly now: () => Date;
  /** The declared catalogues to serve (src/records by default; tests add their own). */
  readonly catalogues: ReadonlyArray<CatalogueRecord>;
}

/** Each declared catalogue's endpoints with the declaration that keeps its items. */
export const catalogueRoutes: ReadonlyArray<{ readonly api: CatalogueEndpoints; readonly record: CatalogueRecord }> =
  catalogues.map((record) => ({ api: record.api, record }));

/** The five endpoints of one catalogue; every catalogue is served by this one implementation. */
const registerCatalogue = (
  app: FastifyInstance,
  context: CataloguesContext,
  api: CatalogueEndpoints,
  record: CatalogueRecord,
): void => {
  const { db, now } = context;

  registerEndpoint(app, context, api.list, () => listItems(db, record));

  registerEndpoint(app, context, api.get, async ({ params }) => {
    const item = await findItem(db, record, params.id);
    if (item === null) throw new ApiError(404, messages.notFound);
    return item;
  });

  registerEndpoint(app, context, api.create, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => createItem(tx, record, call.body, options));
    return messages.created;
  });

  registerEndpoint(app, context, api.update, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => updateItem(tx, record, call.params.id, call.body, options));
    return messages.updated;
  });

  registerEndpoint(app, context, api.remove, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => deleteItem(tx, record, call.params.id, options));
    return messages.deleted;
  });
};

/** Serves every declared catalogue: its five calls, and its projection for the event store. */
export const registerCatalogueRoutes = (app: FastifyInstance, context: CataloguesContext): void => {
  for (const record of context.catalogues) {
    registerProjections([catalogueProjection(record)]);
    registerCatalogue(app, context, record.api, record);
  }
};
