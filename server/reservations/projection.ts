import { ReservationEvent, type ReservationHold, type ReservationOpening, type ReservationWaitlist, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { EXPIRY_REASON, type SpaceEvent, spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { nextStatus } from "../../src/machines/domain/verdict.ts";
import { Schema } from "effect";
import { livePrice } from "../../src/machines/domain/pricing.ts";
import type { Queryable } from "../db/database.ts";
import { execute, queryOne, queryRows } from "../db/rows.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection, type RowState, type Writing } from "../events/projection.ts";
import { StoredLine } from "./price.ts";

export const reservationRecord: RecordType<typeof reservationMachine> = { stream: "reservation", table: "reservations", machine: reservationMachine };

/** The space states an event may move, each to where the space machine takes it. */
const spaceStates = ["reserved", "waiting", "confirmed"] as const;

/**
 * Moves the reservation's spaces (or one of them) by a space event, each from its state to the
 * state the space machine answers; a space the event does not apply to stays.
 */
const moveSpaces = async (
  tx: Queryable,
  row: RowState,
  event: SpaceEvent,
  cancelReason: string | null,
  spaceId: number | null = null,
): Promise<void> => {
  for (const from of spaceStates) {
    const to = nextStatus(spaceMachine, from, event);
    if (to === null) continue;
    await execute(
      tx,
      `update spaces set status = $1, cancel_reason = coalesce($2, cancel_reason), updated_at = $3
        where reservation_id = $4 and status = $5 and ($6::int is null or id = $6)`,
      [to, to === "canceled" ? cancelReason : null, row.at, row.id, from, spaceId],
    );
  }
};

const PricedRow = Schema.Struct({ lines: Schema.Array(StoredLine) });
const SpaceIdRow = Schema.Struct({ id: Schema.Int });

/**
 * The reservation's price after its spaces changed: the sum of its live spaces' lines, the lines
 * of canceled spaces kept struck (pricing.ts, `livePrice`), in cents (decision 082).
 */
const reprice = async (tx: Queryable, reservationId: number): Promise<void> => {
  const stored = await queryOne(tx, PricedRow, "select lines from reservations where id = $1", [reservationId]);
  if (stored === null) return;
  const live = await queryRows(tx, SpaceIdRow, "select id from spaces where reservation_id = $1 and status <> 'canceled'", [reservationId]);
  const { lines, ...price } = livePrice(stored.lines, new Set(live.map(({ id }) => id)));
  await execute(tx, "update reservations set price = $1::jsonb, lines = $2::jsonb where id = $3", [
    JSON.stringify(price),
    JSON.stringify(lines),
    reservationId,
  ]);
};

/** Adds a cancel's penalty (decision 067) to what the reservation's cancellations keep; one stored before it kept none. */
const keepPenalty = (tx: Queryable, row: RowState, penaltyCents: number | undefined): Promise<void> =>
  execute(tx, "update reservations set penalty_cents = penalty_cents + $1 where id = $2", [penaltyCents ?? 0, row.id]);

const openingColumns = (opening: ReservationOpening) => ({
  code: opening.code,
  cruise_id: opening.cruiseId,
  agency_id: opening.agencyId,
  type: opening.reservationType,
  executive_id: opening.executiveId,
  time_limit: opening.timeLimit,
  notes: opening.notes,
  price: opening.price,
  lines: JSON.stringify(opening.lines ?? []),
});

const insertSpaces = async (tx: Queryable, row: RowState, opening: ReservationOpening, status: string): Promise<void> => {
  for (const space of opening.spaces) {
    await execute(
      tx,
      `insert into spaces (id, reservation_id, cruise_id, cabin_id, gender_id, charter, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [space.id, row.id, opening.cruiseId, space.cabinId, space.genderId, opening.reservationType === "charter", status, row.at],
    );
  }
};

/** A reservation opened, held or on the waiting list: its row and its spaces, which take the matching state. */
const opened = async ({ tx, event, row, insert }: Writing<typeof ReservationHold.Type | typeof ReservationWaitlist.Type>) => {
  const { type, ...opening } = event;
  await insert(openingColumns(opening));
  return insertSpaces(tx, row, opening, nextStatus(spaceMachine, "available", { type: type === "reservation.hold" ? "space.hold" : "space.wait" }) ?? "");
};

/**
 * Owns the spaces too: a rebuild empties both and replays them, the spaces' ids included; and the
 * spaces' counts by departure, cabin and state, which triggers on spaces keep as they are written
 * (migration 031): emptied with them, counted again from the replayed rows.
 */
const projection = recordProjection({
  record: reservationRecord,
  events: ReservationEvent,
  alsoFills: ["spaces", "held_spaces"],
  on: {
    "reservation.hold": (writing) => opened(writing),
    "reservation.waitlist": (writing) => opened(writing),
    "reservation.confirm": async ({ tx, event, row, update }) => {
      await update(event.terms === undefined ? {} : { terms: event.terms });
      return moveSpaces(tx, row, { type: "space.confirm" }, null);
    },
    "reservation.extend": async ({ tx, event, row, update }) => {
      await update({ time_limit: event.timeLimit });
      return execute(tx, "update reservations set extensions = extensions + 1 where id = $1", [row.id]);
    },
    "reservation.remind": ({ update }) => update({ reminded: true }),
    "reservation.expire": async ({ tx, row, update }) => {
      await update({ cancel_reason: EXPIRY_REASON, canceled_at: row.at });
      await moveSpaces(tx, row, { type: "space.expire" }, EXPIRY_REASON);
      return reprice(tx, Number(row.id));
    },
    "reservation.promote": async ({ tx, event, row, update }) => {
      await update({ time_limit: event.timeLimit, reminded: false });
      return moveSpaces(tx, row, { type: "space.promote" }, null);
    },
    "reservation.cancel": async ({ tx, event, row, update }) => {
      await update({ cancel_reason: event.reason, canceled_at: row.at });
      await keepPenalty(tx, row, event.penaltyCents);
      await moveSpaces(tx, row, { type: "space.cancel", reason: event.reason }, event.reason);
      return reprice(tx, Number(row.id));
    },
    "space.cancel": async ({ tx, event, row, update }) => {
      await update(event.last ? { cancel_reason: event.reason, canceled_at: row.at } : {});
      await keepPenalty(tx, row, event.penaltyCents);
      await moveSpaces(tx, row, { type: "space.cancel", reason: event.reason }, event.reason, event.spaceId);
      return reprice(tx, Number(row.id));
    },
    "reservation.waivePenalty": ({ update }) => update({ penalty_cents: 0 }),
    "reservation.remindBalance": async ({ tx, event, row, update }) => {
      await update();
      return execute(tx, "update reservations set balance_reminders = array_append(balance_reminders, $1) where id = $2", [event.reminder, row.id]);
    },
    "space.assign": async ({ tx, event, row, update }) => {
      await update();
      return execute(tx, "update spaces set passenger_id = $1, updated_at = $2 where id = $3 and reservation_id = $4", [
        event.passengerId,
        row.at,
        event.spaceId,
        row.id,
      ]);
    },
    "reservation.update": async ({ tx, event, row, update }) => {
      await update({ notes: event.notes, price: event.price, lines: JSON.stringify(event.lines ?? []) });
      // the added spaces take the reservation's state: held, confirmed or waiting like its others
      for (const space of event.added) {
        await execute(
          tx,
          `insert into spaces (id, reservation_id, cruise_id, cabin_id, gender_id, charter, status, created_at, updated_at)
             select $1, r.id, r.cruise_id, $2, $3, r.type = 'charter', $4, $5, $5 from reservations r where r.id = $6`,
          [space.id, space.cabinId, space.genderId, row.status, row.at, row.id],
        );
      }
      await execute(tx, "delete from spaces where reservation_id = $1 and cabin_id = any($2::int[]) and status = 'canceled'", [
        row.id,
        event.removedCabins,
      ]);
      return reprice(tx, Number(row.id));
    },
    "reservation.delete": ({ update }) => update(),
  },
});

export const reservationsProjection: Projection = {
  ...projection,
  sequences: [...projection.sequences, { table: "spaces", column: "id" }],
};
