import { Schema } from "effect";
import { endpoint, everyRole, RoleName } from "./endpoint.ts";
import { CruiseId, idFromPath, PositiveIntFromText, SerialId, SerialIdFromText, UserId } from "./ids.ts";
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

export const RefusalsQuery = Schema.Struct({
  /** The refusals of commands about this departure. */
  cruiseId: Schema.optionalKey(SerialIdFromText),
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
  /** The guard that refused (`isCabinUnavailable`): the rule's name. */
  guard: Schema.String,
  message: Schema.String,
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
  /** The machine that judged (`reservation`, `space` ...) and the record's state then (null: none yet). */
  machine: Schema.String,
  state: Schema.NullOr(Schema.String),
  /** The refusing transition's description, in English: the flows' translations give it in Spanish. */
  rule: Schema.String,
  /** The command's data (secrets left out). */
  data: Schema.Json,
  /** The facts the machine read; for an agency user, another agency's reservations named by no id. */
  facts: Schema.Json,
  /** The cabins the command asked for, in names, with what each held then. */
  cabins: Schema.Array(Schema.Struct({ cabinId: SerialId, cabinName: Schema.String, held: Schema.Array(HeldSpace) })),
});
export type Refusal = typeof Refusal.Type;

export const listRefusals = endpoint({
  name: "refusals.list",
  method: "GET",
  path: "/refusals",
  query: RefusalsQuery,
  response: Schema.Array(RefusalSummary),
  access: { kind: "session", roles: ["admin", "sales"] },
  description:
    "One page of refused commands (meta: total, page, pageSize), newest first: of departure `cruiseId`, refused at or after `from` (an instant). Each names its caller, the command, the guard that refused and its message.",
});

export const getRefusal = endpoint({
  name: "refusals.get",
  method: "GET",
  path: "/refusals/:id",
  params: Schema.Struct({ id: idFromPath(RefusalId) }),
  response: Refusal,
  access: { kind: "session", roles: everyRole },
  description:
    "One refused command: who, when, the command and its data, the guard that refused, the rule in words, the facts the machine read and the cabins it asked for with what they held. An agency user reads its own agency's only (else 404), and sees other agencies' reservations without their code or id.",
});

export const refusalEndpoints = [listRefusals, getRefusal];
