import { Schema } from "effect";
import { endpoint, everyRole, IdFromPath, type RoleName } from "./endpoint.ts";

/**
 * The records whose history can be read, and who may read it: the same people who may read the
 * record itself (PRODUCT.md section 5). A stream not listed here (sessions) has no readable history.
 */
export const historyReaders = {
  user: ["admin"],
  feeding: everyRole,
  activity: everyRole,
  courtesy: everyRole,
  itinerary: everyRole,
  lead: everyRole,
  banner: ["admin", "marketing"],
  callAction: ["admin", "marketing"],
} as const satisfies Record<string, ReadonlyArray<RoleName>>;

export type HistoryStream = keyof typeof historyReaders;

const streams = Object.keys(historyReaders) as ReadonlyArray<HistoryStream>;

export const HistoryStream = Schema.Literals(streams);

/** One field that an event changed; secrets (hashes, tokens) never appear. */
export const FieldChange = Schema.Struct({
  field: Schema.String,
  before: Schema.Json,
  after: Schema.Json,
});

/** One event of a record's life: what happened, when, by whom, and what changed. */
export const HistoryEntry = Schema.Struct({
  version: Schema.Int,
  type: Schema.String,
  occurredAt: Schema.String,
  actor: Schema.NullOr(Schema.Struct({ id: Schema.Int, firstName: Schema.String, lastName: Schema.String })),
  status: Schema.Struct({ before: Schema.NullOr(Schema.String), after: Schema.String }),
  changes: Schema.Array(FieldChange),
});
export type HistoryEntry = typeof HistoryEntry.Type;

export const recordHistory = endpoint({
  name: "history.get",
  method: "GET",
  path: "/history/:stream/:id",
  params: Schema.Struct({ stream: HistoryStream, id: IdFromPath }),
  response: Schema.Array(HistoryEntry),
  access: { kind: "session", roles: everyRole },
  description:
    "A record's events, oldest first, with their author and the fields they changed; readable by whoever may read the record.",
});
