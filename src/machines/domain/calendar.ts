/**
 * Days as the operator counts them (DOMAIN.md sections 5 and 10): calendar days `YYYY-MM-DD` on
 * the mainland's clock (Ecuador, UTC-5, no daylight saving), whatever the server's zone. Time
 * limits, departures and payments read the same days here.
 */

const MAINLAND_OFFSET_HOURS = 5;

/** A calendar day moved by whole days. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The calendar day an instant falls on in Ecuador. */
export const ecuadorDay = (instant: number): string => new Date(instant - MAINLAND_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);

/** The moment a departure leaves: its day's start in Ecuador, as staff read dates. */
export const departureMoment = (startDate: string): number => Date.parse(`${startDate}T00:00:00Z`) + MAINLAND_OFFSET_HOURS * 3_600_000;

/** Whole calendar days from one day to another (negative when the other is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
