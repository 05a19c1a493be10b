import { Schema } from "effect";
import { isCalendarDay } from "./calendarDay.ts";

// Apart from reservations.ts: the availability's "as of" reads an instant without the reservations' contract.
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)$/u;

/**
 * Whether a text is an instant with its offset (`Z` or `±hh:mm`) on a real day at a real time:
 * `2027-02-30T10:00Z` is refused, not moved to 2 March, and a time without an offset, which each
 * browser and server would read in its own zone, is refused too.
 */
export const isInstant = (text: string): boolean => {
  const day = INSTANT.exec(text)?.[1];
  return day !== undefined && isCalendarDay(day);
};

/** An instant with its offset, as `timeLimit` travels: `2027-03-01T17:00:00Z`. */
export const Instant = Schema.String.check(Schema.isMaxLength(40), Schema.makeFilter(isInstant));
