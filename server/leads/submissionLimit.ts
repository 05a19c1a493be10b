import type { Queryable } from "../db/database.ts";
import { execute, queryCount } from "../db/rows.ts";

/** The window of the public lead form's limit per address (LEAD_RATE_LIMIT submissions in it). */
export const SUBMISSION_WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts one submission of the public lead form from `address` and answers whether it is within
 * the limit. Every attempt counts (a robot's dropped ones and refused ones too), except those
 * already refused for the limit, so a flood cannot keep itself locked out forever. Kept in the
 * database so that several servers share the count; the per-address advisory lock makes two
 * simultaneous attempts count one after the other.
 */
export const admitSubmission = async (tx: Queryable, address: string, limit: number, now: Date): Promise<boolean> => {
  const since = new Date(now.getTime() - SUBMISSION_WINDOW_MS);
  await execute(tx, "select pg_advisory_xact_lock(hashtext($1))", [`lead-form:${address}`]);
  await execute(tx, "delete from lead_submissions where submitted_at <= $1", [since]);
  const submissions = await queryCount(
    tx,
    "select count(*)::int as count from lead_submissions where address = $1 and submitted_at > $2",
    [address, since],
  );
  if (submissions >= limit) return false;
  await execute(tx, "insert into lead_submissions (address, submitted_at) values ($1, $2)", [address, now]);
  return true;
};
