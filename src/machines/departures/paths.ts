import type { CruiseTab } from "./record.ts";

/**
 * A departure's tab page, `/panel/cruises/{id}/{tab}`: apart from the departures' declaration so
 * that a screen linking to a departure (the availability) loads without it (decision 081).
 */
export const departureTabPath = (id: number | string, tab: CruiseTab): string => `/panel/cruises/${id}/${tab}`;
