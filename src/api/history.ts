import { Schema } from "effect";
import { anyStaff, endpoint, type RoleName, staffRoles } from "./endpoint.ts";
import { Int4, SerialIdFromText, UserId } from "./ids.ts";

/**
 * The records of this contract whose history can be read, and who may read it: the same people
 * who may read the record itself (PRODUCT.md section 5). Declared records (src/records) add their
 * own stream with their readers; a stream listed nowhere (sessions) has no readable history.
 */
export const historyReaders: Readonly<Record<string, ReadonlyArray<RoleName>>> = {
  user: ["admin"],
  itinerary: staffRoles,
  lead: staffRoles,
  banner: ["admin", "marketing"],
  callAction: ["admin", "marketing"],
  cruise: staffRoles,
  // an agency user reads its reservations, not their history: the history call knows no agency
  reservation: staffRoles,
  passenger: staffRoles,
};

/** A record's event stream as it travels in the path: a name, checked against the readers. */
export const HistoryStream = Schema.String.check(Schema.isPattern(/^[a-zA-Z]{1,40}$/));
export type HistoryStream = typeof HistoryStream.Type;

/** One field that an event changed; secrets (hashes, tokens) never appear. */
export const FieldChange = Schema.Struct({
  field: Schema.String,
  before: Schema.Json,
  after: Schema.Json,
});

/** One event of a record's life: what happened, when, by whom, and what changed. */
export const HistoryEntry = Schema.Struct({
  version: Int4,
  type: Schema.String,
  occurredAt: Schema.String,
  actor: Schema.NullOr(Schema.Struct({ id: UserId, firstName: Schema.String, lastName: Schema.String })),
  status: Schema.Struct({ before: Schema.NullOr(Schema.String), after: Schema.String }),
  changes: Schema.Array(FieldChange),
});
export type HistoryEntry = typeof HistoryEntry.Type;

export const recordHistory = endpoint({
  name: "history.get",
  method: "GET",
  path: "/history/:stream/:id",
  params: Schema.Struct({ stream: HistoryStream, id: SerialIdFromText }),
  response: Schema.Array(HistoryEntry),
  access: anyStaff,
  description:
    "A record's events, oldest first, with their author and the fields they changed; readable by whoever may read the record.",
});
