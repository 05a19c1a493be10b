import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import type {
  SessionCloseReason,
  SessionKind,
  StaffSessionFacts,
} from "../../src/machines/domain/staffSession.machine.ts";
import type { Database, Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import { sessionRecord } from "./sessionsProjection.ts";
import { generateToken, hashToken } from "./passwords.ts";

/** How long the token given to a user who must change the password lives. */
export const PASSWORD_CHANGE_MINUTES = 30;

/** The caller of a protected endpoint, as found from its bearer token. */
import { Session } from "../http/caller.ts";

export { Session };

/**
 * Opens a session and answers its bearer token, which is never stored. A sign-in passes what it
 * found out about the credentials: the session's machine refuses wrong ones and an expired
 * temporary password (401), and nothing is written.
 */
export const openSession = async (
  tx: Queryable,
  session: { readonly userId: number; readonly kind: SessionKind; readonly expiresAt: Date },
  options: CommandOptions,
  facts: StaffSessionFacts = { hasWrongCredentials: false, isTemporaryPasswordExpired: false },
): Promise<string> => {
  const token = generateToken();
  await decide(
    tx,
    sessionRecord,
    randomUUID(),
    {
      type: "session.open",
      userId: session.userId,
      kind: session.kind,
      tokenHash: hashToken(token),
      expiresAt: session.expiresAt.toISOString(),
    },
    options,
    facts,
  );
  return token;
};

export const closeSession = (tx: Queryable, sessionId: string, reason: SessionCloseReason, options: CommandOptions) =>
  decide(tx, sessionRecord, sessionId, { type: "session.close", reason }, options);

const SessionId = Schema.Struct({ id: Schema.String });

/** Ends every open session of a user (password changed, user deactivated or deleted). */
export const closeUserSessions = async (
  tx: Queryable,
  userId: number,
  reason: SessionCloseReason,
  options: CommandOptions,
): Promise<void> => {
  const open = await queryRows(tx, SessionId, "select id from sessions where user_id = $1 and not revoked", [userId]);
  for (const session of open) await closeSession(tx, session.id, reason, options);
};

const OpenSession = Schema.Struct({ ...Session.fields, expiresAt: Schema.Date });

/**
 * The session a bearer token belongs to, when it is open, not expired and its user is active;
 * null otherwise (the caller answers 498). Every protected request asks, so the answer is
 * remembered until its tables change (a revoked session or deactivated user is a change); the
 * expiry is compared here, as time passes without any change.
 */
export const findSession = async (db: Database, token: string, now: Date): Promise<Session | null> => {
  const tokenHash = hashToken(token);
  const open = await db.remember(`session ${tokenHash}`, () =>
    queryOne(
      db,
      OpenSession,
      `select s.id::text as id, s.kind, u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
         u.email, r.name as role, u.agency_id as "agencyId", s.expires_at as "expiresAt"
       from sessions s join users u on u.id = s.user_id join roles r on r.id = u.role_id
       where s.token_hash = $1 and not s.revoked and u.status = 'active'`,
      [tokenHash],
    ),
    ["sessions", "users", "roles"],
  );
  if (open === null || open.expiresAt.getTime() <= now.getTime()) return null;
  const { expiresAt: _, ...session } = open;
  return session;
};
