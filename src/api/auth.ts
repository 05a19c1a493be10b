import { Schema } from "effect";
import { anySignedIn, endpoint, MessageAnswer, RoleName } from "./endpoint.ts";
import { CatalogueItemId, idParams, UserId } from "./ids.ts";

/** The user object answered by a successful login (PRODUCT.md section 3). */
export const LoginUser = Schema.Struct({
  id: UserId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  token: Schema.String,
  rol: RoleName,
  changePassword: Schema.Boolean,
});
export type LoginUser = typeof LoginUser.Type;

export { authFields, PASSWORD_INPUT_MAX_LENGTH } from "./authFields.ts";

/** Text with something besides blanks: a blank or missing one is refused with 'required_information'. */
const FilledText = Schema.String.check(Schema.isPattern(/\S/));

/** Login: email and password required (SPEC.md section 5); a password of blanks is still a password. */
export const Credentials = Schema.Struct({ email: FilledText, password: Schema.String.check(Schema.isMinLength(1)) });
export type Credentials = typeof Credentials.Type;

export const login = endpoint({
  name: "auth.login",
  method: "POST",
  path: "/auth/login",
  body: Credentials,
  response: LoginUser,
  access: { kind: "public" },
  description:
    "Signs in with email and password. A user who must change the password gets a token good only for upgradePassword.",
});

export const forgotPassword = endpoint({
  name: "auth.forgotPassword",
  method: "PUT",
  path: "/auth/forgotPassword",
  body: Schema.Struct({ email: FilledText }),
  response: MessageAnswer,
  access: { kind: "public" },
  description:
    "Mails a temporary password when the email belongs to an active user; answers the same either way.",
});

/**
 * The new password twice, and the current one: required from a signed-in user (a full session),
 * not from the change-only token of a forced change, whose login proved it.
 */
export const NewPassword = Schema.Struct({
  password: Schema.String,
  confirmPassword: Schema.String,
  currentPassword: Schema.optionalKey(Schema.String),
});
export type NewPassword = typeof NewPassword.Type;

export const upgradePassword = endpoint({
  name: "auth.upgradePassword",
  method: "PUT",
  path: "/auth/upgradePassword/:id",
  params: idParams(UserId),
  body: NewPassword,
  response: MessageAnswer,
  access: { kind: "passwordChange" },
  description:
    "Sets the caller's own new password (a signed-in user also gives the current one); ends every session of that user.",
});

export const logout = endpoint({
  name: "auth.logout",
  method: "POST",
  path: "/auth/logout",
  response: MessageAnswer,
  access: anySignedIn,
  description: "Revokes the caller's session.",
});

export const Health = Schema.Struct({ status: Schema.Literal("ok") });

export const health = endpoint({
  name: "health",
  method: "GET",
  path: "/health",
  response: Health,
  access: { kind: "public" },
  description: "Answers once the server and its database are ready.",
});

/** The signed-in user as the server knows them now (their role may have changed since login). */
export const SessionUser = Schema.Struct({
  id: UserId,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  rol: RoleName,
  /** An agency user's agency (the one whose users and reservations they see); null for staff. */
  agency: Schema.NullOr(Schema.Struct({ id: CatalogueItemId, name: Schema.String })),
});
export type SessionUser = typeof SessionUser.Type;

export const currentSession = endpoint({
  name: "auth.session",
  method: "GET",
  path: "/auth/session",
  response: SessionUser,
  access: anySignedIn,
  description:
    "Checks the caller's session (the panel does it when it restores a stored session) and answers its user.",
});
