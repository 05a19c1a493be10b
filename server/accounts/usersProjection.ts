import { UserEvent, type UserUpdate, userMachine } from "../../src/machines/domain/user.machine.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection, type Writing } from "../events/projection.ts";

export const userRecord: RecordType<typeof userMachine> = { stream: "user", table: "users", machine: userMachine };

/** Who a user is and what they may do, as a creation and an edit both set it. */
const personColumns = (event: Pick<typeof UserUpdate.Type, "firstName" | "lastName" | "email" | "roleId" | "agencyId">) => ({
  first_name: event.firstName,
  last_name: event.lastName,
  email: event.email,
  role_id: event.roleId,
  agency_id: event.agencyId ?? null,
});

/** A temporary password issued or reset: its hash and when it expires. */
const temporaryPassword = (
  { event, update }: Writing<{ readonly temporaryPasswordHash: string; readonly expiresAt: string }>,
  more: Readonly<Record<string, unknown>> = {},
) => update({ temp_password_hash: event.temporaryPasswordHash, temp_password_expires_at: new Date(event.expiresAt), ...more });

export const usersProjection: Projection = recordProjection({
  record: userRecord,
  events: UserEvent,
  on: {
    "user.create": ({ event, insert }) =>
      insert({ ...personColumns(event), active: event.active, password_hash: event.passwordHash, change_password: event.changePassword }),
    "user.issueTemporaryPassword": (writing) => temporaryPassword(writing),
    // A reset makes the next sign-in choose a new password, whichever password it uses.
    "user.resetPassword": (writing) => temporaryPassword(writing, { change_password: true }),
    "user.changePassword": ({ event, update }) =>
      update({ password_hash: event.passwordHash, temp_password_hash: null, temp_password_expires_at: null, change_password: false }),
    "user.update": ({ event, update }) => update(personColumns(event)),
    "user.activate": ({ update }) => update({ active: true }),
    "user.deactivate": ({ update }) => update({ active: false }),
    "user.delete": ({ update }) => update({ active: false }),
  },
});
