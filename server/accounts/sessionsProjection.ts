import { SessionEvent, staffSessionMachine } from "../../src/machines/domain/staffSession.machine.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection } from "../events/projection.ts";

export const sessionRecord: RecordType<typeof staffSessionMachine> = { stream: "session", table: "sessions", machine: staffSessionMachine };

/** Keyed by the stream id (a UUID): no sequence. */
export const sessionsProjection: Projection = recordProjection({
  record: sessionRecord,
  events: SessionEvent,
  key: "text",
  on: {
    "session.open": ({ event, insert }) =>
      insert({ user_id: event.userId, token_hash: event.tokenHash, kind: event.kind, expires_at: new Date(event.expiresAt), revoked: false }),
    "session.close": ({ update }) => update({ revoked: true }),
  },
});
