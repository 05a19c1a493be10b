import type { FastifyInstance } from "fastify";
import type { CatalogueEndpoints } from "../../src/api/catalogues.ts";
import { catalogues } from "../../src/records/index.ts";
import { messages } from "../../src/api/messages.ts";
import { asksForPage, copyYear, createItem, deleteItem, findItem, listItems, pageItems, runItemCommand, updateItem } from "./items.ts";
import { type CatalogueRecord, catalogueProjection } from "./projection.ts";
import { registerProjections } from "../events/projection.ts";
import { orNotFound } from "../http/found.ts";
import { actedBy, Listed, registerEndpoint, type RouteContext } from "../http/register.ts";

export interface CataloguesContext extends RouteContext {
  /** The declared catalogues to serve (src/records by default; tests add their own). */
  readonly catalogues: ReadonlyArray<CatalogueRecord>;
}

/** Each declared catalogue's endpoints with the declaration that keeps its items. */
export const catalogueRoutes: ReadonlyArray<{ readonly api: CatalogueEndpoints; readonly record: CatalogueRecord }> =
  catalogues.map((record) => ({ api: record.api, record }));

/** The five endpoints of one catalogue, and its lifecycle's commands; every catalogue is served by this one implementation. */
const registerCatalogue = (
  app: FastifyInstance,
  context: CataloguesContext,
  api: CatalogueEndpoints,
  record: CatalogueRecord,
): void => {
  const { db, now } = context;

  registerEndpoint(app, context, api.list, async ({ query }) => {
    // a growing catalogue answers a page when asked for one; its selects still ask for every item
    if (api.paging === null || !asksForPage(query)) return listItems(db, record, query, context.catalogues);
    const { items, meta } = await pageItems(db, record, query, context.catalogues);
    return query.page === undefined && query.pageSize === undefined ? items : new Listed(items, meta);
  });

  registerEndpoint(app, context, api.get, async ({ params }) => orNotFound(await findItem(db, record, params.id, "", context.catalogues)));

  registerEndpoint(app, context, api.create, async (call) => {
    await db.transaction((tx) => createItem(tx, record, call.body, actedBy(call, now()), context.catalogues, call.files));
    return messages.created;
  });

  registerEndpoint(app, context, api.update, async (call) => {
    await db.transaction((tx) => updateItem(tx, record, call.params.id, call.body, actedBy(call, now()), context.catalogues, call.files));
    return messages.updated;
  });

  registerEndpoint(app, context, api.remove, async (call) => {
    await db.transaction((tx) => deleteItem(tx, record, call.params.id, actedBy(call, now()), context.catalogues));
    return messages.deleted;
  });

  if (api.yearCopy !== null) {
    registerEndpoint(app, context, api.yearCopy, (call) =>
      db.transaction((tx) => copyYear(tx, record, call.body, actedBy(call, now()), context.catalogues)),
    );
  }

  for (const { command, endpoint } of api.commands) {
    registerEndpoint(app, context, endpoint, async (call) => {
      await db.transaction((tx) => runItemCommand(tx, record, call.params.id, command, call.body.reason, actedBy(call, now())));
      return messages.updated;
    });
  }
};

/** Serves every declared catalogue: its five calls, and its projection for the event store. */
export const registerCatalogueRoutes = (app: FastifyInstance, context: CataloguesContext): void => {
  for (const record of context.catalogues) {
    registerProjections([catalogueProjection(record)]);
    registerCatalogue(app, context, record.api, record);
  }
};
