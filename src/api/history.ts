import { Schema } from "effect";
import { anySignedIn, endpoint, everyRole, type RoleName, staffRoles } from "./endpoint.ts";
import { Int4, MAX_ID, UserId } from "./ids.ts";

/**
 * The records of this contract whose history can be read, and who may read it: the same people
 * who may read the record itself (PRODUCT.md section 5). Declared records (src/records) add their
 * own stream with their readers; a stream listed nowhere (sessions) has no readable history.
 */
export const historyReaders: Readonly<Record<string, ReadonlyArray<RoleName>>> = {
  user: ["admin"],
  // who signed in and when, and each sign-in's end: the users' administrator's audit
  session: ["admin"],
  itinerary: staffRoles,
  lead: staffRoles,
  banner: ["admin", "marketing"],
  callAction: ["admin", "marketing"],
  recommendations: ["admin", "marketing"],
  yachtPage: staffRoles,
  cruise: staffRoles,
  // an agency user reads the history of its own agency's reservations and passengers only
  reservation: everyRole,
  passenger: everyRole,
  // money (decision 062): staff who handle it, an agency user its own agency's payments
  payment: ["admin", "sales", "agency"],
  moneyPolicy: ["admin"],
};

/** A record's event stream as it travels in the path: a name, checked against the readers. */
export const HistoryStream = Schema.String.check(Schema.isPattern(/^[a-zA-Z]{1,40}$/));
export type HistoryStream = typeof HistoryStream.Type;

/**
 * A record's stream id as it travels in the path: a serial id (`16`), a yacht's page
 * (`3/technical_info`, encoded), a named list (`home`) or a sign-in (a UUID).
 */
export const HistoryStreamId = Schema.String.check(
  Schema.isPattern(/^(?:[1-9][0-9]{0,9}(?:\/[a-z_]{1,40})?|[a-z][a-zA-Z]{0,39}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/u),
  // a serial id is one its column holds
  Schema.makeFilter((id) => !/^[0-9]/.test(id) || Number(id.split("/")[0]) <= MAX_ID),
);

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
  params: Schema.Struct({ stream: HistoryStream, id: HistoryStreamId }),
  response: Schema.Array(HistoryEntry),
  access: anySignedIn,
  description:
    "A record's events, oldest first, with their author and the fields they changed; readable by whoever may read the record.",
});
