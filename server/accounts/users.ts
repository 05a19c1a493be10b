import { Schema } from "effect";
import type { NewPassword } from "../../src/api/auth.ts";
import { RoleName } from "../../src/api/endpoint.ts";
import { CatalogueItemId, RoleId, UserId } from "../../src/api/ids.ts";
import { firstProblem, normaliseEmail } from "../../src/api/fields.ts";
import { type UserPayload, userProblems } from "../../src/api/users.ts";
import { confirmationProblem, passwordProblem } from "../../src/machines/domain/credentials.ts";
import { noUserFacts, roleIds, type UserFacts } from "../../src/machines/domain/user.machine.ts";
import { agencies } from "../../src/records/referenceData.ts";
import { findItem } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { lockTransaction, queryExists, queryOne } from "../db/rows.ts";
import { type CommandOptions, decide, decideNew } from "../events/command.ts";
import { userRecord } from "./usersProjection.ts";

const catalogueItemId = Schema.decodeSync(CatalogueItemId);

/** A users row with its role name; the hashes never leave the server. */
export const UserRow = Schema.Struct({
  id: UserId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  roleId: RoleId,
  role: RoleName,
  agencyId: Schema.NullOr(Schema.Int),
  active: Schema.Boolean,
  passwordHash: Schema.NullOr(Schema.String),
  temporaryPasswordHash: Schema.NullOr(Schema.String),
  temporaryPasswordExpiresAt: Schema.NullOr(Schema.Date),
  changePassword: Schema.Boolean,
  status: Schema.String,
  version: Schema.Int,
});
export type UserRow = typeof UserRow.Type;

const selectUser = `select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.role_id as "roleId",
  r.name as role, u.agency_id as "agencyId", u.active, u.password_hash as "passwordHash", u.temp_password_hash as "temporaryPasswordHash",
  u.temp_password_expires_at as "temporaryPasswordExpiresAt", u.change_password as "changePassword", u.status, u.version
  from users u join roles r on r.id = u.role_id`;

/** The live (not deleted) user with this normalised email. */
export const findUserByEmail = (db: Queryable, email: string): Promise<UserRow | null> =>
  queryOne(db, UserRow, `${selectUser} where u.email = $1 and u.status <> 'deleted'`, [email]);

export const findUserById = (db: Queryable, id: number): Promise<UserRow | null> =>
  queryOne(db, UserRow, `${selectUser} where u.id = $1`, [id]);

/** Any fixed number: commands whose rules read other users (one email per live user, the last active admin) take it one at a time. */
const USERS_LOCK = 7_241_003;

/**
 * Taken first by every command that loads facts about other users, so that the facts stay true
 * until its transaction ends (two creations of one email cannot both see it free).
 */
export const lockUsers = (tx: Queryable): Promise<void> => lockTransaction(tx, USERS_LOCK);

/** The user form's details as stored: names trimmed, email normalised, an agency only for an agency user. */
export type UserDetails = Pick<UserPayload, "firstName" | "lastName" | "email" | "roleId"> & { readonly agencyId?: number | null };

export const storedDetails = (details: UserDetails): Required<UserDetails> => ({
  firstName: details.firstName.trim(),
  lastName: details.lastName.trim(),
  email: normaliseEmail(details.email),
  roleId: details.roleId,
  agencyId: details.roleId === roleIds.agency ? (details.agencyId ?? null) : null,
});

/** Role ids are int columns: a larger number (an integer in the contract) names no role rather than overflowing. */
const MAX_ID = 2_147_483_647;

const isUnknownRole = async (tx: Queryable, roleId: number): Promise<boolean> => {
  if (!(Number.isSafeInteger(roleId) && roleId > 0 && roleId <= MAX_ID)) return true;
  return !(await queryExists(tx, "select from roles where id = $1", [roleId]));
};

/**
 * Whether an agency user's agency is not one a form may choose: none, one deleted or never created,
 * or an inactive one the user did not already belong to.
 */
const isAgencyUnselected = async (tx: Queryable, details: UserDetails, current: UserRow | null): Promise<boolean> => {
  const { agencyId, roleId } = storedDetails(details);
  if (roleId !== roleIds.agency) return false;
  if (agencyId === null || !(Number.isSafeInteger(agencyId) && agencyId > 0 && agencyId <= MAX_ID)) return true;
  const agency = await findItem(tx, agencies, catalogueItemId(agencyId));
  return agency === null || !(agency.active || current?.agencyId === agencyId);
};

/**
 * The facts of a create or an update of `userId` with the user form (null for a new user): the
 * form's first problem, whether the role exists, an agency user's agency, whether another live
 * user has the email.
 */
export const formFacts = async (tx: Queryable, current: UserRow | null, details: UserDetails): Promise<UserFacts> => {
  const holder = await findUserByEmail(tx, normaliseEmail(details.email));
  return {
    ...noUserFacts,
    fieldProblem: firstProblem(userProblems(details)),
    isUnknownRole: await isUnknownRole(tx, details.roleId),
    isAgencyUnselected: await isAgencyUnselected(tx, details, current),
    isEmailInUse: holder !== null && holder.id !== current?.id,
  };
};

export interface NewUser extends UserDetails {
  readonly active: boolean;
  /** Null for a user who will receive a temporary password and must then choose one. */
  readonly passwordHash: string | null;
}

/**
 * Creates a user through the event store and answers the new id. The user's machine refuses a
 * form with a problem, an unknown role, and an email a live user has (409).
 */
export const createUser = async (tx: Queryable, user: NewUser, options: CommandOptions): Promise<number> => {
  await lockUsers(tx);
  const facts = await formFacts(tx, null, user);
  const event = {
    type: "user.create",
    ...storedDetails(user),
    active: user.active,
    passwordHash: user.passwordHash,
    changePassword: user.passwordHash === null,
  } as const;
  return decideNew(tx, userRecord, event, options, facts);
};

/** Records a temporary password (already hashed) valid until `expiresAt`. */
export const issueTemporaryPassword = (
  tx: Queryable,
  userId: number,
  temporaryPasswordHash: string,
  expiresAt: Date,
  options: CommandOptions,
) =>
  decide(
    tx,
    userRecord,
    String(userId),
    { type: "user.issueTemporaryPassword", temporaryPasswordHash, expiresAt: expiresAt.toISOString() },
    options,
  );

/**
 * Sets the user's new password (hashed by the caller from `change.password`); the user's machine
 * refuses a wrong current password (checked by the caller: it is slow), then one that breaks the
 * password rules or whose confirmation differs.
 */
export const changePassword = (
  tx: Queryable,
  userId: number,
  change: NewPassword & { readonly passwordHash: string; readonly currentPasswordWrong?: boolean },
  options: CommandOptions,
) =>
  decide(tx, userRecord, String(userId), { type: "user.changePassword", passwordHash: change.passwordHash }, options, {
    ...noUserFacts,
    isCurrentPasswordWrong: change.currentPasswordWrong ?? false,
    passwordProblem: passwordProblem(change.password),
    confirmationProblem: confirmationProblem(change.password, change.confirmPassword),
  });
