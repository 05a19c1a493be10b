import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import * as api from "../../src/api/leads.ts";
import { messages } from "../../src/api/messages.ts";
import { isEmail, normaliseEmail } from "../../src/machines/domain/credentials.ts";
import type { Database } from "../db/database.ts";
import type { Env } from "../env.ts";
import { assignLead, commentLead, createLead, getLead, listLeads } from "../leads/leads.ts";
import { admitSubmission } from "../leads/submissionLimit.ts";
import { assertFilled, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, trimmedWithin } from "./fields.ts";
import { Listed, registerEndpoint, signedIn } from "./register.ts";

export interface LeadsContext {
  readonly db: Database;
  readonly env: Pick<Env, "LEAD_RATE_LIMIT">;
  readonly now: () => Date;
}

/** Longest texts kept: longer is refused (400 invalid information) rather than cut. */
export const LEAD_MESSAGE_MAX_LENGTH = 5000;
export const LEAD_COMMENT_MAX_LENGTH = 5000;
export const LEAD_PHONE_MAX_LENGTH = 40;
export const LEAD_COUNTRY_MAX_LENGTH = 80;
/** The short texts of a quote's details (dates, itinerary, conditions). */
export const LEAD_DETAIL_MAX_LENGTH = 500;

/** An optional short text: null stays null, blank becomes null, longer than the cap is refused. */
const optionalText = (value: string | null | undefined, maxLength: number): string | null => {
  if (value === null || value === undefined || value.trim() === "") return null;
  return trimmedWithin(value, maxLength);
};

const notNegative = <T extends number | null>(value: T): T => {
  if (value !== null && value < 0) throw new ApiError(400, messages.invalidInput);
  return value;
};

/** A quote's details with their texts trimmed and capped and no negative count or price. */
const checkedDetails = (details: api.LeadDetails | null | undefined): api.LeadDetails | null => {
  if (details === null || details === undefined) return null;
  return {
    in: optionalText(details.in, LEAD_DETAIL_MAX_LENGTH),
    out: optionalText(details.out, LEAD_DETAIL_MAX_LENGTH),
    itinerary: optionalText(details.itinerary, LEAD_DETAIL_MAX_LENGTH),
    spaces: notNegative(details.spaces),
    cabins: notNegative(details.cabins),
    conditions: optionalText(details.conditions, LEAD_DETAIL_MAX_LENGTH),
    isLastMinute: details.isLastMinute,
    mainLowerLm: notNegative(details.mainLowerLm),
    mainLowerGross: notNegative(details.mainLowerGross),
    upperLm: notNegative(details.upperLm),
    upperGross: notNegative(details.upperGross),
  };
};

/**
 * The public form checked in the order the panel reports problems: a blank required field
 * (required_information), a field too long (invalid information), a malformed email (user_error).
 */
const newLead = (body: api.NewLead) => {
  assertFilled(body.firstName, body.lastName, body.email, body.country, body.phone, body.message);
  const lead = {
    firstName: trimmedWithin(body.firstName, NAME_MAX_LENGTH),
    lastName: trimmedWithin(body.lastName, NAME_MAX_LENGTH),
    email: normaliseEmail(trimmedWithin(body.email, EMAIL_MAX_LENGTH)),
    country: trimmedWithin(body.country, LEAD_COUNTRY_MAX_LENGTH),
    phone: trimmedWithin(body.phone, LEAD_PHONE_MAX_LENGTH),
    message: trimmedWithin(body.message, LEAD_MESSAGE_MAX_LENGTH),
    yachtName: optionalText(body.yachtName, NAME_MAX_LENGTH),
    details: checkedDetails(body.details),
  };
  if (!isEmail(lead.email)) throw new ApiError(400, messages.invalidEmail);
  return lead;
};

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
    const lead = newLead(call.body);
    await db.transaction((tx) => createLead(tx, lead, { actorId: null, occurredAt: at }));
    return messages.created;
  });

  registerEndpoint(app, context, api.createTrakin, async (call) => {
    const session = signedIn(call);
    if (call.body.userId !== session.userId) throw new ApiError(403, messages.forbidden);
    assertFilled(call.body.coments);
    const coments = trimmedWithin(call.body.coments, LEAD_COMMENT_MAX_LENGTH);
    const options = { actorId: session.userId, occurredAt: now() };
    await db.transaction((tx) => commentLead(tx, call.body.leadId, session.userId, coments, options));
    return messages.created;
  });

  registerEndpoint(app, context, api.assignLead, async (call) => {
    const options = { actorId: signedIn(call).userId, occurredAt: now() };
    await db.transaction((tx) => assignLead(tx, call.params.leadId, call.body.userId, options));
    return messages.updated;
  });
};
