/**
 * Replaying stored events outside a projection (decision 071): a record's events read in stored
 * order, and its machine's status after each, as a past instant's answers are worked out from the
 * log (a departure's plan and grid, the fleet's catalogue as it was then).
 */
import { Schema } from "effect";
import type { AnyStateMachine, EventFromLogic } from "xstate";
import { nextStatus, snapshotAt } from "../../src/machines/domain/verdict.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import { EventRow, eventColumns, type StoredEvent, toStoredEvent } from "./store.ts";

/** Events as one JSON text (`json_agg`), as a rebuild reads them (decision 055): PGlite hands one value over far sooner than many rows. */
const EventPage = Schema.Struct({
  page: Schema.NullOr(Schema.fromJsonString(Schema.Array(Schema.Struct({ ...EventRow.fields, occurred_at: Schema.DateFromString })))),
});

/** The events `where` selects (over `events e`), in the order they were stored. */
export const eventsWhere = async (db: Queryable, where: string, params: ReadonlyArray<unknown>): Promise<ReadonlyArray<StoredEvent>> =>
  ((await queryOne(db, EventPage, `select json_agg(e order by e.id)::text as page from (select ${eventColumns} from events e where ${where}) e`, params))?.page ?? []).map(
    toStoredEvent,
  );

/**
 * A record machine's next status for replayed events, worked out once per transition: the guards
 * pick the transition an event takes (cheaply: no action runs), and every event taking the same
 * transition reaches the same status (a domain machine keeps no context but a refusal, verdict.ts),
 * as a rebuild's creates do (decision 045). Replaying a quarter's grid ran the machines thousands
 * of times, most of its time.
 */
export const replayStatuses = <M extends AnyStateMachine>(machine: M): ((status: string | null, event: EventFromLogic<M>) => string | null) => {
  const logic: AnyStateMachine = machine;
  const byTransition = new Map<unknown, string | null>();
  return (status, event) => {
    const transitions = logic.getTransitionData(snapshotAt(logic, status), event);
    const [taken] = transitions;
    if (taken === undefined || transitions.length > 1) return nextStatus(machine, status, event);
    if (!byTransition.has(taken)) byTransition.set(taken, nextStatus(machine, status, event));
    return byTransition.get(taken) ?? null;
  };
};

