import { Schema } from "effect";
import { anySignedIn, endpoint, RoleName, recordEndpoints } from "./endpoint.ts";
import { Count, CruiseId, PositiveIntFromText, SerialId, SerialIdFromText, UserId } from "./ids.ts";
import { Instant, SpaceState } from "./reservations.ts";

/**
 * Why a command was refused (issue 40, decision 071): every command a domain machine's guard
 * refused for a signed-in caller is kept as a refusal record, with the caller, the command, the
 * guard that refused, the rule in the machine's words and the facts the machine read. The refused
 * answer names it (`meta.refusalId`, src/api/messages.ts), so the panel can ask why.
 */
export const RefusalId = SerialId.pipe(Schema.brand("RefusalId"));
export type RefusalId = typeof RefusalId.Type;

export const DEFAULT_REFUSALS_PAGE_SIZE = 50;

/** A machine's or a guard's name, as the machines spell them (`reservation`, `isCabinUnavailable`). */
const RuleName = Schema.String.check(Schema.isPattern(/^[a-zA-Z][a-zA-Z0-9]{0,59}$/));

export const RefusalsQuery = Schema.Struct({
  /** The refusals of commands about this departure. */
  cruiseId: Schema.optionalKey(SerialIdFromText),
  /** The refusals this machine judged (`reservation`) ... */
  machine: Schema.optionalKey(RuleName),
  /** ... by this guard (`isCabinUnavailable`). */
  guard: Schema.optionalKey(RuleName),
  /** Refused at or after this instant. */
  from: Schema.optionalKey(Instant),
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(200))),
});
export type RefusalsQuery = typeof RefusalsQuery.Type;

export const RefusalSummary = Schema.Struct({
  id: RefusalId,
  /** When it was refused (an instant). */
  at: Schema.String,
  caller: Schema.Struct({
    userId: UserId,
    name: Schema.String,
    role: RoleName,
    agencyId: Schema.NullOr(SerialId),
    agencyName: Schema.NullOr(Schema.String),
  }),
  /** The record's stream (`reservation`, `cruise` ...) and id; null: the command would have made the record. */
  stream: Schema.String,
  streamId: Schema.NullOr(Schema.String),
  /** The event the command asked for (`reservation.hold`). */
  command: Schema.String,
  /** The machine that judged (`reservation`, `space` ...). */
  machine: Schema.String,
  /** The guard that refused (`isCabinUnavailable`): the rule's name. */
  guard: Schema.String,
  message: Schema.String,
  /** The refusing transition's description, in English: the flows' translations give it in Spanish. */
  rule: Schema.String,
  cruiseId: Schema.NullOr(CruiseId),
});
export type RefusalSummary = typeof RefusalSummary.Type;

/** A space a cabin asked for held when the command was refused; another agency's without its code. */
export const HeldSpace = Schema.Struct({
  state: SpaceState,
  genderName: Schema.String,
  reservationCode: Schema.NullOr(Schema.String),
});

export const Refusal = Schema.Struct({
  ...RefusalSummary.fields,
  /** The record's state then (null: none yet). */
  state: Schema.NullOr(Schema.String),
  /** The command's data (secrets left out). */
  data: Schema.Json,
  /** The facts the machine read; for an agency user, another agency's reservations named by no id. */
  facts: Schema.Json,
  /** The cabins the command asked for, in names, with what each held then. */
  cabins: Schema.Array(Schema.Struct({ cabinId: SerialId, cabinName: Schema.String, held: Schema.Array(HeldSpace) })),
});
export type Refusal = typeof Refusal.Type;

const refusals = recordEndpoints({ resource: "refusals", singular: "Refusal", id: RefusalId, readers: anySignedIn });

export const listRefusals = refusals.list({
  query: RefusalsQuery,
  response: Schema.Array(RefusalSummary),
  description:
    "One page of refused commands (meta: total, page, pageSize), newest first: of departure `cruiseId`, judged by machine `machine` and refused by guard `guard`, refused at or after `from` (an instant). Each names its caller, the command, the guard that refused, its message and the rule in words. An agency user lists its own agency's only.",
});

/** How many refusals one guard of a machine made, and when the last one was. */
export const GuardRefusals = Schema.Struct({
  guard: Schema.String,
  count: Count,
  /** The newest one's instant. */
  lastAt: Schema.String,
});
export type GuardRefusals = typeof GuardRefusals.Type;

export const countRefusals = endpoint({
  name: "refusals.guards",
  method: "GET",
  path: "/refusals/guards",
  query: Schema.Struct({ machine: RuleName }),
  response: Schema.Array(GuardRefusals),
  access: anySignedIn,
  description:
    "How many refused commands each guard of machine `machine` (`reservation`) made, with the newest one's instant, the guards that refused most first: what the flows page links each guard to. An agency user counts its own agency's only.",
});

export const getRefusal = refusals.get({
  response: Refusal,
  description:
    "One refused command: who, when, the command and its data, the guard that refused, the rule in words, the facts the machine read and the cabins it asked for with what they held. An agency user reads its own agency's only (else 404), and sees other agencies' reservations without their code or id.",
});

export const refusalEndpoints = [listRefusals, countRefusals, getRefusal];
