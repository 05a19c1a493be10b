import { Schema } from "effect";
import type { AnyStateMachine, EventFromLogic } from "xstate";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import type { Queryable } from "../db/database.ts";
import { nextId, queryOne } from "../db/rows.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { project } from "./projection.ts";
import { refusedCommand } from "./refused.ts";
import { append, type StoredEvent } from "./store.ts";

/**
 * A kind of record whose life is ruled by a domain machine: its events go to `stream` and its
 * projection row (with `status` and `version` columns, keyed by `id`) lives in `table`.
 */
export interface RecordType<M extends AnyStateMachine> {
  readonly stream: string;
  readonly table: string;
  readonly machine: M;
}

export interface CommandOptions {
  readonly actorId: number | null;
  readonly occurredAt: Date;
}

/** The facts a record's machine decides with: what its events carry as `facts` (decision 017). */
export type FactsOf<M extends AnyStateMachine> = EventFromLogic<M> extends { readonly facts?: infer Facts } ? Facts : never;

/** What a command reads of a record's row before deciding. */
const RecordState = Schema.Struct({ status: Schema.String, version: Schema.Int });

/**
 * Decides one command inside the caller's transaction: loads the record's status and version,
 * lets its machine judge the event with the facts the caller loaded (a refusing guard answers
 * its message and status, and the endpoint keeps it as a refusal record: RefusedCommand; an event
 * the state does not take, 409 notAllowedNow), then appends the event and projects it. The
 * event's `type` is the event type; its other fields are the event data. Nothing is written
 * unless the machine accepts.
 */
export const decide = async <M extends AnyStateMachine>(
  tx: Queryable,
  record: RecordType<M>,
  streamId: string,
  event: EventFromLogic<M>,
  options: CommandOptions,
  facts: FactsOf<M> | null = null,
): Promise<StoredEvent> =>
  decideFrom(tx, record, streamId, await queryOne(tx, RecordState, `select status, version from ${record.table} where id = $1`, [streamId]), event, options, facts);

/** Decides one command on the record as `row` has it (null: no row, the record does not exist yet). */
const decideFrom = async <M extends AnyStateMachine>(
  tx: Queryable,
  record: RecordType<M>,
  streamId: string,
  row: typeof RecordState.Type | null,
  event: EventFromLogic<M>,
  options: CommandOptions,
  facts: FactsOf<M> | null,
): Promise<StoredEvent> => {
  const version = row?.version ?? 0;
  const verdict = judge(record.machine, row?.status ?? null, event, facts);
  // The facts were for deciding; the event store keeps only what was decided.
  const { type, facts: _decidedWith, ...data } = event;
  if (verdict.kind === "refused") {
    const state = row?.status ?? null;
    throw refusedCommand(record.machine, verdict.refusal, { stream: record.stream, streamId: row === null ? null : streamId, state, event: { ...data, type }, facts });
  }
  if (verdict.kind === "notAllowed") throw new ApiError(409, messages.notAllowedNow);
  const stored = await append(tx, {
    stream: record.stream,
    streamId,
    expectedVersion: version,
    type,
    data,
    actorId: options.actorId,
    occurredAt: options.occurredAt,
  });
  await project(tx, stored);
  return stored;
};

/**
 * Decides the command that creates a record (its `create` event) on a new stream whose id is the
 * next value of the record table's id sequence, and answers that id. Nothing holds that id yet (a
 * sequence never gives a value twice, and a rebuild sets it past every replayed id), so there is
 * no row to read before deciding: one round trip less for every record created (decision 104).
 */
export const decideNew = async <M extends AnyStateMachine>(
  tx: Queryable,
  record: RecordType<M>,
  event: EventFromLogic<M>,
  options: CommandOptions,
  facts: FactsOf<M> | null = null,
): Promise<number> => {
  const id = await nextId(tx, record.table);
  await decideCreated(tx, record, id, event, options, facts);
  return id;
};

/**
 * Decides the command that creates a record on `id`, which the caller has just taken from the
 * record table's id sequence (`nextId`) because the event names it (a reservation's code, its
 * spaces' numbers): like `decideNew`, from no row, without reading one.
 */
export const decideCreated = <M extends AnyStateMachine>(
  tx: Queryable,
  record: RecordType<M>,
  id: number,
  event: EventFromLogic<M>,
  options: CommandOptions,
  facts: FactsOf<M> | null = null,
): Promise<StoredEvent> => decideFrom(tx, record, String(id), null, event, options, facts);

/**
 * Refuses an edit made from a form loaded at another version of the record (409 'the record
 * changed since you opened it'): someone saved it since, and saving now would silently undo
 * their change. Called in the edit's transaction once the edit knows the record exists and is
 * the caller's (a missing or another agency's record is 404 whatever version is sent, so the
 * version tells nobody whether or at which version someone else's record is: decision 058). It
 * locks the record's row until the transaction ends, so the version cannot move between this
 * check and the edit's events; `read`, the version of what the edit read of the record before
 * this lock, must be it too, or a save that came in between made that read stale. A record
 * without a row yet (a list nobody has set) is at version 0.
 */
export const expectVersion = async (
  tx: Queryable,
  record: Pick<RecordType<AnyStateMachine>, "table">,
  streamId: string,
  version: number,
  read: number = version,
): Promise<void> => {
  const row = await queryOne(tx, RecordState, `select status, version from ${record.table} where id = $1 for update`, [streamId]);
  if ((row?.version ?? 0) !== version || read !== version) throw new ApiError(409, messages.stale);
};
