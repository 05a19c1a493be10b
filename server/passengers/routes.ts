import type { FastifyInstance } from "fastify";
import type { Endpoint } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import * as api from "../../src/api/passengers.ts";
import { orNotFound } from "../http/found.ts";
import { type Call, Listed, registerEndpoint, type RouteContext, signedIn } from "../http/register.ts";
import { createPassengerImports } from "./import.ts";
import type { SheetReader } from "./sheets.ts";
import {
  assignPassenger,
  bookFlight,
  createPassenger,
  findPassenger,
  listPassengers,
  type PassengerCaller,
  removeFlight,
  seatNewPassenger,
  updatePassenger,
} from "./passengers.ts";

export const registerPassengerRoutes = (app: FastifyInstance, context: RouteContext & { readonly sheets: SheetReader }): void => {
  const { db, now } = context;
  const importPassengers = createPassengerImports(context.sheets);
  const caller = <E extends Endpoint>(call: Call<E>): PassengerCaller => ({ session: signedIn(call), now: now() });

  registerEndpoint(app, context, api.listPassengers, async (call) => {
    const page = await listPassengers(db, call.query, signedIn(call), call.language);
    return new Listed(page.passengers, page.meta);
  });

  registerEndpoint(app, context, api.getPassenger, async (call) => orNotFound(await findPassenger(db, call.params.id, signedIn(call), call.language)));

  registerEndpoint(app, context, api.createPassenger, (call) => db.transaction((tx) => createPassenger(tx, call.body, caller(call))));

  registerEndpoint(app, context, api.updatePassenger, async (call) => {
    const { version, ...draft } = call.body;
    await db.transaction((tx) => updatePassenger(tx, call.params.id, draft, version, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.importPassengers, (call) => importPassengers(db, call.params.id, call.documents[0], caller(call)));

  registerEndpoint(app, context, api.assignPassenger, async (call) => {
    await db.transaction((tx) => assignPassenger(tx, call.params.id, call.body.passengerId, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.seatNewPassenger, (call) => db.transaction((tx) => seatNewPassenger(tx, call.params.id, call.body, caller(call))));

  registerEndpoint(app, context, api.createPassengerFlight, async (call) => {
    await db.transaction((tx) => bookFlight(tx, call.body, caller(call)));
    return messages.created;
  });

  registerEndpoint(app, context, api.deletePassengerFlight, async (call) => {
    await db.transaction((tx) => removeFlight(tx, call.params.id, caller(call)));
    return messages.deleted;
  });
};
