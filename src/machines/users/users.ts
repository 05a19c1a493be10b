import { Schema } from "effect";
import { currentSession } from "../../api/auth.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { agencies } from "../../records/referenceData.ts";
import { UserId } from "../../api/ids.ts";
import { messages } from "../../api/messages.ts";
import {
  createUser,
  deleteUser,
  getUser,
  listAgencyUsers,
  listRoles,
  listUsers,
  type Role,
  resetUserPassword,
  type User,
  type UserPayload,
  updateUser,
  userProblems,
} from "../../api/users.ts";
import { createRecordFormMachine, type FormSource } from "../shared/recordForm.machine.ts";
import { createRecordListMachine, type ListSource } from "../shared/recordRows.ts";

/** A detail route's id as the record's id (the route admits only ids in range). */
const userId = Schema.decodeSync(UserId);

/** The users table's changePass command: mails the user a new temporary password. */
export const RESET_PASSWORD = "resetPassword";

/** A user as the list names them: first and last name. */
export const fullName = (user: User): string => `${user.first_name} ${user.last_name}`;

/**
 * Staff users, with the temporary password as a row command; sorted by any column, searched by
 * name, email and role, and (de)activated by saving the user with its version, so the user's
 * rules (never oneself, never the last active admin) judge each one.
 */
export const userListSource: ListSource<User> = {
  list: (client) => client.call(listUsers),
  remove: (client, id) => client.call(deleteUser, { params: { id } }),
  commands: { [RESET_PASSWORD]: { run: (client, id) => client.call(resetUserPassword, { params: { id } }) } },
  view: {
    sortKeys: {
      active: (user) => user.active,
      name: fullName,
      email: (user) => user.email,
      role: (user) => user.user_rol.name,
    },
    searchText: (user) => `${fullName(user)} ${user.email} ${user.user_rol.name}`,
    title: fullName,
    active: (user) => user.active,
  },
  setActive: (client, user, active) =>
    client.call(updateUser, {
      params: { id: user.id },
      body: {
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        roleId: user.role_id,
        agencyId: user.agency_id,
        active,
        version: user.version,
      },
    }),
};

/** What the user form offers: the roles of GET /roles, and the agencies an agency user may belong to. */
export interface UserOptions {
  readonly roles: ReadonlyArray<Role>;
  readonly agencies: ReadonlyArray<CatalogueItem>;
}

const trimmedUser = (payload: UserPayload): UserPayload => ({
  ...payload,
  firstName: payload.firstName.trim(),
  lastName: payload.lastName.trim(),
  email: payload.email.trim(),
});

/**
 * /panel/users_new and /panel/users/{id}: names, email and role checked by the contract's
 * `userProblems` (the rules the user's machine refuses with), the role chosen from GET /roles, an
 * agency user's agency from GET /agencies (the server refuses none with `select an agency`).
 */
export const userFormSource: FormSource<User, UserOptions, UserPayload> = {
  load: async (client, id) => {
    const [roles, agencyItems, item] = await Promise.all([
      client.call(listRoles),
      client.call(agencies.api.list),
      id === null ? null : client.call(getUser, { params: { id: userId(id) } }),
    ]);
    return { item, options: { roles, agencies: agencyItems } };
  },
  problems: (payload) => userProblems(payload),
  answeredFields: { [messages.emailInUse]: "email", [messages.unknownRole]: "roleId", [messages.selectAgency]: "agencyId" },
  save: (client, { id, version, draft }) =>
    id === null
      ? client.call(createUser, { body: trimmedUser(draft) })
      : client.call(updateUser, { params: { id: userId(id) }, body: { ...trimmedUser(draft), version } }),
};

/**
 * /panel/agency 'Mi agencia': the signed-in agency user's agency's users (GET /agencies/{id}/users,
 * the agency from GET /auth/session), read only; searched by name and email.
 */
export const agencyUsersSource: ListSource<User> = {
  list: async (client) => {
    const { agency } = await client.call(currentSession);
    return agency === null ? [] : client.call(listAgencyUsers, { params: { id: agency.id } });
  },
  view: {
    sortKeys: { active: (user) => user.active, name: fullName, email: (user) => user.email },
    searchText: (user) => `${fullName(user)} ${user.email}`,
    title: fullName,
    active: (user) => user.active,
  },
};

export const userListMachine = createRecordListMachine<User>(
  "userList",
  "The staff's (or an agency's own) users on the one list engine: read whole and paged in the panel, a temporary password and a delete per row after a dialog, deleted / activated / deactivated when ticked, exported.",
);

export const userFormMachine = createRecordFormMachine<User, UserOptions, UserPayload>();
