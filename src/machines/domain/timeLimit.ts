/**
 * How long a hold lasts (DOMAIN.md section 5): `holdDays` from now, but within `cutoffDays` of the
 * departure at most `finalHoldHours`, and never past the departure. Pure, with the clock passed in.
 */
export interface HoldPolicy {
  readonly holdDays: number;
  readonly cutoffDays: number;
  readonly finalHoldHours: number;
  /** How often an agency user may extend a time limit; staff without a count. */
  readonly maxExtensions: number;
}

export const defaultHoldPolicy: HoldPolicy = { holdDays: 7, cutoffDays: 45, finalHoldHours: 48, maxExtensions: 2 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The latest time limit the policy allows now: the hold's length, or the final hours near the departure, and never past it. */
export const latestTimeLimit = (now: number, departure: number, policy: HoldPolicy): number => {
  const near = departure - now <= policy.cutoffDays * DAY;
  return Math.min(departure, now + (near ? policy.finalHoldHours * HOUR : policy.holdDays * DAY));
};

/**
 * Whether a time limit asked for is refused (`time limit not allowed`): in the past, beyond the
 * policy or the departure, or, extending one, not later than the current.
 */
export const isTimeLimitRefused = (asked: number, now: number, departure: number, policy: HoldPolicy, current: number | null): boolean =>
  Number.isNaN(asked) || asked <= now || asked > latestTimeLimit(now, departure, policy) || (current !== null && asked <= current);
