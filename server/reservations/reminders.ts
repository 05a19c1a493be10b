import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";
import { decideReservation } from "./decide.ts";

const DueRow = Schema.Struct({ id: Schema.Int, cruise_id: Schema.Int });

const ReminderRow = Schema.Struct({ id: Schema.Int, cruise_id: Schema.Int, code: Schema.String, email: Schema.NullOr(Schema.String), time_limit: Schema.Date });

/** A reminder to mail: the executive's address, the reservation's code and its time limit. */
export interface Reminder {
  readonly to: string;
  readonly code: string;
  readonly timeLimit: Date;
}

/**
 * Marks the holds whose time limit is within a day as reminded, once each, and answers the
 * reminders to mail once their transactions have committed (a mail sent inside one could not be
 * taken back if it rolled back). Each hold is marked in its own short transaction, as expiry does:
 * a hundred reminders in one would hold the embedded database (one statement at a time) for
 * everyone's requests meanwhile; `skip locked` leaves a hold another server is marking to it.
 */
export const remindDue = async (
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  now: Date,
): Promise<ReadonlyArray<Reminder>> => {
  const within = new Date(now.getTime() + 24 * 3_600_000);
  const due = await queryRows(
    db,
    DueRow,
    "select id, cruise_id from reservations where status = 'reserved' and not reminded and time_limit > $1 and time_limit <= $2 order by time_limit, id limit 100",
    [now, within],
  );
  const reminders: Reminder[] = [];
  for (const { id } of due) {
    const reminder = await db.transaction(async (tx) => {
      const row = await queryOne(
        tx,
        ReminderRow,
        `select r.id, r.cruise_id, r.code, u.email, r.time_limit from reservations r left join users u on u.id = r.executive_id
          where r.id = $1 and r.status = 'reserved' and not r.reminded and r.time_limit > $2 and r.time_limit <= $3
          for update of r skip locked`,
        [id, now, within],
      );
      if (row === null) return null;
      await decideReservation(tx, row.id, { type: "reservation.remind" }, { actorId: null, occurredAt: now });
      return row.email === null ? null : { to: row.email, code: row.code, timeLimit: row.time_limit };
    });
    if (reminder !== null) reminders.push(reminder);
  }
  return reminders;
};
