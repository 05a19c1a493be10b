import { UserEvent, userMachine } from "../../src/machines/domain/user.machine.ts";
import type { Queryable } from "../db/database.ts";
import type { RecordType } from "../events/command.ts";
import { toMachineEvent } from "../events/decode.ts";
import { nextStatus } from "../events/machine.ts";
import type { StoredEvent } from "../events/store.ts";
import type { Projection } from "../events/projection.ts";

export const userRecord: RecordType<typeof userMachine> = { stream: "user", table: "users", machine: userMachine };

const currentStatus = async (tx: Queryable, id: number): Promise<string | null> => {
  const [row] = await tx.query<{ status: string }>("select status from users where id = $1", [id]);
  return row?.status ?? null;
};

const apply = async (tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(UserEvent, stored);
  const id = Number(stored.streamId);
  const status = nextStatus(userMachine, await currentStatus(tx, id), event);
  if (status === null) throw new Error(`user ${id}: stored event ${stored.id} (${event.type}) does not apply`);
  const bookkeeping = [status, stored.version, stored.occurredAt, id] as const;
  switch (event.type) {
    case "user.create":
      await tx.query(
        `insert into users (status, version, created_at, id, updated_at, first_name, last_name, email, role_id,
           active, password_hash, change_password)
         values ($1, $2, $3, $4, $3, $5, $6, $7, $8, $9, $10, $11)`,
        [
          ...bookkeeping,
          event.firstName,
          event.lastName,
          event.email,
          event.roleId,
          event.active,
          event.passwordHash,
          event.changePassword,
        ],
      );
      return;
    case "user.issueTemporaryPassword":
      await tx.query(
        `update users set status = $1, version = $2, updated_at = $3,
           temp_password_hash = $5, temp_password_expires_at = $6 where id = $4`,
        [...bookkeeping, event.temporaryPasswordHash, new Date(event.expiresAt)],
      );
      return;
    case "user.resetPassword":
      await tx.query(
        `update users set status = $1, version = $2, updated_at = $3,
           temp_password_hash = $5, temp_password_expires_at = $6, change_password = true where id = $4`,
        [...bookkeeping, event.temporaryPasswordHash, new Date(event.expiresAt)],
      );
      return;
    case "user.changePassword":
      await tx.query(
        `update users set status = $1, version = $2, updated_at = $3, password_hash = $5,
           temp_password_hash = null, temp_password_expires_at = null, change_password = false where id = $4`,
        [...bookkeeping, event.passwordHash],
      );
      return;
    case "user.update":
      await tx.query(
        `update users set status = $1, version = $2, updated_at = $3,
           first_name = $5, last_name = $6, email = $7, role_id = $8 where id = $4`,
        [...bookkeeping, event.firstName, event.lastName, event.email, event.roleId],
      );
      return;
    case "user.activate":
    case "user.deactivate":
    case "user.delete":
      await tx.query(
        "update users set status = $1, version = $2, updated_at = $3, active = $5 where id = $4",
        [...bookkeeping, event.type === "user.activate"],
      );
      return;
  }
};

export const usersProjection: Projection = {
  stream: userRecord.stream,
  tables: ["users"],
  sequences: [{ table: "users", column: "id" }],
  apply,
};
