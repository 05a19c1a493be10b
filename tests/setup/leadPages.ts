import { type LeadPage, leadOfText } from "../../server/leads/leads.ts";
import type { Lead } from "../../src/api/leads.ts";

/** A page's leads as a client of GET /leads reads them: each text decoded by the contract. */
export const leadsOfPage = (page: LeadPage): Lead[] => page.leads.map(leadOfText);
