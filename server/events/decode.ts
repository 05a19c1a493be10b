import { Schema } from "effect";
import type { StoredEvent } from "./store.ts";
import { upcastEventData } from "./upcast.ts";

const EventData = Schema.Record(Schema.String, Schema.Unknown);

/**
 * Turns a stored event back into the machine event it was decided as (type + data), its fields
 * under today's names (upcast.ts).
 */
export const toMachineEvent = <S extends Schema.Codec<{ readonly type: string }, unknown>>(
  schema: S,
  event: StoredEvent,
): S["Type"] =>
  Schema.decodeUnknownSync(schema)({ ...upcastEventData(event.type, Schema.decodeUnknownSync(EventData)(event.data)), type: event.type });
