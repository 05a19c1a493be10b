import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { execute, queryRows } from "../db/rows.ts";

/** Failed logins allowed per email, and per client address, within the window. */
export const MAX_FAILURES_PER_EMAIL = 5;
/** Higher than per email: one office behind one address must not lock all its staff out. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface LoginKeys {
  readonly email: string;
  readonly address: string;
}

export const loginKeys = (email: string, address: string): LoginKeys => ({
  email: `email:${email}`,
  address: `address:${address}`,
});

const FailuresRow = Schema.Struct({ key: Schema.String, failures: Schema.Int });

/**
 * Whether this email or this address failed too often in the last window. Counted in the
 * database so that several servers behind one load balancer share the counters.
 */
export const isLimited = async (db: Queryable, keys: LoginKeys, now: Date): Promise<boolean> => {
  const rows = await queryRows(
    db,
    FailuresRow,
    `select key, count(*)::int as failures from login_failures
     where key in ($1, $2) and failed_at > $3 group by key`,
    [keys.email, keys.address, new Date(now.getTime() - FAILURE_WINDOW_MS)],
  );
  return rows.some((row) =>
    row.key === keys.email ? row.failures >= MAX_FAILURES_PER_EMAIL : row.failures >= MAX_FAILURES_PER_ADDRESS,
  );
};

export const recordFailure = async (db: Queryable, keys: LoginKeys, now: Date): Promise<void> => {
  await execute(db, "delete from login_failures where failed_at <= $1", [new Date(now.getTime() - FAILURE_WINDOW_MS)]);
  await execute(db, "insert into login_failures (key, failed_at) values ($1, $3), ($2, $3)", [
    keys.email,
    keys.address,
    now,
  ]);
};

/** A successful login forgets the email's failures (the address keeps its count). */
export const clearFailures = async (db: Queryable, keys: LoginKeys): Promise<void> => {
  await execute(db, "delete from login_failures where key = $1", [keys.email]);
};
