import { Schema } from "effect";
import { setup } from "xstate";
import type { RoleName } from "../../api/endpoint.ts";
import { messages } from "../../api/messages.ts";
import type { ConfirmationProblem, PasswordProblem } from "./credentials.ts";
import { domainContext, domainSetup, factGuards, type FieldFacts, fieldGuards, final, holds, refusal, refuseIncomplete, refuseMalformed } from "./rules.ts";

/**
 * The events of a user's life. They are both what the machine decides on and what the event store
 * keeps (the `type` is the event type, the other fields its data), so a rebuild replays exactly
 * what was decided. Hashes travel here so that a rebuild reproduces them; no endpoint answers them.
 */
export const UserCreate = Schema.Struct({
  type: Schema.Literal("user.create"),
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  roleId: Schema.Int,
  /** The agency an agency user belongs to; left out (events before agencies) or null for staff. */
  agencyId: Schema.optionalKey(Schema.NullOr(Schema.Int)),
  active: Schema.Boolean,
  /** Null when the user starts with a temporary password (issued by the next event). */
  passwordHash: Schema.NullOr(Schema.String),
  changePassword: Schema.Boolean,
});

export const UserIssueTemporaryPassword = Schema.Struct({
  type: Schema.Literal("user.issueTemporaryPassword"),
  temporaryPasswordHash: Schema.String,
  /** ISO time, fixed when issued so that a rebuild gives the same expiry. */
  expiresAt: Schema.String,
});

/**
 * An admin's password reset (the users table's changePass action): a temporary password like
 * issueTemporaryPassword, and the change flag, so that the next login, with either password,
 * must choose a new one.
 */
export const UserResetPassword = Schema.Struct({
  type: Schema.Literal("user.resetPassword"),
  temporaryPasswordHash: Schema.String,
  expiresAt: Schema.String,
});

export const UserChangePassword = Schema.Struct({
  type: Schema.Literal("user.changePassword"),
  passwordHash: Schema.String,
});

export const UserUpdate = Schema.Struct({
  type: Schema.Literal("user.update"),
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  roleId: Schema.Int,
  agencyId: Schema.optionalKey(Schema.NullOr(Schema.Int)),
});

export const UserActivate = Schema.Struct({ type: Schema.Literal("user.activate") });
export const UserDeactivate = Schema.Struct({ type: Schema.Literal("user.deactivate") });
export const UserDelete = Schema.Struct({ type: Schema.Literal("user.delete") });

export const UserEvent = Schema.Union([
  UserCreate,
  UserIssueTemporaryPassword,
  UserResetPassword,
  UserChangePassword,
  UserUpdate,
  UserActivate,
  UserDeactivate,
  UserDelete,
]);
export type UserEvent = typeof UserEvent.Type;

/** Role ids as seeded by the first migration. */
export const roleIds: Readonly<Record<RoleName, number>> = { admin: 1, marketing: 2, sales: 3, agency: 4 };

/**
 * What the server loads before it decides a user command (decision 017): `fieldProblem` is the
 * user form's first problem (src/api/users.ts `userProblems`). A fact that does not concern the
 * command is false or null.
 */
export interface UserFacts extends FieldFacts {
  /** Another live (not deleted) user has the email. */
  readonly isEmailInUse: boolean;
  /** The role id names none of the seeded roles. */
  readonly isUnknownRole: boolean;
  /** The role is `agency` and no live, active agency is chosen (one the user already had may be inactive). */
  readonly isAgencyUnselected: boolean;
  /** The user is an active admin and no other active admin exists. */
  readonly isLastActiveAdmin: boolean;
  /** The user is the caller. */
  readonly isSelf: boolean;
  /**
   * On a password change from a full session: the current password was missing or wrong (a
   * forced change's token proved it at login). Absent when not in question.
   */
  readonly isCurrentPasswordWrong?: boolean;
  /** What the new password breaks (src/machines/domain/credentials.ts), on a password change. */
  readonly passwordProblem: PasswordProblem | null;
  /** What is wrong with its confirmation, on a password change. */
  readonly confirmationProblem: ConfirmationProblem | null;
}

/** Facts under which no rule of the user's machine refuses: each command sets those it loads. */
export const noUserFacts: UserFacts = {
  fieldProblem: null,
  isEmailInUse: false,
  isUnknownRole: false,
  isAgencyUnselected: false,
  isLastActiveAdmin: false,
  isSelf: false,
  isCurrentPasswordWrong: false,
  passwordProblem: null,
  confirmationProblem: null,
};

/** The rules of the user form, in the order the form reports them. */
const refusedDetails = [
  refuseIncomplete("Refused: a name, the email or the role is missing ('required_information')."),
  refuseMalformed("Refused: a field is longer than the form allows ('invalid information')."),
  refusal("hasMalformedEmail", 400, messages.invalidEmail, "Refused: the email does not look like one ('user_error')."),
  refusal("isUnknownRole", 400, messages.unknownRole, "Refused: the role does not exist."),
  refusal("isAgencyUnselected", 400, messages.selectAgency, "Refused: an agency user without a live agency ('select an agency')."),
  refusal("isEmailInUse", 409, messages.emailInUse, "Refused: another user has the email (a deleted user's email is free)."),
] as const;

const refusedLastAdmin = refusal("isLastActiveAdmin", 409, messages.lastAdmin, "Refused: the user is the last active admin.");

const refusedLastAdminDemoted = refusal("isLastActiveAdminDemoted", 409, messages.lastAdmin, "Refused: the change takes the admin role from the last active admin.");

const refusedSelf = refusal("isSelf", 409, messages.selfDelete, "Refused: nobody deletes their own user.");

/** The current password first, then the rules of SPEC.md section 5, in the order the change-password form reports them. */
const refusedPassword = [
  refusal("isCurrentPasswordWrong", 400, messages.currentPasswordWrong, "Refused: a signed-in user changing the password gave a missing or wrong current password."),
  refusal("isPasswordMissing", 400, messages.passwordRequired, "Refused: the new password is empty ('password_required')."),
  refusal("isPasswordOffPattern", 400, messages.passwordPattern, "Refused: the new password lacks an uppercase letter, a lowercase letter or a digit ('password_pattern')."),
  refusal("isPasswordTooShort", 400, messages.passwordTooShort, "Refused: the new password has fewer than 6 characters ('password_too_short')."),
  refusal("isPasswordTooLong", 400, messages.passwordTooLong, "Refused: the new password has more than 14 characters ('password_too_long')."),
  refusal("isConfirmationMissing", 400, messages.passwordRequired, "Refused: the confirmation is empty ('password_required')."),
  refusal("isConfirmationMismatched", 400, messages.passwordsDoNotMatch, "Refused: the confirmation differs from the new password ('passwords_do_not_match')."),
] as const;

export const userMachine = setup({
  ...domainSetup<UserEvent, UserFacts>(),
  guards: {
    ...fieldGuards,
    ...factGuards<UserFacts>()("isUnknownRole", "isAgencyUnselected", "isEmailInUse", "isLastActiveAdmin"),
    isLastActiveAdminDemoted: ({ event }) =>
      event.type === "user.update" && event.roleId !== roleIds.admin && holds(event, (facts) => facts.isLastActiveAdmin),
    isSelf: ({ event }) => holds(event, (facts) => facts.isSelf),
    isCurrentPasswordWrong: ({ event }) => holds(event, (facts) => facts.isCurrentPasswordWrong === true),
    isPasswordMissing: ({ event }) => holds(event, (facts) => facts.passwordProblem === "required"),
    isPasswordOffPattern: ({ event }) => holds(event, (facts) => facts.passwordProblem === "pattern"),
    isPasswordTooShort: ({ event }) => holds(event, (facts) => facts.passwordProblem === "tooShort"),
    isPasswordTooLong: ({ event }) => holds(event, (facts) => facts.passwordProblem === "tooLong"),
    isConfirmationMissing: ({ event }) => holds(event, (facts) => facts.confirmationProblem === "required"),
    isConfirmationMismatched: ({ event }) => holds(event, (facts) => facts.confirmationProblem === "mismatch"),
    isCreatedActive: ({ event }) => event.type === "user.create" && event.active,
  },
}).createMachine({
  id: "user",
  description: "A staff member's or an agency user's account, from creation to deletion.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such user yet.",
      on: {
        "user.create": [
          ...refusedDetails,
          { guard: "isCreatedActive", target: "active", description: "Created able to sign in." },
          { target: "inactive", description: "Created without access, to be activated later." },
        ],
      },
    },
    active: {
      description: "Can sign in.",
      on: {
        "user.issueTemporaryPassword": {
          target: "active",
          description: "A temporary password is mailed; the current password keeps working until it is used.",
        },
        "user.resetPassword": {
          target: "active",
          description: "An admin mails a temporary password; the next login must choose a new password.",
        },
        "user.changePassword": [
          ...refusedPassword,
          {
            target: "active",
            description: "The user sets a new password; the temporary one and the change flag are cleared.",
          },
        ],
        "user.update": [
          ...refusedDetails,
          refusedLastAdminDemoted,
          { target: "active", description: "Name, email or role change." },
        ],
        "user.deactivate": [
          refusedLastAdmin,
          { target: "inactive", description: "Access withdrawn; every session ends." },
        ],
        "user.delete": [
          refusedSelf,
          refusedLastAdmin,
          { target: "deleted", description: "Removed; every session ends." },
        ],
      },
    },
    inactive: {
      description: "Kept, but cannot sign in.",
      on: {
        "user.update": [...refusedDetails, { target: "inactive", description: "Name, email or role change." }],
        "user.issueTemporaryPassword": {
          target: "inactive",
          description: "A user created without access still gets the first temporary password, usable once activated.",
        },
        "user.resetPassword": {
          target: "inactive",
          description: "An admin prepares a new temporary password before giving access back.",
        },
        "user.activate": { target: "active", description: "Access given back." },
        "user.delete": [refusedSelf, { target: "deleted", description: "Removed." }],
      },
    },
    deleted: final("Gone from the panel; the row stays so that past comments keep their author."),
  },
});
