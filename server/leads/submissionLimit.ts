import type { Queryable } from "../db/database.ts";
import { countAttempt } from "../accounts/loginLimit.ts";

/** The window of the public lead form's limit per address (LEAD_RATE_LIMIT submissions in it). */
export const SUBMISSION_WINDOW_MS = 10 * 60 * 1000;
/** The window of its limit per email (LEAD_RATE_LIMIT submissions in it, from any address). */
export const EMAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts one accepted submission of the public lead form from `address` for `email` (normalised)
 * and answers whether both are within the limit (decision 021). Called inside the transaction
 * that has just created the lead, after its machine accepted it: a refused form (blank field,
 * malformed email) or a robot's dropped one never reaches here, so it uses up nobody's allowance,
 * and a submission refused for the limit rolls back with its lead, its count included. Each count
 * is one `insert ... on conflict do update ... returning`, whose row lock holds until the
 * transaction ends: simultaneous submissions, on one server or several, count one after the other.
 * The address is counted last: its row is the one an office's (or a robot's) simultaneous
 * submissions share, held from its count to the commit alone (decision 128). Counting the email
 * first changes nothing kept: a submission refused for either limit rolls back both counts.
 */
export const admitSubmission = async (
  tx: Queryable,
  address: string,
  email: string,
  limit: number,
  now: Date,
): Promise<boolean> => {
  const byEmail = await countAttempt(tx, "lead_submissions", `email:${email}`, EMAIL_WINDOW_MS, now, EMAIL_WINDOW_MS);
  if (byEmail > limit) return false;
  const byAddress = await countAttempt(tx, "lead_submissions", `address:${address}`, SUBMISSION_WINDOW_MS, now, EMAIL_WINDOW_MS);
  return byAddress <= limit;
};
