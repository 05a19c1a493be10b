import type { FastifyInstance } from "fastify";
import * as api from "../../src/api/reservations.ts";
import { messages } from "../../src/api/messages.ts";
import type { HoldPolicy } from "../../src/machines/domain/timeLimit.ts";
import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import { orNotFound } from "../http/found.ts";
import { departureTimeline } from "../../src/api/timeline.ts";
import { cabinsAsOf } from "./asOf.ts";
import { departureTimeline as timelineOf } from "./timeline.ts";
import type { BerthIndex } from "./berthIndex.ts";
import { type Call, Listed, registerEndpoint, type RouteContext, signedIn } from "../http/register.ts";
import type { Endpoint } from "../../src/api/endpoint.ts";
import { cancelReservation } from "./commands/cancelReservation.ts";
import { cancelSpace } from "./commands/cancelSpace.ts";
import { confirmReservation } from "./commands/confirmReservation.ts";
import { createReservation } from "./commands/createReservation.ts";
import { deleteReservation } from "./commands/deleteReservation.ts";
import { extendTimeLimit } from "./commands/extendTimeLimit.ts";
import { updateReservation } from "./commands/updateReservation.ts";
import type { Caller } from "./facts.ts";
import { departureCabins, listReservations, readReservation } from "./reads.ts";

export interface ReservationsContext extends RouteContext {
  readonly policy: HoldPolicy;
  /** Told of every departure whose berths a command changed, once it has committed. */
  readonly berths: BerthIndex;
}

const CruiseRow = Schema.Struct({ cruise_id: Schema.Int });

export const registerReservationRoutes = (app: FastifyInstance, context: ReservationsContext): void => {
  const { db, now, policy } = context;
  const caller = <E extends Endpoint>(call: Call<E>): Caller => ({ session: signedIn(call), now: now(), policy });
  /**
   * Runs a command on a reservation (or on one of its spaces) in one transaction; once it has
   * committed, its departure's berths are read again.
   */
  const commit = async (table: "reservations" | "spaces", id: number, command: (tx: Queryable) => Promise<void>): Promise<void> => {
    await db.transaction(command);
    const row = await queryOne(db, CruiseRow, `select cruise_id from ${table} where id = $1`, [id]);
    if (row !== null) context.berths.touch([row.cruise_id]);
  };

  registerEndpoint(app, context, api.listReservations, async (call) => {
    const page = await listReservations(db, call.query, signedIn(call), now());
    return new Listed(page.reservations, page.meta);
  });

  registerEndpoint(app, context, api.getReservation, async (call) => orNotFound(await readReservation(db, call.params.id, caller(call), call.language)));

  registerEndpoint(app, context, api.createReservation, async (call) => {
    const created = await db.transaction((tx) => createReservation(tx, call.body, caller(call)));
    context.berths.touch([created.cruiseId]);
    return created;
  });

  registerEndpoint(app, context, api.confirmReservation, async (call) => {
    await commit("reservations", call.params.id, (tx) => confirmReservation(tx, call.params.id, caller(call), call.body.reason));
    return messages.updated;
  });

  registerEndpoint(app, context, api.extendTimeLimit, async (call) => {
    await commit("reservations", call.params.id, (tx) => extendTimeLimit(tx, call.params.id, call.body.timeLimit, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.cancelReservation, async (call) => {
    await commit("reservations", call.params.id, (tx) => cancelReservation(tx, call.params.id, call.body.reason, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.updateReservation, async (call) => {
    const { version, ...change } = call.body;
    await commit("reservations", call.params.id, (tx) => updateReservation(tx, call.params.id, change, version, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.deleteReservation, async (call) => {
    await commit("reservations", call.params.id, (tx) => deleteReservation(tx, call.params.id, caller(call)));
    return messages.deleted;
  });

  registerEndpoint(app, context, api.cancelSpace, async (call) => {
    await commit("spaces", call.params.id, (tx) => cancelSpace(tx, call.params.id, call.body.reason, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.cruiseCabins, async (call) => {
    const { asOf } = call.query;
    return orNotFound(asOf === undefined ? await departureCabins(db, call.params.id, signedIn(call), call.language) : await cabinsAsOf(db, call.params.id, new Date(asOf), signedIn(call), call.language));
  });

  registerEndpoint(app, context, departureTimeline, async (call) => orNotFound(await timelineOf(db, call.params.id)));
};
