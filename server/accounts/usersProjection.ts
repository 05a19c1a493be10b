import { UserEvent, type UserUpdate, userMachine } from "../../src/machines/domain/user.machine.ts";
import type { RecordType } from "../events/command.ts";
import { insertRow, type Projection, recordProjection, updateRow } from "../events/projection.ts";

export const userRecord: RecordType<typeof userMachine> = { stream: "user", table: "users", machine: userMachine };

/** Who a user is and what they may do, as a creation and an edit both set it. */
const personColumns = (event: Pick<typeof UserUpdate.Type, "firstName" | "lastName" | "email" | "roleId" | "agencyId">) => ({
  first_name: event.firstName,
  last_name: event.lastName,
  email: event.email,
  role_id: event.roleId,
  agency_id: event.agencyId ?? null,
});

export const usersProjection: Projection = recordProjection({
  record: userRecord,
  events: UserEvent,
  apply: async (tx, event, row) => {
    switch (event.type) {
      case "user.create":
        return insertRow(tx, userRecord.table, row, {
          ...personColumns(event),
          active: event.active,
          password_hash: event.passwordHash,
          change_password: event.changePassword,
        });
      case "user.issueTemporaryPassword":
      case "user.resetPassword":
        return updateRow(tx, userRecord.table, row, {
          temp_password_hash: event.temporaryPasswordHash,
          temp_password_expires_at: new Date(event.expiresAt),
          // A reset makes the next sign-in choose a new password, whichever password it uses.
          ...(event.type === "user.resetPassword" ? { change_password: true } : {}),
        });
      case "user.changePassword":
        return updateRow(tx, userRecord.table, row, {
          password_hash: event.passwordHash,
          temp_password_hash: null,
          temp_password_expires_at: null,
          change_password: false,
        });
      case "user.update":
        return updateRow(tx, userRecord.table, row, personColumns(event));
      case "user.activate":
      case "user.deactivate":
      case "user.delete":
        return updateRow(tx, userRecord.table, row, { active: event.type === "user.activate" });
    }
  },
});
