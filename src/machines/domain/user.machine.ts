import { Schema } from "effect";
import { setup } from "xstate";
import type { RoleName } from "../../api/endpoint.ts";

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
export const roleIds: Readonly<Record<RoleName, number>> = { admin: 1, marketing: 2, sales: 3 };

export const userMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as UserEvent,
  },
  guards: {
    isCreatedActive: ({ event }) => event.type === "user.create" && event.active,
  },
}).createMachine({
  id: "user",
  description: "A staff member's account, from creation to deletion.",
  context: {},
  initial: "absent",
  states: {
    absent: {
      description: "No such user yet.",
      on: {
        "user.create": [
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
        "user.changePassword": {
          target: "active",
          description: "The user sets a new password; the temporary one and the change flag are cleared.",
        },
        "user.update": { target: "active", description: "Name, email or role change." },
        "user.deactivate": { target: "inactive", description: "Access withdrawn; every session ends." },
        "user.delete": { target: "deleted", description: "Removed; every session ends." },
      },
    },
    inactive: {
      description: "Kept, but cannot sign in.",
      on: {
        "user.update": { target: "inactive", description: "Name, email or role change." },
        "user.issueTemporaryPassword": {
          target: "inactive",
          description: "A user created without access still gets the first temporary password, usable once activated.",
        },
        "user.resetPassword": {
          target: "inactive",
          description: "An admin prepares a new temporary password before giving access back.",
        },
        "user.activate": { target: "active", description: "Access given back." },
        "user.delete": { target: "deleted", description: "Removed." },
      },
    },
    deleted: {
      type: "final",
      description: "Gone from the panel; the row stays so that past comments keep their author.",
    },
  },
});

/** One event per guard branch, for the path-test generator. */
export const userMachineSampleEvents: ReadonlyArray<UserEvent> = [
  {
    type: "user.create",
    firstName: "Marta",
    lastName: "Andrade",
    email: "marta@example.com",
    roleId: roleIds.marketing,
    active: true,
    passwordHash: null,
    changePassword: true,
  },
  {
    type: "user.create",
    firstName: "Diego",
    lastName: "Cevallos",
    email: "diego@example.com",
    roleId: roleIds.sales,
    active: false,
    passwordHash: null,
    changePassword: true,
  },
  { type: "user.issueTemporaryPassword", temporaryPasswordHash: "$argon2id$sample", expiresAt: "2030-01-01T00:00:00.000Z" },
  { type: "user.resetPassword", temporaryPasswordHash: "$argon2id$sample", expiresAt: "2030-01-01T00:00:00.000Z" },
  { type: "user.changePassword", passwordHash: "$argon2id$sample" },
  { type: "user.update", firstName: "Marta", lastName: "Andrade", email: "marta@example.com", roleId: roleIds.admin },
  { type: "user.activate" },
  { type: "user.deactivate" },
  { type: "user.delete" },
];
