import { Schema } from "effect";
import type { LeadPage } from "../../server/leads/leads.ts";
import { Lead } from "../../src/api/leads.ts";

const decodeLead = Schema.decodeUnknownSync(Lead);

/** A page's leads as a client of GET /leads reads them: each text decoded by the contract. */
export const leadsOfPage = (page: LeadPage): Lead[] => page.leads.map((text) => decodeLead(JSON.parse(text)));
