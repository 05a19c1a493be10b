/**
 * What an admin does to staff accounts (PRODUCT.md sections 4 and 5): the users endpoints' reads
 * and commands. Each command loads the facts the user's machine decides with (one email per live
 * user, the last active admin, nobody deletes themselves); the machine refuses, never this file.
 * Every command runs inside the caller's transaction.
 */
import { Schema } from "effect";
import { CatalogueItemId, RoleId, UserId } from "../../src/api/ids.ts";
import { Role, type User, type UserPayload } from "../../src/api/users.ts";
import { roleIds, type UserEvent } from "../../src/machines/domain/user.machine.ts";
import type { Queryable } from "../db/database.ts";
import { queryCount, queryOne, queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, expectVersion } from "../events/command.ts";
import { RecordVersion } from "../../src/api/versions.ts";
import { orNotFound } from "../http/found.ts";
import { userRecord } from "./usersProjection.ts";
import { closeUserSessions } from "./sessions.ts";
import { noUserFacts } from "../../src/machines/domain/user.machine.ts";
import { findUserById, formFacts, lockUsers, storedDetails, type UserRow } from "./users.ts";

const UserListRow = Schema.Struct({
  id: UserId,
  first_name: Schema.String,
  last_name: Schema.String,
  email: Schema.String,
  role_id: RoleId,
  role_name: Role.fields.name,
  agency_id: Schema.NullOr(CatalogueItemId),
  active: Schema.Boolean,
  version: RecordVersion,
});

const toApiUser = (user: typeof UserListRow.Type): User => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  role_id: user.role_id,
  user_rol: { id: user.role_id, name: user.role_name },
  agency_id: user.agency_id,
  active: user.active,
  version: user.version,
});

// The ICU root collation is named so that PGlite (default collation C) and PostgreSQL sort alike.
const selectUsers = `select u.id, u.first_name, u.last_name, u.email, u.role_id, r.name as role_name, u.agency_id, u.active, u.version
  from users u join roles r on r.id = u.role_id`;
const byName = `order by u.last_name collate "und-x-icu", u.first_name collate "und-x-icu", u.id`;

/** Every user that is not deleted, by last then first name. */
export const listUsers = async (db: Queryable): Promise<User[]> =>
  (await queryRows(db, UserListRow, `${selectUsers} where u.status <> 'deleted' ${byName}`)).map(toApiUser);

/** Active sales users, for assigning leads. */
export const listSalesUsers = async (db: Queryable): Promise<User[]> =>
  (await queryRows(db, UserListRow, `${selectUsers} where u.status = 'active' and r.name = 'sales' ${byName}`)).map(
    toApiUser,
  );

/** The live users of one agency, by last then first name. */
export const listAgencyUsers = async (db: Queryable, agencyId: number): Promise<User[]> =>
  (await queryRows(db, UserListRow, `${selectUsers} where u.status <> 'deleted' and u.agency_id = $1 ${byName}`, [agencyId])).map(toApiUser);

export const getUser = async (db: Queryable, id: number): Promise<User | null> => {
  const row = await queryOne(db, UserListRow, `${selectUsers} where u.id = $1 and u.status <> 'deleted'`, [id]);
  return row === null ? null : toApiUser(row);
};

export const listRoles = (db: Queryable): Promise<Role[]> => queryRows(db, Role, "select id, name from roles order by id");

/** A user the panel still shows (not deleted), else 404. */
const liveUser = async (tx: Queryable, id: number): Promise<UserRow> => {
  const user = await findUserById(tx, id);
  return orNotFound(user?.status === "deleted" ? null : user);
};

/** Whether `user` is an active admin and no other active admin exists. */
const isLastActiveAdmin = async (tx: Queryable, user: UserRow): Promise<boolean> => {
  if (user.status !== "active" || user.roleId !== roleIds.admin) return false;
  const admins = "select count(*)::int as count from users where status = 'active' and role_id = $1";
  return (await queryCount(tx, admins, [roleIds.admin])) <= 1;
};

/** Who to mail a temporary password to once the transaction has committed. */
export interface MailTarget {
  readonly email: string;
  readonly firstName: string;
}

/**
 * Saves the user form loaded at `version`: a `user.update` when a detail changed, then `user.activate` or
 * `user.deactivate` when `active` changed (deactivation closes every session of the user).
 * A form that changes nothing writes nothing.
 */
export const updateStaff = async (
  tx: Queryable,
  id: number,
  { version, ...change }: UserPayload & { readonly version: RecordVersion },
  options: CommandOptions,
): Promise<void> => {
  await lockUsers(tx);
  const user = await liveUser(tx, id);
  await expectVersion(tx, userRecord, String(id), version);
  const lastAdmin = await isLastActiveAdmin(tx, user);
  const details = storedDetails(change);
  const streamId = String(id);
  const detailsChanged =
    details.firstName !== user.firstName ||
    details.lastName !== user.lastName ||
    details.email !== user.email ||
    details.roleId !== user.roleId ||
    details.agencyId !== user.agencyId;
  if (detailsChanged) {
    const event: UserEvent = { type: "user.update", ...details };
    const facts = { ...(await formFacts(tx, user, change)), isLastActiveAdmin: lastAdmin };
    await decide(tx, userRecord, streamId, event, options, facts);
  }
  if (change.active === true && user.status === "inactive") {
    await decide(tx, userRecord, streamId, { type: "user.activate" }, options);
  }
  if (change.active === false && user.status === "active") {
    await decide(tx, userRecord, streamId, { type: "user.deactivate" }, options, {
      ...noUserFacts,
      isLastActiveAdmin: lastAdmin,
    });
    await closeUserSessions(tx, id, "userDeactivated", options);
  }
};

/** Deletes a user (the machine refuses the caller and the last active admin) and closes their sessions. */
export const deleteStaff = async (tx: Queryable, id: number, callerId: number, options: CommandOptions): Promise<void> => {
  await lockUsers(tx);
  const user = await liveUser(tx, id);
  await decide(tx, userRecord, String(id), { type: "user.delete" }, options, {
    ...noUserFacts,
    isSelf: id === callerId,
    isLastActiveAdmin: await isLastActiveAdmin(tx, user),
  });
  await closeUserSessions(tx, id, "userDeleted", options);
};

/**
 * The users table's changePass action: records a new temporary password (already hashed) and the
 * change flag. The current password keeps working, but whichever password the user signs in with
 * next, they must choose a new one.
 */
export const resetStaffPassword = async (
  tx: Queryable,
  id: number,
  temporaryPasswordHash: string,
  expiresAt: Date,
  options: CommandOptions,
): Promise<MailTarget> => {
  const user = await liveUser(tx, id);
  await decide(
    tx,
    userRecord,
    String(id),
    { type: "user.resetPassword", temporaryPasswordHash, expiresAt: expiresAt.toISOString() },
    options,
  );
  return { email: user.email, firstName: user.firstName };
};
