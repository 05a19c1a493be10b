import { Schema } from "effect";
import { anyStaff, endpoint, RoleName } from "./endpoint.ts";
import { CatalogueItemId, RoleId, UserId } from "./ids.ts";
import { RecordVersion } from "./versions.ts";

// A user as answered, and the sales users' list: apart from the users' screens' contract
// (./users.ts re-exports them), which the leads' list, reading only these, does not load.

/** A role as GET /roles answers it; `name` is what login answers as `rol`. */
export const Role = Schema.Struct({ id: RoleId, name: RoleName });
export type Role = typeof Role.Type;

/** A staff user as the users endpoints answer it (SPEC.md section 3, snake_case as there). */
export const User = Schema.Struct({
  id: UserId,
  first_name: Schema.String,
  last_name: Schema.String,
  email: Schema.String,
  role_id: RoleId,
  user_rol: Role,
  /** The agency an agency user belongs to; null for staff. */
  agency_id: Schema.NullOr(CatalogueItemId),
  active: Schema.Boolean,
  version: RecordVersion,
});
export type User = typeof User.Type;

export const listSalesUsers = endpoint({
  name: "users.sales",
  method: "GET",
  path: "/users/getSalesUsers",
  response: Schema.Array(User),
  access: anyStaff,
  description: "Active sales users, for the lead assignment menu.",
});
