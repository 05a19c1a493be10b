import type { FastifyInstance } from "fastify";
import { activities, type CatalogueEndpoints, courtesys, feedings } from "../../src/api/catalogues.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { createItem, deleteItem, findItem, listItems, updateItem } from "../catalogues/items.ts";
import type { Database } from "../db/database.ts";
import {
  activityRecord,
  type CatalogueRecord,
  courtesyRecord,
  feedingRecord,
} from "../events/projections/catalogueItems.ts";
import { assertFilled, NAME_MAX_LENGTH, trimmedWithin } from "./fields.ts";
import { registerEndpoint, signedIn } from "./register.ts";

export interface CataloguesContext {
  readonly db: Database;
  readonly now: () => Date;
}

/** Each catalogue of the contract with the stream and table that keep its items. */
export const catalogueRoutes: ReadonlyArray<{ readonly api: CatalogueEndpoints; readonly record: CatalogueRecord }> = [
  { api: feedings, record: feedingRecord },
  { api: activities, record: activityRecord },
  { api: courtesys, record: courtesyRecord },
];

const itemName = (name: string): string => {
  assertFilled(name);
  return trimmedWithin(name, NAME_MAX_LENGTH);
};

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
    const fields = { name: itemName(call.body.name), active: call.body.active ?? true };
    await db.transaction((tx) => createItem(tx, record, fields, options));
    return messages.created;
  });

  registerEndpoint(app, context, api.update, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    const name = itemName(call.body.name);
    const change = call.body.active === undefined ? { name } : { name, active: call.body.active };
    await db.transaction((tx) => updateItem(tx, record, call.params.id, change, options));
    return messages.updated;
  });

  registerEndpoint(app, context, api.remove, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => deleteItem(tx, record, call.params.id, options));
    return messages.deleted;
  });
};

export const registerCatalogueRoutes = (app: FastifyInstance, context: CataloguesContext): void => {
  for (const { api, record } of catalogueRoutes) registerCatalogue(app, context, api, record);
};
