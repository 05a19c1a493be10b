/**
 * What an admin does to staff accounts (PRODUCT.md sections 4 and 5): the users endpoints' reads
 * and commands, with the rules that span several users (one email per live user, the last active
 * admin, nobody deletes themselves). Every command runs inside the caller's transaction.
 */
import { Schema } from "effect";
import { Role, type User } from "../../src/api/users.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { roleIds, type UserEvent } from "../../src/machines/domain/user.machine.ts";
import { type Queryable, sqlState, UNIQUE_VIOLATION } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import { userRecord } from "../events/projections/users.ts";
import { closeUserSessions } from "./sessions.ts";
import { findUserByEmail, findUserById, type UserRow } from "./users.ts";

/** Any fixed number: commands that could remove the last active admin take it one at a time. */
const ADMINS_LOCK = 7_241_003;

const UserListRow = Schema.Struct({
  id: Schema.Int,
  first_name: Schema.String,
  last_name: Schema.String,
  email: Schema.String,
  role_id: Schema.Int,
  role_name: Role.fields.name,
  active: Schema.Boolean,
});
const decodeUserRow = Schema.decodeUnknownSync(UserListRow);
const decodeRole = Schema.decodeUnknownSync(Role);

const toApiUser = (row: unknown): User => {
  const user = decodeUserRow(row);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role_id: user.role_id,
    user_rol: { id: user.role_id, name: user.role_name },
    active: user.active,
  };
};

// The ICU root collation is named so that PGlite (default collation C) and PostgreSQL sort alike.
const selectUsers = `select u.id, u.first_name, u.last_name, u.email, u.role_id, r.name as role_name, u.active
  from users u join roles r on r.id = u.role_id`;
const byName = `order by u.last_name collate "und-x-icu", u.first_name collate "und-x-icu", u.id`;

/** Every user that is not deleted, by last then first name. */
export const listUsers = async (db: Queryable): Promise<User[]> =>
  (await db.query<unknown>(`${selectUsers} where u.status <> 'deleted' ${byName}`)).map(toApiUser);

/** Active sales users, for assigning leads. */
export const listSalesUsers = async (db: Queryable): Promise<User[]> =>
  (await db.query<unknown>(`${selectUsers} where u.status = 'active' and r.name = 'sales' ${byName}`)).map(toApiUser);

export const getUser = async (db: Queryable, id: number): Promise<User | null> => {
  const [row] = await db.query<unknown>(`${selectUsers} where u.id = $1 and u.status <> 'deleted'`, [id]);
  return row === undefined ? null : toApiUser(row);
};

export const listRoles = async (db: Queryable): Promise<Role[]> =>
  (await db.query<unknown>("select id, name from roles order by id")).map((row) => decodeRole(row));

/** 400 'the role does not exist' unless the role is one of the seeded roles. */
export const assertRoleExists = async (db: Queryable, roleId: number): Promise<void> => {
  const rows = await db.query<{ id: number }>("select id from roles where id = $1", [roleId]);
  if (rows.length === 0) throw new ApiError(400, messages.unknownRole);
};

/** A user the panel still shows (not deleted), else 404. */
const liveUser = async (tx: Queryable, id: number): Promise<UserRow> => {
  const user = await findUserById(tx, id);
  if (user === null || user.status === "deleted") throw new ApiError(404, messages.notFound);
  return user;
};

/** 409 lastAdmin when `user` is the only active admin: the caller is about to remove them from that role. */
const assertNotLastAdmin = async (tx: Queryable, user: UserRow): Promise<void> => {
  if (user.status !== "active" || user.roleId !== roleIds.admin) return;
  const [row] = await tx.query<{ admins: number }>(
    "select count(*)::int as admins from users where status = 'active' and role_id = $1",
    [roleIds.admin],
  );
  if ((row?.admins ?? 0) <= 1) throw new ApiError(409, messages.lastAdmin);
};

export interface StaffDetails {
  /** Trimmed and checked by the route. */
  readonly firstName: string;
  readonly lastName: string;
  /** Normalised (see normaliseEmail) and checked. */
  readonly email: string;
  readonly roleId: number;
}

/** Who to mail a temporary password to once the transaction has committed. */
export interface MailTarget {
  readonly email: string;
  readonly firstName: string;
}

/**
 * Saves the user form: a `user.update` when a detail changed, then `user.activate` or
 * `user.deactivate` when `active` changed (deactivation closes every session of the user).
 * A form that changes nothing writes nothing.
 */
export const updateStaff = async (
  tx: Queryable,
  id: number,
  change: StaffDetails & { readonly active?: boolean },
  options: CommandOptions,
): Promise<void> => {
  await tx.query("select pg_advisory_xact_lock($1)", [ADMINS_LOCK]);
  const user = await liveUser(tx, id);
  const holder = await findUserByEmail(tx, change.email);
  if (holder !== null && holder.id !== id) throw new ApiError(409, messages.emailInUse);
  const deactivating = change.active === false && user.status === "active";
  if (deactivating || change.roleId !== user.roleId) await assertNotLastAdmin(tx, user);
  const streamId = String(id);
  const detailsChanged =
    change.firstName !== user.firstName ||
    change.lastName !== user.lastName ||
    change.email !== user.email ||
    change.roleId !== user.roleId;
  if (detailsChanged) {
    const event: UserEvent = {
      type: "user.update",
      firstName: change.firstName,
      lastName: change.lastName,
      email: change.email,
      roleId: change.roleId,
    };
    try {
      await decide(tx, userRecord, streamId, event, options);
    } catch (error) {
      // Another request took the email between the check above and this write.
      if (sqlState(error) === UNIQUE_VIOLATION) throw new ApiError(409, messages.emailInUse);
      throw error;
    }
  }
  if (change.active === true && user.status === "inactive") {
    await decide(tx, userRecord, streamId, { type: "user.activate" }, options);
  }
  if (deactivating) {
    await decide(tx, userRecord, streamId, { type: "user.deactivate" }, options);
    await closeUserSessions(tx, id, "userDeactivated", options);
  }
};

/** Deletes a user (never the caller, never the last active admin) and closes their sessions. */
export const deleteStaff = async (tx: Queryable, id: number, callerId: number, options: CommandOptions): Promise<void> => {
  await tx.query("select pg_advisory_xact_lock($1)", [ADMINS_LOCK]);
  const user = await liveUser(tx, id);
  if (id === callerId) throw new ApiError(409, messages.selfDelete);
  await assertNotLastAdmin(tx, user);
  await decide(tx, userRecord, String(id), { type: "user.delete" }, options);
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
