import type { FastifyInstance } from "fastify";
import type { Endpoint } from "../../src/api/endpoint.ts";
import { messages } from "../../src/api/messages.ts";
import * as api from "../../src/api/money.ts";
import { orNotFound } from "../http/found.ts";
import { type Call, Listed, registerEndpoint, type RouteContext, signedIn } from "../http/register.ts";
import { readMoneyPolicy } from "./facts.ts";
import { decidePayment, listPayments, type MoneyCaller, readAccount, receivePayment, recordRefund, setMoneyPolicy } from "./money.ts";
import { waivePenalty } from "./penalties.ts";

export const registerMoneyRoutes = (app: FastifyInstance, context: RouteContext): void => {
  const { db, now } = context;
  const caller = <E extends Endpoint>(call: Call<E>): MoneyCaller => ({ session: signedIn(call), now: now() });

  registerEndpoint(app, context, api.getMoneyPolicy, async () => readMoneyPolicy(db));

  registerEndpoint(app, context, api.updateMoneyPolicy, async (call) => {
    const { version, ...policy } = call.body;
    await db.transaction((tx) => setMoneyPolicy(tx, policy, version, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.listPayments, async (call) => {
    const page = await listPayments(db, call.query, signedIn(call));
    return new Listed(page.payments, page.meta);
  });

  registerEndpoint(app, context, api.recordPayment, async (call) => {
    await db.transaction((tx) => receivePayment(tx, call.body, "payment.record", caller(call)));
    return messages.created;
  });

  registerEndpoint(app, context, api.reportPayment, async (call) => {
    await db.transaction((tx) => receivePayment(tx, call.body, "payment.report", caller(call)));
    return messages.created;
  });

  registerEndpoint(app, context, api.recordRefund, async (call) => {
    await db.transaction((tx) => recordRefund(tx, call.body, caller(call)));
    return messages.created;
  });

  registerEndpoint(app, context, api.verifyPayment, async (call) => {
    await db.transaction((tx) => decidePayment(tx, call.params.id, { type: "payment.verify" }, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.rejectPayment, async (call) => {
    await db.transaction((tx) => decidePayment(tx, call.params.id, { type: "payment.reject", reason: call.body.reason }, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.voidPayment, async (call) => {
    await db.transaction((tx) => decidePayment(tx, call.params.id, { type: "payment.void", reason: call.body.reason }, caller(call)));
    return messages.updated;
  });

  registerEndpoint(app, context, api.reservationAccount, async (call) => orNotFound(await readAccount(db, call.params.id, caller(call))));

  registerEndpoint(app, context, api.waivePenalty, async (call) => {
    await db.transaction((tx) => waivePenalty(tx, call.params.id, call.body.reason, caller(call)));
    return messages.updated;
  });
};
