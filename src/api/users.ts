import { Schema } from "effect";
import { endpoint, recordEndpoints } from "./endpoint.ts";
import { CatalogueItemId, idParams, Int4, UserId } from "./ids.ts";
import { Role, User } from "./staffUsers.ts";
import { withVersion } from "./versions.ts";
import { emailField, type FieldProblems, NAME_MAX_LENGTH, textField, textProblems, textSchema } from "./fields.ts";

// the leads' list reads the sales users alone, without the rest of the users' contract
export { listSalesUsers, Role, User } from "./staffUsers.ts";

/** The user form's text fields (SPEC.md section 5): both names and the email are required. */
export const userFields = {
  firstName: textField(NAME_MAX_LENGTH, { required: true }),
  lastName: textField(NAME_MAX_LENGTH, { required: true }),
  email: emailField(),
} as const;

/**
 * The user form's payload. Blank names, a missing role or an email that does not match the
 * pattern are refused by the user's machine with 'required_information' / 'user_error'; a text
 * longer than its field by the contract ('invalid information').
 */
export const UserPayload = Schema.Struct({
  firstName: textSchema(userFields.firstName),
  lastName: textSchema(userFields.lastName),
  email: textSchema(userFields.email),
  /** 0 or below is the form's "no role chosen" ('required_information'), judged by the user's rules. */
  roleId: Int4,
  /** The agency of a user with the role `agency` (required there: `select an agency`, 0 too); ignored for staff. */
  agencyId: Schema.optionalKey(Schema.NullOr(Int4)),
  active: Schema.optionalKey(Schema.Boolean),
});
export type UserPayload = typeof UserPayload.Type;

export type UserField = keyof typeof userFields | "roleId";

/**
 * What the panel reports before sending, and what the server refuses with (as a fact): the text
 * fields' problems, and a role not chosen (0 or less) as 'required'.
 */
export const userProblems = (payload: Pick<UserPayload, "firstName" | "lastName" | "email" | "roleId">): FieldProblems<UserField> => {
  const problems = textProblems(userFields, payload);
  return payload.roleId > 0 ? problems : { ...problems, roleId: "required" };
};

const adminOnly = { kind: "session", roles: ["admin"] } as const;

const users = recordEndpoints({ resource: "users", singular: "User", id: UserId, readers: adminOnly, writers: adminOnly });

export const listUsers = users.list({ response: Schema.Array(User), description: "Every user that is not deleted, by last and first name." });

export const getUser = users.get({ response: User, description: "One user." });

export const createUser = users.create({
  body: UserPayload,
  description: "Creates a user and mails them a temporary password (they must change it at first login).",
});

export const updateUser = users.update({
  body: withVersion(UserPayload),
  description: "Changes a user's names, email, role and access; deactivation ends their sessions.",
});

export const deleteUser = users.remove({
  description: "Deletes a user (never oneself, never the last active admin) and ends their sessions.",
});

export const resetUserPassword = users.command("resetPassword", {
  path: "/users/resetPassword/:id",
  description:
    "The users table's changePass action: mails the user a new temporary password, which they must change at login.",
});

export const listAgencyUsers = endpoint({
  name: "agencies.users",
  method: "GET",
  path: "/agencies/:id/users",
  params: idParams(CatalogueItemId),
  response: Schema.Array(User),
  access: { kind: "session", roles: ["admin", "sales", "agency"] },
  description:
    "The users of one agency (DOMAIN.md section 9), by name. An agency user reads only their own agency's (another answers 404); they are created with POST /users/createUser, role agency and agencyId.",
});

export const listRoles = endpoint({
  name: "roles.list",
  method: "GET",
  path: "/roles",
  response: Schema.Array(Role),
  access: adminOnly,
  description: "The roles a user can be given.",
});
