import type { FastifyInstance } from "fastify";
import { messages } from "../../src/api/messages.ts";
import * as api from "../../src/api/users.ts";
import { generateTemporaryPassword, hashPassword } from "./passwords.ts";
import {
  deleteStaff,
  getUser,
  listAgencyUsers,
  listRoles,
  listSalesUsers,
  listUsers,
  type MailTarget,
  resetStaffPassword,
  updateStaff,
} from "./staff.ts";
import { createUser, issueTemporaryPassword, storedDetails } from "./users.ts";
import { agencies } from "../../src/records/referenceData.ts";
import { findItem } from "../catalogues/items.ts";
import type { Database } from "../db/database.ts";
import type { Env } from "../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import { temporaryPasswordMail } from "../mail/templates.ts";
import { orNotFound } from "../http/found.ts";
import { actedBy, registerEndpoint, signedIn } from "../http/register.ts";

export interface UsersContext {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly env: Pick<Env, "TEMP_PASSWORD_HOURS">;
  readonly now: () => Date;
}

const HOUR_MS = 3_600_000;

export const registerUserRoutes = (app: FastifyInstance, context: UsersContext): void => {
  const { db, mailer, env, now } = context;

  /** A fresh temporary password, its hash and its expiry, made before the transaction (hashing is slow). */
  const temporaryPassword = async (at: Date) => {
    const password = generateTemporaryPassword();
    return {
      password,
      hash: await hashPassword(password),
      expiresAt: new Date(at.getTime() + env.TEMP_PASSWORD_HOURS * HOUR_MS),
    };
  };

  /** Sent only after the commit: a mail about a password that was rolled back would not work. */
  const mailTemporaryPassword = (target: MailTarget, password: string) =>
    mailer.send(
      temporaryPasswordMail({
        to: target.email,
        firstName: target.firstName,
        password,
        hours: env.TEMP_PASSWORD_HOURS,
      }),
    );

  registerEndpoint(app, context, api.listUsers, () => listUsers(db));

  registerEndpoint(app, context, api.listSalesUsers, () => listSalesUsers(db));

  registerEndpoint(app, context, api.listRoles, () => listRoles(db));

  registerEndpoint(app, context, api.listAgencyUsers, async (call) => {
    const session = signedIn(call);
    // an agency user learns nothing of another agency, not even that it exists
    const own = session.role !== "agency" || session.agencyId === call.params.id;
    orNotFound(own ? await findItem(db, agencies, call.params.id) : null);
    return listAgencyUsers(db, call.params.id);
  });

  registerEndpoint(app, context, api.getUser, async ({ params }) => orNotFound(await getUser(db, params.id)));

  registerEndpoint(app, context, api.createUser, async (call) => {
    const options = actedBy(call, now());
    const temporary = await temporaryPassword(options.occurredAt);
    await db.transaction(async (tx) => {
      const id = await createUser(tx, { ...call.body, active: call.body.active ?? true, passwordHash: null }, options);
      await issueTemporaryPassword(tx, id, temporary.hash, temporary.expiresAt, options);
    });
    await mailTemporaryPassword(storedDetails(call.body), temporary.password);
    return messages.created;
  });

  registerEndpoint(app, context, api.updateUser, async (call) => {
    await db.transaction((tx) => updateStaff(tx, call.params.id, call.body, actedBy(call, now())));
    return messages.updated;
  });

  registerEndpoint(app, context, api.deleteUser, async (call) => {
    const options = actedBy(call, now());
    await db.transaction((tx) => deleteStaff(tx, call.params.id, signedIn(call).userId, options));
    return messages.deleted;
  });

  registerEndpoint(app, context, api.resetUserPassword, async (call) => {
    const options = actedBy(call, now());
    const temporary = await temporaryPassword(options.occurredAt);
    const target = await db.transaction((tx) =>
      resetStaffPassword(tx, call.params.id, temporary.hash, temporary.expiresAt, options),
    );
    await mailTemporaryPassword(target, temporary.password);
    return messages.temporaryPasswordSent;
  });
};
