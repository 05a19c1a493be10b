import type { FastifyInstance } from "fastify";
import * as auth from "../../src/api/auth.ts";
import { ApiError } from "../../src/api/errors.ts";
import { type Message, messages } from "../../src/api/messages.ts";
import {
  type ConfirmationProblem,
  confirmationProblem,
  isEmail,
  normaliseEmail,
  type PasswordProblem,
  passwordProblem,
} from "../../src/machines/domain/credentials.ts";
import { clearFailures, isLimited, loginKeys, recordFailure } from "../accounts/loginLimit.ts";
import { generateTemporaryPassword, hashPassword, verifyAgainstDummy, verifyPassword } from "../accounts/passwords.ts";
import { closeSession, closeUserSessions, openSession, PASSWORD_CHANGE_MINUTES } from "../accounts/sessions.ts";
import { changePassword, findUserByEmail, issueTemporaryPassword, type UserRow } from "../accounts/users.ts";
import type { Database } from "../db/database.ts";
import type { Env } from "../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import { temporaryPasswordMail } from "../mail/templates.ts";
import { registerEndpoint, signedIn } from "./register.ts";

export interface AuthContext {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly env: Pick<Env, "SESSION_HOURS" | "TEMP_PASSWORD_HOURS">;
  readonly now: () => Date;
}

const HOUR_MS = 3_600_000;
const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_INPUT = 1_024;

const passwordMessages: Readonly<Record<PasswordProblem, Message>> = {
  required: messages.passwordRequired,
  pattern: messages.passwordPattern,
  tooShort: messages.passwordTooShort,
  tooLong: messages.passwordTooLong,
};

const confirmationMessages: Readonly<Record<ConfirmationProblem, Message>> = {
  required: messages.passwordRequired,
  mismatch: messages.passwordsDoNotMatch,
};

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
  const { db, mailer, env, now } = context;

  registerEndpoint(app, context, auth.health, async () => {
    await db.query("select 1");
    return { status: "ok" as const };
  });

  registerEndpoint(app, context, auth.login, async ({ body, ip }) => {
    const email = normaliseEmail(body.email);
    if (email === "" || body.password === "") throw new ApiError(400, messages.requiredInformation);
    // No account has such an email or password; the limit table's keys stay small.
    if (email.length > MAX_EMAIL_LENGTH || body.password.length > MAX_PASSWORD_INPUT) {
      throw new ApiError(401, messages.wrongCredentials);
    }
    const at = now();
    const keys = loginKeys(email, ip);
    if (await isLimited(db, keys, at)) throw new ApiError(429, messages.tooManyAttempts);
    const user = await findUserByEmail(db, email);
    const check = await checkPassword(user, body.password, at);
    if (user === null || check === "wrong") {
      await recordFailure(db, keys, at);
      throw new ApiError(401, messages.wrongCredentials);
    }
    if (check === "expiredTemporary") throw new ApiError(401, messages.temporaryPasswordExpired);
    await clearFailures(db, keys);
    const mustChange = check === "temporary" || user.changePassword;
    const token = await db.transaction((tx) =>
      openSession(
        tx,
        {
          userId: user.id,
          kind: mustChange ? "passwordChange" : "full",
          expiresAt: new Date(
            at.getTime() + (mustChange ? PASSWORD_CHANGE_MINUTES * 60_000 : env.SESSION_HOURS * HOUR_MS),
          ),
        },
        { actorId: user.id, occurredAt: at },
      ),
    );
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

  registerEndpoint(app, context, auth.forgotPassword, async ({ body }) => {
    const email = normaliseEmail(body.email);
    if (email === "") throw new ApiError(400, messages.requiredInformation);
    if (!isEmail(email)) throw new ApiError(400, messages.invalidEmail);
    const at = now();
    const user = await findUserByEmail(db, email);
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

  registerEndpoint(app, context, auth.upgradePassword, async (call) => {
    const session = signedIn(call);
    if (call.params.id !== session.userId) throw new ApiError(403, messages.forbidden);
    const problem = passwordProblem(call.body.password);
    if (problem !== null) throw new ApiError(400, passwordMessages[problem]);
    const confirmation = confirmationProblem(call.body.password, call.body.confirmPassword);
    if (confirmation !== null) throw new ApiError(400, confirmationMessages[confirmation]);
    const passwordHash = await hashPassword(call.body.password);
    const options = { actorId: session.userId, occurredAt: now() };
    await db.transaction(async (tx) => {
      await changePassword(tx, session.userId, passwordHash, options);
      await closeUserSessions(tx, session.userId, "passwordChanged", options);
    });
    return messages.passwordUpdated;
  });

  registerEndpoint(app, context, auth.logout, async (call) => {
    const session = signedIn(call);
    await db.transaction((tx) =>
      closeSession(tx, session.id, "signedOut", { actorId: session.userId, occurredAt: now() }),
    );
    return messages.signedOut;
  });

  registerEndpoint(app, context, auth.currentSession, async (call) => {
    const session = signedIn(call);
    return {
      id: session.userId,
      firstName: session.firstName,
      lastName: session.lastName,
      email: session.email,
      rol: session.role,
    };
  });
};
