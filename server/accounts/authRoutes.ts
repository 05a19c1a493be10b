import { findItem } from "../catalogues/items.ts";
import { agencies } from "../../src/records/referenceData.ts";
import type { FastifyInstance } from "fastify";
import * as auth from "../../src/api/auth.ts";
import { ApiError } from "../../src/api/errors.ts";
import { EMAIL_MAX_LENGTH, isEmail, normaliseEmail } from "../../src/api/fields.ts";
import { messages } from "../../src/api/messages.ts";
import { admitForgotPassword, admitLogin, forgetAttempts, loginKeys } from "./loginLimit.ts";
import { generateTemporaryPassword, hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { closeSession, closeUserSessions, openSession, PASSWORD_CHANGE_MINUTES } from "./sessions.ts";
import { changePassword, findUserByEmail, findUserById, issueTemporaryPassword, type UserRow } from "./users.ts";
import type { Database } from "../db/database.ts";
import { execute } from "../db/rows.ts";
import type { Env } from "../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import { temporaryPasswordMail } from "../mail/templates.ts";
import { actedBy, registerEndpoint, signedIn } from "../http/register.ts";

export interface AuthContext {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly env: Pick<Env, "SESSION_HOURS" | "TEMP_PASSWORD_HOURS">;
  readonly now: () => Date;
  /** Waits before a throttled attempt's password check. */
  readonly pause: (milliseconds: number) => Promise<void>;
}

const HOUR_MS = 3_600_000;
const MAX_PASSWORD_INPUT = 1_024;

type PasswordCheck = "password" | "temporary" | "expiredTemporary" | "wrong";

/**
 * Checks both the password and the temporary password, always with two Argon2 verifications (a
 * dummy hash standing in for a missing one), so the answer time does not tell whether the email
 * exists, is inactive, or has a temporary password pending.
 */
const checkPassword = async (user: UserRow | null, password: string, now: Date): Promise<PasswordCheck> => {
  const usable = user !== null && user.status === "active" ? user : null;
  const matchesPassword = usable?.passwordHash
    ? await verifyPassword(usable.passwordHash, password)
    : await verifyAgainstDummy(password);
  const matchesTemporary = usable?.temporaryPasswordHash
    ? await verifyPassword(usable.temporaryPasswordHash, password)
    : await verifyAgainstDummy(password);
  if (usable === null) return "wrong";
  if (matchesPassword) return "password";
  if (!matchesTemporary) return "wrong";
  const expiresAt = usable.temporaryPasswordExpiresAt;
  return expiresAt !== null && expiresAt.getTime() > now.getTime() ? "temporary" : "expiredTemporary";
};

export const registerAuthRoutes = (app: FastifyInstance, context: AuthContext): void => {
  const { db, mailer, env, now, pause } = context;

  registerEndpoint(app, context, auth.health, async () => {
    await execute(db, "select 1");
    return { status: "ok" as const };
  });

  /**
   * What the credentials of a sign-in are. The attempt is counted first (decision 021): beyond
   * the limit it is refused (429) without any password check, so a parallel burst reaches Argon2
   * no more often than the limit allows; an admitted attempt waits longer the more its email and
   * address have failed. Credentials that are right give their attempt back. An email or password
   * longer than any account's matches nobody and is not looked up (the counters' keys stay small).
   */
  const checkSignIn = async (email: string, password: string, ip: string, at: Date) => {
    if (email.length > EMAIL_MAX_LENGTH || password.length > MAX_PASSWORD_INPUT) {
      return { user: null, check: "wrong" } as const;
    }
    const keys = loginKeys(email, ip);
    const admission = await admitLogin(db, keys, at);
    if (!admission.admitted) throw new ApiError(429, messages.tooManyAttempts);
    if (admission.delayMs > 0) await pause(admission.delayMs);
    const user = await findUserByEmail(db, email);
    const check = await checkPassword(user, password, at);
    if (check !== "wrong") await forgetAttempts(db, keys);
    return { user, check, keys };
  };

  // A blank email or an empty password is refused by the contract ('required_information').
  registerEndpoint(app, context, auth.login, async ({ body, ip }) => {
    const at = now();
    const signIn = await checkSignIn(normaliseEmail(body.email), body.password, ip, at);
    const mustChange = signIn.check !== "password" || signIn.user?.changePassword === true;
    // The session's machine refuses wrong credentials and an expired temporary password (401).
    const token = await db.transaction((tx) =>
      openSession(
        tx,
        {
          // 0 names nobody: with wrong credentials the machine refuses before anything is written.
          userId: signIn.user?.id ?? 0,
          kind: mustChange ? "passwordChange" : "full",
          expiresAt: new Date(
            at.getTime() + (mustChange ? PASSWORD_CHANGE_MINUTES * 60_000 : env.SESSION_HOURS * HOUR_MS),
          ),
        },
        { actorId: signIn.user?.id ?? null, occurredAt: at },
        {
          hasWrongCredentials: signIn.user === null || signIn.check === "wrong",
          isTemporaryPasswordExpired: signIn.check === "expiredTemporary",
        },
      ),
    );
    const { user } = signIn;
    if (user === null) throw new Error("a session was opened without credentials");
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      token,
      rol: user.role,
      changePassword: mustChange,
    };
  });

  registerEndpoint(app, context, auth.forgotPassword, async ({ body, ip }) => {
    // A blank email is refused by the contract ('required_information'). Any other answers the
    // same (PRODUCT.md section 4): a malformed email is nobody's, like an unknown one; the panel's
    // form reports it before sending ('user_error').
    const email = normaliseEmail(body.email);
    const at = now();
    // Counted only for a well-formed email (a malformed one mails nobody and uses no allowance):
    // 429 beyond the address's limit; beyond the email's, answered alike and nothing is mailed.
    const admission = isEmail(email) ? await admitForgotPassword(db, email, ip, at) : "silent";
    if (admission === "refused") throw new ApiError(429, messages.tooManyAttempts);
    const user = admission === "mail" ? await findUserByEmail(db, email) : null;
    // Hashed whatever the email, so that known and unknown emails take the same time.
    const temporaryPassword = generateTemporaryPassword();
    const temporaryHash = await hashPassword(temporaryPassword);
    if (user === null || user.status !== "active") return messages.temporaryPasswordSent;
    const expiresAt = new Date(at.getTime() + env.TEMP_PASSWORD_HOURS * HOUR_MS);
    const issued = await db
      .transaction((tx) => issueTemporaryPassword(tx, user.id, temporaryHash, expiresAt, { actorId: null, occurredAt: at }))
      .then(
        () => true,
        (error: unknown) => {
          // A simultaneous request for the same user won: that one sends its mail.
          if (error instanceof ApiError && error.status === 409) return false;
          throw error;
        },
      );
    if (issued) {
      await mailer.send(
        temporaryPasswordMail({
          to: user.email,
          firstName: user.firstName,
          password: temporaryPassword,
          hours: env.TEMP_PASSWORD_HOURS,
        }),
      );
    }
    return messages.temporaryPasswordSent;
  });

  /**
   * Whether a full session's caller failed to prove the current password (missing or wrong); the
   * change-only token of a forced change proved it at its login, with the temporary password.
   * Counted like a login attempt of the email from this address, so a session left open cannot
   * be used to guess the password faster than the login form allows.
   */
  const isCurrentPasswordWrong = async (session: { kind: string; userId: number; email: string }, current: string | undefined, ip: string) => {
    if (session.kind !== "full") return false;
    const keys = loginKeys(session.email, ip);
    const admission = await admitLogin(db, keys, now());
    if (!admission.admitted) throw new ApiError(429, messages.tooManyAttempts);
    if (admission.delayMs > 0) await pause(admission.delayMs);
    const user = await findUserById(db, session.userId);
    const matches =
      current !== undefined && current.length <= MAX_PASSWORD_INPUT && user?.passwordHash
        ? await verifyPassword(user.passwordHash, current)
        : await verifyAgainstDummy(current ?? "");
    if (matches) await forgetAttempts(db, keys);
    return !matches;
  };

  registerEndpoint(app, context, auth.upgradePassword, async (call) => {
    const session = signedIn(call);
    if (call.params.id !== session.userId) throw new ApiError(403, messages.forbidden);
    const currentPasswordWrong = await isCurrentPasswordWrong(session, call.body.currentPassword, call.ip);
    // Hashed before the transaction (it is slow); the user's machine refuses a wrong current
    // password and a new one that breaks a rule.
    const passwordHash = await hashPassword(call.body.password);
    const options = actedBy(call, now());
    await db.transaction(async (tx) => {
      await changePassword(tx, session.userId, { ...call.body, passwordHash, currentPasswordWrong }, options);
      await closeUserSessions(tx, session.userId, "passwordChanged", options);
    });
    return messages.passwordUpdated;
  });

  registerEndpoint(app, context, auth.logout, async (call) => {
    const session = signedIn(call);
    await db.transaction((tx) => closeSession(tx, session.id, "signedOut", actedBy(call, now())));
    return messages.signedOut;
  });

  registerEndpoint(app, context, auth.currentSession, async (call) => {
    const session = signedIn(call);
    const agency = session.agencyId === null ? null : await findItem(db, agencies, session.agencyId);
    return {
      id: session.userId,
      firstName: session.firstName,
      lastName: session.lastName,
      email: session.email,
      rol: session.role,
      agency: agency === null ? null : { id: agency.id, name: agency.name },
    };
  });
};
