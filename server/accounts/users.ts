import { Schema } from "effect";
import { RoleName } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { type Queryable, sqlState, UNIQUE_VIOLATION } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import { userRecord } from "../events/projections/users.ts";

/** A users row with its role name; the hashes never leave the server. */
export interface UserRow {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly roleId: number;
  readonly role: RoleName;
  readonly active: boolean;
  readonly passwordHash: string | null;
  readonly temporaryPasswordHash: string | null;
  readonly temporaryPasswordExpiresAt: Date | null;
  readonly changePassword: boolean;
  readonly status: string;
  readonly version: number;
}

const UserRowSchema = Schema.Struct({
  id: Schema.Int,
  first_name: Schema.String,
  last_name: Schema.String,
  email: Schema.String,
  role_id: Schema.Int,
  role: RoleName,
  active: Schema.Boolean,
  password_hash: Schema.NullOr(Schema.String),
  temp_password_hash: Schema.NullOr(Schema.String),
  temp_password_expires_at: Schema.NullOr(Schema.Date),
  change_password: Schema.Boolean,
  status: Schema.String,
  version: Schema.Int,
});

const decodeRow = Schema.decodeUnknownSync(UserRowSchema);

const toUser = (row: unknown): UserRow => {
  const user = decodeRow(row);
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    roleId: user.role_id,
    role: user.role,
    active: user.active,
    passwordHash: user.password_hash,
    temporaryPasswordHash: user.temp_password_hash,
    temporaryPasswordExpiresAt: user.temp_password_expires_at,
    changePassword: user.change_password,
    status: user.status,
    version: user.version,
  };
};

const selectUser = `select u.id, u.first_name, u.last_name, u.email, u.role_id, r.name as role, u.active,
  u.password_hash, u.temp_password_hash, u.temp_password_expires_at, u.change_password, u.status, u.version
  from users u join roles r on r.id = u.role_id`;

/** The live (not deleted) user with this normalised email. */
export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRow | null> => {
  const [row] = await db.query<unknown>(`${selectUser} where u.email = $1 and u.status <> 'deleted'`, [email]);
  return row === undefined ? null : toUser(row);
};

export const findUserById = async (db: Queryable, id: number): Promise<UserRow | null> => {
  const [row] = await db.query<unknown>(`${selectUser} where u.id = $1`, [id]);
  return row === undefined ? null : toUser(row);
};

export interface NewUser {
  readonly firstName: string;
  readonly lastName: string;
  /** Already normalised (see normaliseEmail). */
  readonly email: string;
  readonly roleId: number;
  readonly active: boolean;
  /** Null for a user who will receive a temporary password and must then choose one. */
  readonly passwordHash: string | null;
}

/** Creates a user through the event store and answers the new id; a live duplicate email is a 409. */
export const createUser = async (tx: Queryable, user: NewUser, options: CommandOptions): Promise<number> => {
  if (await findUserByEmail(tx, user.email)) throw new ApiError(409, messages.emailInUse);
  const [row] = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('users', 'id'))::int as id");
  if (!row) throw new Error("no id from the users sequence");
  try {
    await decide(
      tx,
      userRecord,
      String(row.id),
      { type: "user.create", ...user, changePassword: user.passwordHash === null },
      options,
    );
  } catch (error) {
    // Another request created the same email between the check above and this insert.
    if (sqlState(error) === UNIQUE_VIOLATION) throw new ApiError(409, messages.emailInUse);
    throw error;
  }
  return row.id;
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

export const changePassword = (tx: Queryable, userId: number, passwordHash: string, options: CommandOptions) =>
  decide(tx, userRecord, String(userId), { type: "user.changePassword", passwordHash }, options);
