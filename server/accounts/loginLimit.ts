import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { execute, queryOne } from "../db/rows.ts";

/**
 * The sign-in throttles (decision 021). Every attempt is counted BEFORE the work it limits (the
 * password check, the mail), atomically in the database: parallel requests each get their own
 * number, and several servers behind one load balancer share the counts.
 */

/** Login attempts one email may have from one client address within the window. */
export const MAX_FAILURES_PER_PAIR = 5;
/**
 * Login attempts one address may have within the window, whatever the email (guessing many
 * accounts). Higher than per pair: one office behind one address must not lock all its staff out.
 */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Forgot-password mails one email may receive within the window (further requests answer alike, mail nothing). */
export const FORGOT_PER_EMAIL = 3;
/** Forgot-password requests (well-formed emails) one address may send within the window; then 429. */
export const FORGOT_PER_ADDRESS = 10;
export const FORGOT_WINDOW_MS = 60 * 60 * 1000;

/** The longest window of the keys kept in login_failures: rows older than it are removed. */
const LONGEST_WINDOW_MS = Math.max(FAILURE_WINDOW_MS, FORGOT_WINDOW_MS);

/** The tables of counters (server/db/migrations/007_attempt_counters.sql). */
export type CounterTable = "login_failures" | "lead_submissions";

const Attempts = Schema.Struct({ attempts: Schema.Int });

/**
 * Counts one attempt for `key` in its fixed window and answers its number within the window
 * (1 for the first). One statement: PostgreSQL's row lock on the key makes parallel counts
 * follow one another, so no two callers get the same number. A key whose window has passed
 * starts again at 1; rows older than `longestWindowMs` are removed on the way.
 */
export const countAttempt = async (
  db: Queryable,
  table: CounterTable,
  key: string,
  windowMs: number,
  now: Date,
  longestWindowMs: number = windowMs,
): Promise<number> => {
  await execute(db, `delete from ${table} where window_started_at <= $1`, [new Date(now.getTime() - longestWindowMs)]);
  const row = await queryOne(
    db,
    Attempts,
    `insert into ${table} as counter (key, window_started_at, attempts) values ($1, $2, 1)
     on conflict (key) do update set
       window_started_at = case when counter.window_started_at <= $3 then excluded.window_started_at
                                else counter.window_started_at end,
       attempts = case when counter.window_started_at <= $3 then 1 else counter.attempts + 1 end
     returning attempts`,
    [key, now, new Date(now.getTime() - windowMs)],
  );
  if (row === null) throw new Error(`no count for ${key}`);
  return row.attempts;
};

export interface LoginKeys {
  /** The email from this address: the throttle that refuses. */
  readonly pair: string;
  /** This address, whatever the email. */
  readonly address: string;
}

export const loginKeys = (email: string, address: string): LoginKeys => ({
  pair: `login:${address} ${email}`,
  address: `login:${address}`,
});

export type LoginAdmission = { readonly admitted: false } | { readonly admitted: true; readonly delayMs: number };

/**
 * Counts a login attempt before its password is checked: refused (429) beyond
 * MAX_FAILURES_PER_PAIR for the email from this address, or MAX_FAILURES_PER_ADDRESS for the
 * address. An attempt refused for its pair is not counted against the address, so a burst
 * against one account does not lock the colleagues behind the same address out. An admitted
 * attempt waits `delayMs` first, growing with the pair's earlier attempts in the window.
 */
export const admitLogin = async (db: Queryable, keys: LoginKeys, now: Date): Promise<LoginAdmission> => {
  const pair = await countAttempt(db, "login_failures", keys.pair, FAILURE_WINDOW_MS, now, LONGEST_WINDOW_MS);
  if (pair > MAX_FAILURES_PER_PAIR) return { admitted: false };
  const address = await countAttempt(db, "login_failures", keys.address, FAILURE_WINDOW_MS, now, LONGEST_WINDOW_MS);
  if (address > MAX_FAILURES_PER_ADDRESS) return { admitted: false };
  return { admitted: true, delayMs: delayBeforeCheck(pair - 1) };
};

const MAX_DELAY_MS = 2_000;

/**
 * How long an attempt waits before its password is checked, after `earlier` attempts of its pair
 * in the window that did not sign in: none for the first two (a typo), then 250 ms doubling.
 */
export const delayBeforeCheck = (earlier: number): number =>
  earlier < 2 ? 0 : Math.min(MAX_DELAY_MS, 250 * 2 ** (earlier - 2));

/**
 * A successful sign-in: the pair's attempts are forgotten, and its own attempt is given back to
 * the address, so that an office's successful logins never count against it.
 */
export const forgetAttempts = async (db: Queryable, keys: LoginKeys): Promise<void> => {
  await execute(db, "delete from login_failures where key = $1", [keys.pair]);
  await execute(db, "update login_failures set attempts = greatest(attempts - 1, 0) where key = $1", [keys.address]);
};

export type ForgotAdmission = "refused" | "mail" | "silent";

/**
 * Counts a forgot-password request for a well-formed email, before the user is looked up (known
 * and unknown emails count alike): "refused" (429) beyond FORGOT_PER_ADDRESS for the address,
 * "silent" beyond FORGOT_PER_EMAIL for the email (answered like the others, nothing mailed),
 * "mail" otherwise. A refused request does not count against the email.
 */
export const admitForgotPassword = async (db: Queryable, email: string, address: string, now: Date): Promise<ForgotAdmission> => {
  const byAddress = await countAttempt(db, "login_failures", `forgot:${address}`, FORGOT_WINDOW_MS, now, LONGEST_WINDOW_MS);
  if (byAddress > FORGOT_PER_ADDRESS) return "refused";
  const byEmail = await countAttempt(db, "login_failures", `forgot-email:${email}`, FORGOT_WINDOW_MS, now, LONGEST_WINDOW_MS);
  return byEmail > FORGOT_PER_EMAIL ? "silent" : "mail";
};
