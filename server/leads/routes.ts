import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import * as api from "../../src/api/leads.ts";
import { messages } from "../../src/api/messages.ts";
import type { Database } from "../db/database.ts";
import type { Env } from "../env.ts";
import { assignLead, commentLead, createLead, getLead, listLeads } from "./leads.ts";
import { admitSubmission } from "./submissionLimit.ts";
import { Listed, registerEndpoint, signedIn } from "../http/register.ts";

export interface LeadsContext {
  readonly db: Database;
  readonly env: Pick<Env, "LEAD_RATE_LIMIT">;
  readonly now: () => Date;
}

export const registerLeadRoutes = (app: FastifyInstance, context: LeadsContext): void => {
  const { db, env, now } = context;

  registerEndpoint(app, context, api.listLeads, async ({ query }) => {
    const { page: number, pageSize, q, agent, order } = query;
    const key = `leads ${JSON.stringify([number, pageSize, q, agent, order])}`;
    const page = await db.remember(key, () => listLeads(db, query));
    return new Listed(page.leads, page.meta);
  });

  registerEndpoint(app, context, api.getLead, async ({ params }) => {
    const lead = await getLead(db, params.id);
    if (lead === null) throw new ApiError(404, messages.notFound);
    return lead;
  });

  registerEndpoint(app, context, api.createLead, async (call) => {
    const at = now();
    const admitted = await db.transaction((tx) => admitSubmission(tx, call.ip, env.LEAD_RATE_LIMIT, at));
    if (!admitted) throw new ApiError(429, messages.tooManyAttempts);
    // A robot fills the hidden field: it gets the usual answer and nothing is stored.
    if (call.body.website !== undefined && call.body.website.trim() !== "") return messages.created;
    await db.transaction((tx) => createLead(tx, call.body, { actorId: null, occurredAt: at }));
    return messages.created;
  });

  registerEndpoint(app, context, api.createTrakin, async (call) => {
    const session = signedIn(call);
    if (call.body.userId !== session.userId) throw new ApiError(403, messages.forbidden);
    const options = { actorId: session.userId, occurredAt: now() };
    await db.transaction((tx) => commentLead(tx, call.body.leadId, session.userId, call.body.coments, options));
    return messages.created;
  });

  registerEndpoint(app, context, api.assignLead, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => assignLead(tx, call.params.leadId, call.body.userId, options));
    return messages.updated;
  });
};
