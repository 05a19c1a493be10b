import type { FastifyInstance } from "fastify";
import * as api from "../../src/api/cruises.ts";
import { messages } from "../../src/api/messages.ts";
import { orNotFound } from "../http/found.ts";
import type { BerthIndex } from "../reservations/berthIndex.ts";
import { actedBy, Listed, registerEndpoint, type RouteContext } from "../http/register.ts";
import { cancelCruise, createCruise, findCruise, generateCruises, listCruises, updateCruise } from "./cruises.ts";

export const registerCruiseRoutes = (app: FastifyInstance, context: RouteContext & { readonly berths: BerthIndex }): void => {
  const { db, now, berths } = context;

  registerEndpoint(app, context, api.listCruises, async ({ query, language }) => {
    const page = await db.remember(`cruises ${language} ${JSON.stringify(query)}`, () => listCruises(db, query, language));
    return new Listed(page.cruises, page.meta);
  });

  registerEndpoint(app, context, api.getCruise, async ({ params, language }) => orNotFound(await findCruise(db, params.id, language)));

  registerEndpoint(app, context, api.createCruise, async (call) => {
    await db.transaction((tx) => createCruise(tx, call.body, actedBy(call, now())));
    berths.touchAll();
    return messages.created;
  });

  registerEndpoint(app, context, api.generateCruises, async (call) => {
    const codes = await db.transaction((tx) => generateCruises(tx, call.body, actedBy(call, now())));
    berths.touchAll();
    return codes;
  });

  registerEndpoint(app, context, api.updateCruise, async (call) => {
    const { version, ...draft } = call.body;
    await db.transaction((tx) => updateCruise(tx, call.params.id, draft, version, actedBy(call, now())));
    berths.touchAll();
    return messages.updated;
  });

  registerEndpoint(app, context, api.cancelCruise, async (call) => {
    await db.transaction((tx) => cancelCruise(tx, call.params.id, call.body.reason, actedBy(call, now())));
    berths.touchAll();
    return messages.updated;
  });
};
