import { Schema } from "effect";
import { UserId } from "../api/ids.ts";
import {
  createUser,
  deleteUser,
  getUser,
  listRoles,
  listUsers,
  type Role,
  resetUserPassword,
  type User,
  type UserPayload,
  updateUser,
  userProblems,
} from "../api/users.ts";
import { createRecordFormMachine, type FormSource } from "./recordForm.machine.ts";
import { createRecordListMachine, type ListSource } from "./recordList.machine.ts";

/** A detail route's id as the record's id (the route admits only ids in range). */
const userId = Schema.decodeSync(UserId);

/** The users table's changePass command: mails the user a new temporary password. */
export const RESET_PASSWORD = "resetPassword";

/** Staff users, with the temporary password as a row command. */
export const userListSource: ListSource<User> = {
  list: (client) => client.call(listUsers),
  remove: (client, id) => client.call(deleteUser, { params: { id } }),
  commands: { [RESET_PASSWORD]: (client, id) => client.call(resetUserPassword, { params: { id } }) },
};

/** What the user form offers: the roles of GET /roles. */
export interface UserOptions {
  readonly roles: ReadonlyArray<Role>;
}

const trimmedUser = (payload: UserPayload): UserPayload => ({
  ...payload,
  firstName: payload.firstName.trim(),
  lastName: payload.lastName.trim(),
  email: payload.email.trim(),
});

/**
 * /panel/users_new and /panel/users/{id}: names, email and role checked by the contract's
 * `userProblems` (the rules the user's machine refuses with), the role chosen from GET /roles.
 */
export const userFormSource: FormSource<User, UserOptions, UserPayload> = {
  load: async (client, id) => {
    const [roles, item] = await Promise.all([
      client.call(listRoles),
      id === null ? null : client.call(getUser, { params: { id: userId(id) } }),
    ]);
    return { item, options: { roles } };
  },
  problems: (payload) => userProblems(payload),
  save: (client, { id, draft }) =>
    id === null
      ? client.call(createUser, { body: trimmedUser(draft) })
      : client.call(updateUser, { params: { id: userId(id) }, body: trimmedUser(draft) }),
};

export const userListMachine = createRecordListMachine<User>();

export const userFormMachine = createRecordFormMachine<User, UserOptions, UserPayload>();
