import { SessionEvent, staffSessionMachine } from "../../src/machines/domain/staffSession.machine.ts";
import type { Queryable } from "../db/database.ts";
import type { RecordType } from "../events/command.ts";
import { toMachineEvent } from "../events/decode.ts";
import { nextStatus } from "../events/machine.ts";
import type { StoredEvent } from "../events/store.ts";
import type { Projection } from "../events/projection.ts";

export const sessionRecord: RecordType<typeof staffSessionMachine> = {
  stream: "session",
  table: "sessions",
  machine: staffSessionMachine,
};

const apply = async (tx: Queryable, stored: StoredEvent): Promise<void> => {
  const event = toMachineEvent(SessionEvent, stored);
  const [row] = await tx.query<{ status: string }>("select status from sessions where id = $1", [stored.streamId]);
  const status = nextStatus(staffSessionMachine, row?.status ?? null, event);
  if (status === null) throw new Error(`session ${stored.streamId}: stored event ${stored.id} does not apply`);
  if (event.type === "session.open") {
    await tx.query(
      `insert into sessions (id, user_id, token_hash, kind, expires_at, revoked, status, version, created_at, updated_at)
       values ($1, $2, $3, $4, $5, false, $6, $7, $8, $8)`,
      [
        stored.streamId,
        event.userId,
        event.tokenHash,
        event.kind,
        new Date(event.expiresAt),
        status,
        stored.version,
        stored.occurredAt,
      ],
    );
    return;
  }
  await tx.query("update sessions set revoked = true, status = $2, version = $3, updated_at = $4 where id = $1", [
    stored.streamId,
    status,
    stored.version,
    stored.occurredAt,
  ]);
};

export const sessionsProjection: Projection = {
  stream: sessionRecord.stream,
  tables: ["sessions"],
  sequences: [],
  apply,
};
