import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import * as api from "../../src/api/leads.ts";
import { normaliseEmail } from "../../src/api/fields.ts";
import { messages } from "../../src/api/messages.ts";
import type { Env } from "../env.ts";
import { assignLead, commentLead, createLead, getLead, listLeads } from "./leads.ts";
import { admitSubmission } from "./submissionLimit.ts";
import { orNotFound } from "../http/found.ts";
import { actedBy, EncodedItems, registerEndpoint, type RouteContext, signedIn } from "../http/register.ts";

export interface LeadsContext extends RouteContext {
  readonly env: Pick<Env, "LEAD_RATE_LIMIT">;
}

/**
 * A lead sent by the public form, from the API or the landing page's form without JavaScript
 * (decision 070). A robot fills the hidden field: it gets the usual answer, nothing is stored or
 * counted. The lead's machine decides first (a refused form counts nothing); then the submission
 * is counted per address and per email, and one beyond the limit is rolled back with its lead
 * (an ApiError 429, 'too many attempts').
 */
export const receiveLead = async ({ db, env, now }: LeadsContext, lead: api.NewLead, address: string): Promise<void> => {
  if (lead.website !== undefined && lead.website.trim() !== "") return;
  const at = now();
  await db.transaction(async (tx) => {
    await createLead(tx, lead, { actorId: null, occurredAt: at });
    const admitted = await admitSubmission(tx, address, normaliseEmail(lead.email), env.LEAD_RATE_LIMIT, at);
    if (!admitted) throw new ApiError(429, messages.tooManyAttempts);
  });
};

/**
 * Every table a page of leads reads (server/leads/leads.ts: the leads, their notes and authors,
 * their agents, the totals by agent): a page is remembered across writes of any other, a hold or
 * a payment (decisions 016 and 099).
 */
const leadPageTables = ["leads", "lead_notes", "lead_totals", "users"];

export const registerLeadRoutes = (app: FastifyInstance, context: LeadsContext): void => {
  const { db, now } = context;
  /** A remembered page's leads encoded once, kept (weakly) with the page: answered again as the same bytes. */
  const encodedPages = new WeakMap<object, EncodedItems>();

  registerEndpoint(app, context, api.listLeads, async ({ query }) => {
    const { page: number, pageSize, q, agent, order, sort, direction, receivedFrom, receivedBefore } = query;
    const key = `leads ${JSON.stringify([number, pageSize, q, agent, order, sort, direction, receivedFrom, receivedBefore])}`;
    const page = await db.remember(key, () => listLeads(db, query), leadPageTables);
    const known = encodedPages.get(page);
    if (known !== undefined) return known;
    const encoded = new EncodedItems(page.leads.map((lead) => Buffer.from(lead)), page.meta);
    encodedPages.set(page, encoded);
    return encoded;
  });

  registerEndpoint(app, context, api.getLead, async ({ params }) => orNotFound(await getLead(db, params.id)));

  registerEndpoint(app, context, api.createLead, async (call) => {
    await receiveLead(context, call.body, call.ip);
    return messages.created;
  });

  registerEndpoint(app, context, api.createNote, async (call) => {
    const authorId = signedIn(call).userId;
    if (call.body.userId !== authorId) throw new ApiError(403, messages.forbidden);
    const options = actedBy(call, now());
    await db.transaction((tx) => commentLead(tx, call.body.leadId, authorId, call.body.comments, options));
    return messages.created;
  });

  registerEndpoint(app, context, api.assignLead, async (call) => {
    await db.transaction((tx) => assignLead(tx, call.params.leadId, call.body.userId, actedBy(call, now())));
    return messages.updated;
  });
};
