import { Schema } from "effect";
import type { Change } from "../../src/api/changes.ts";
import type { RoleName } from "../../src/api/endpoint.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";

/** A change with who may hear it: everyone, staff, or staff and one agency. */
export interface ScopedChange {
  readonly change: Change;
  /** The event's stream: a departure's own change (`cruise`) or its berths' (`reservation`). */
  readonly stream: string;
  /** null: every signed-in user; else staff, and the agency when one is named. */
  readonly agencyId: number | null | "staff";
}

/** Whether a viewer may hear a change: staff hear everything, an agency user departures and its own reservations. */
export const mayHear = (viewer: { readonly role: RoleName; readonly agencyId: number | null }, scoped: ScopedChange): boolean => {
  if (viewer.role !== "agency") return true;
  return scoped.agencyId === null || (scoped.agencyId !== "staff" && scoped.agencyId === viewer.agencyId);
};

const EventRow = Schema.Struct({
  id: Schema.Int,
  stream: Schema.String,
  stream_id: Schema.String,
  cruise_id: Schema.NullOr(Schema.Int),
  agency_id: Schema.NullOr(Schema.Int),
  /** A payment's reservation. */
  reservation_id: Schema.NullOr(Schema.Int),
});

/** An event of the log as a look reads it: which record's stream it belongs to. */
const LoggedEvent = Schema.Struct({ id: Schema.Int, stream: Schema.String, stream_id: Schema.String });

/** A look's events not heard yet, and the log's last id. */
const FreshEvents = Schema.Struct({ last_id: Schema.Int, events: Schema.Array(LoggedEvent) });

/** The departure, agency and (for a payment) reservation a reservation's, payment's or passenger's events are heard by. */
const ScopeRow = Schema.Struct({
  stream: Schema.String,
  id: Schema.Int,
  cruise_id: Schema.NullOr(Schema.Int),
  agency_id: Schema.NullOr(Schema.Int),
  reservation_id: Schema.NullOr(Schema.Int),
});

/**
 * The streams whose events are heard by a departure or an agency, each with the read of its
 * records' rows by key (`$n`: the ids). A look reads only the streams its events belong to: after a
 * hold, the reservation's read alone, 0.28 ms on the embedded database where the union of the
 * three took 0.70, mostly planning the two reads it did not need (decision 141).
 */
const SCOPE_READS = new Map<string, (parameter: number) => string>([
  ["reservation", (n) => `select 'reservation' as stream, r.id, r.cruise_id, r.agency_id, null::int as reservation_id from reservations r where r.id = any($${n}::int[])`],
  [
    "payment",
    (n) =>
      `select 'payment' as stream, p.id, r.cruise_id, p.agency_id, p.reservation_id from payments p join reservations r on r.id = p.reservation_id where p.id = any($${n}::int[])`,
  ],
  ["passenger", (n) => `select 'passenger' as stream, p.id, null::int as cruise_id, p.agency_id, null::int as reservation_id from passengers p where p.id = any($${n}::int[])`],
]);

/** What one stored event tells the viewers. */
const changesOf = (row: typeof EventRow.Type): ReadonlyArray<ScopedChange> => {
  const id = Number(row.stream_id);
  const { stream } = row;
  if (stream === "cruise") return [{ change: { kind: "departure", cruiseId: id }, agencyId: null, stream }];
  if (stream === "lead") return [{ change: { kind: "lead", leadId: id }, agencyId: "staff", stream }];
  if (stream === "passenger") return [{ change: { kind: "passenger", passengerId: id }, agencyId: row.agency_id ?? "staff", stream }];
  if (stream === "reservation" && row.cruise_id !== null) {
    return [
      { change: { kind: "departure", cruiseId: row.cruise_id }, agencyId: null, stream },
      { change: { kind: "reservation", reservationId: id, cruiseId: row.cruise_id }, agencyId: row.agency_id ?? "staff", stream },
    ];
  }
  // a payment recorded, reported, verified, rejected, voided or refunded changes its reservation's account (decision 076)
  if (stream === "payment" && row.reservation_id !== null && row.cruise_id !== null) {
    return [{ change: { kind: "reservation", reservationId: row.reservation_id, cruiseId: row.cruise_id }, agencyId: row.agency_id ?? "staff", stream }];
  }
  return [];
};

/** Each change once: a reservation held, confirmed and paid in a replay's time is one change to read again, not three. */
export const distinctChanges = (changes: ReadonlyArray<ScopedChange>): ReadonlyArray<ScopedChange> => [
  ...new Map(changes.map((scoped) => [JSON.stringify([scoped.agencyId, scoped.change]), scoped])).values(),
];

/** How far back each look goes again: an event whose id was taken earlier but committed later is still seen. */
const LOOK_BACK = 200;

/**
 * How soon after this server's commit its viewers are told: at the next turn of the event loop, so
 * that the commits of a busy moment (holds at 32 clients) share a look. Longer waits gained nothing
 * more and let a test's emptied log grow past the cursor before a look saw it (decision 141).
 */
const NUDGE_MS = 0;

/** How many of the log's newest events a late stream's replay looks at, at most (its plan reads the log's key, not the log). */
const REPLAY_EVENTS = 1000;

export interface ChangeFeed {
  /** Hears every change from now on; answers the way to stop hearing. */
  subscribe(listener: (changes: ReadonlyArray<ScopedChange>) => void): () => void;
  /**
   * This server has just committed a change: the log is read after NUDGE_MS instead of at the
   * next interval, so this server's viewers hear it at once (other servers' at their next look).
   */
  nudge(): void;
  /**
   * Hears, before it resolves, every change another server committed before it was asked: the log
   * is read now when the database's change count moved since the last look by a write that is not
   * this server's own. What is answered after it (a departure's kept berths) is then never older
   * than an acknowledged write of another server. Without a change count (one writer: this
   * process) there is nothing to catch up.
   */
  catchUp(): Promise<void>;
  /**
   * The changes of the events that occurred at or after `from` (by the server's clock, as each
   * event was stamped), within the log's newest thousand: what a viewer whose stream opened late
   * (its screens read before, or its stream dropped) missed.
   */
  changedSince(from: Date): Promise<ReadonlyArray<ScopedChange>>;
  stop(): Promise<void>;
}

/**
 * The live changes of departures, reservations, leads and passengers, read from the event log: every
 * `intervalMs`, while anyone listens, the events after the last one seen (and a few before it,
 * for ids committed out of order) are turned into changes. Reading the log makes it work the same
 * on PGlite and on PostgreSQL with several servers: each server tells its own listeners what any
 * server wrote (decision 038).
 */
export const createChangeFeed = (
  db: Queryable,
  intervalMs: number,
  log: (error: unknown) => void,
  changeCount: (() => Promise<number>) | null = null,
  committedHere: ((after: number, upTo: number) => boolean) | null = null,
): ChangeFeed => {
  const listeners = new Set<(changes: ReadonlyArray<ScopedChange>) => void>();
  const seen = new Set<number>();
  let cursor: number | null = null;
  /** The change count read before the last look's events: every write it counts was heard. */
  let heardUpTo = -1;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();

  /**
   * How far behind the cursor a look reads again. Several servers take event ids and commit in any
   * order; one writer (this process, its transactions one at a time) commits each id before the
   * next is taken, so nothing can appear behind what it has read.
   */
  const lookBack = changeCount === null ? 0 : LOOK_BACK;

  /**
   * The events `recent` picks (a CTE of the log's id, stream and stream_id, ordered by id) with the
   * log's last id, in one statement (a look that finds nothing new is one round trip); then, only
   * when some are a reservation's, a payment's or a passenger's, their departure and agency, each
   * row read by its own key, in a second. One statement for both took 1.7-2.2 ms to plan on the
   * embedded database for 0.3-0.4 ms of work, at every look, as PostgreSQL kept choosing a custom
   * plan for its eight subqueries; the events alone plan in about 0.5 ms (decision 116). Joined on
   * the text of the id (or planned as a join), the scope read every reservation and passenger, 14 ms
   * a look at ten times the demo: each is read by its key.
   */
  const eventsOf = async (recent: string, parameters: ReadonlyArray<unknown>) => {
    const [found] = await queryRows(
      db,
      FreshEvents,
      `with recent as materialized (${recent})
       select (select coalesce(max(id), 0)::int from events) as last_id,
              coalesce((select json_agg(json_build_object('id', e.id, 'stream', e.stream, 'stream_id', e.stream_id) order by e.id) from recent e), '[]') as events`,
      parameters,
    );
    const events = found?.events ?? [];
    const idsOf = (stream: string) => events.filter((event) => event.stream === stream).map((event) => Number(event.stream_id));
    const scoped = [...SCOPE_READS].flatMap(([stream, read]) => {
      const ids = idsOf(stream);
      return ids.length === 0 ? [] : [{ read, ids }];
    });
    const scopes =
      scoped.length === 0
        ? []
        : await queryRows(
            db,
            ScopeRow,
            scoped.map(({ read }, at) => read(at + 1)).join("\n           union all\n           "),
            scoped.map(({ ids }) => ids),
          );
    const scopeOf = new Map(scopes.map((scope) => [`${scope.stream} ${scope.id}`, scope]));
    return {
      last_id: found?.last_id ?? 0,
      events: events.map((event): typeof EventRow.Type => {
        const scope = scopeOf.get(`${event.stream} ${event.stream_id}`);
        return { ...event, cruise_id: scope?.cruise_id ?? null, agency_id: scope?.agency_id ?? null, reservation_id: scope?.reservation_id ?? null };
      }),
    };
  };

  /**
   * The newest events not `seen` yet, by the log's key alone. The events looked at again behind the
   * cursor and already heard are left out before their rows are read (a look after another
   * server's write read 200 of them again, 1.7 ms at ten times the demo).
   */
  const eventsAfter = (id: number) =>
    eventsOf("select id, stream, stream_id from events where id > $1 and id <> all($2::int[]) order by id limit 1000", [
      Math.max(0, id - lookBack),
      [...seen],
    ]);

  /**
   * The log's last id and the ids of the look back's window behind it, in one statement (one
   * snapshot): what is already in the log when the first listener comes is not news, while an id
   * in that window committed later still is.
   */
  const logEnd = async (): Promise<{ readonly last: number; readonly ids: ReadonlyArray<number> }> => {
    const found = await queryOne(
      db,
      Schema.Struct({ last_id: Schema.Int, ids: Schema.Array(Schema.Int) }),
      `select (select coalesce(max(id), 0)::int from events) as last_id,
              coalesce((select array_agg(id::int) from events where id > (select coalesce(max(id), 0) from events) - $1), '{}') as ids`,
      [lookBack],
    );
    return { last: found?.last_id ?? 0, ids: found?.ids ?? [] };
  };

  const look = async (): Promise<void> => {
    const count = changeCount === null ? -1 : await changeCount();
    if (cursor === null) {
      const end = await logEnd();
      for (const id of end.ids) seen.add(id);
      cursor = end.last;
      heardUpTo = count;
      return;
    }
    let found = await eventsAfter(cursor);
    // A log emptied and started again (a test's fresh database) has its new ids below the cursor.
    if (found.last_id < cursor) {
      cursor = Math.max(0, found.last_id - LOOK_BACK);
      seen.clear();
      found = await eventsAfter(cursor);
    }
    // Events of streams nobody watches tell nothing (changesOf) but move the cursor on.
    const fresh = found.events;
    for (const row of fresh) seen.add(row.id);
    cursor = Math.max(cursor, ...fresh.map((row) => row.id));
    // the next look reads after `cursor - lookBack` only: what is behind it needs no skipping, and
    // each id skipped is one more element of the statement's array (decision 141)
    for (const id of seen) if (id <= cursor - lookBack) seen.delete(id);
    const changes = fresh.flatMap(changesOf);
    if (changes.length > 0) for (const listener of listeners) listener(changes);
    heardUpTo = Math.max(heardUpTo, count);
  };

  let looking = false;
  let lookAgain = false;
  /** Whether the timer set is a look soon after a commit (`lookSoon`), not the interval's. */
  let soon = false;
  const clearTimer = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    soon = false;
  };
  /** Looks now (one look at a time: a look asked for during another follows it soon after), then waits the interval. */
  const lookNow = (): void => {
    if (looking) {
      lookAgain = true;
      return;
    }
    clearTimer();
    looking = true;
    running = look()
      .catch(log)
      .finally(() => {
        looking = false;
        if (lookAgain && listeners.size > 0) {
          lookAgain = false;
          lookSoon();
        } else schedule();
      });
  };

  /**
   * Looks after NUDGE_MS: the commits of that moment are read in one look, not one look each
   * (decision 141). A look is never put off by a later commit, only brought forward.
   */
  const lookSoon = (): void => {
    if (looking) {
      lookAgain = true;
      return;
    }
    if (soon) return;
    clearTimer();
    soon = true;
    // lookNow clears the timer and `soon` as it starts
    timer = setTimeout(lookNow, NUDGE_MS);
  };

  const schedule = (): void => {
    if (listeners.size === 0 || timer !== null || looking) return;
    timer = setTimeout(() => {
      timer = null;
      lookNow();
    }, intervalMs);
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      if (cursor === null) lookNow();
      else schedule();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        // nobody listens: the next listener starts from the log's end, not from here
        cursor = null;
        seen.clear();
        clearTimer();
      };
    },
    nudge: () => {
      if (listeners.size > 0 && cursor !== null) lookSoon();
    },
    catchUp: async () => {
      if (changeCount === null || listeners.size === 0) return;
      const count = await changeCount();
      // this server's own writes are told by the commands that made them (the berth index's `touch`)
      // or at the next look, as on the embedded database: only another server's are waited for (decision 101)
      const heard = () => heardUpTo >= count || (committedHere?.(heardUpTo, count) ?? false);
      // a look under way may have read the count before this one: it is awaited, and one more is asked
      // only when it did not hear the writes counted. None is asked during another (it would follow it
      // unawaited, still reading after this resolves). A look that failed is not retried here (it is logged).
      for (let tries = 0; tries < 2 && !heard() && listeners.size > 0; tries += 1) {
        while (looking) await running;
        if (heard() || listeners.size === 0) break;
        lookNow();
        await running;
      }
    },
    changedSince: async (from) => {
      const found = await eventsOf(
        `select id, stream, stream_id from events
          where id > (select coalesce(max(id), 0) from events) - ${REPLAY_EVENTS} and occurred_at >= $1 order by id`,
        [from.toISOString()],
      );
      return distinctChanges(found.events.flatMap(changesOf));
    },
    stop: async () => {
      listeners.clear();
      clearTimer();
      await running;
    },
  };
};
