import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";
import { decideReservation } from "./decide.ts";
import { type Caller, lockDeparture } from "./facts.ts";
import { promoteWaiting } from "./promotion.ts";

const DueRow = Schema.Struct({ id: Schema.Int, cruise_id: Schema.Int });

/**
 * Cancels the holds whose time limit has passed and promotes their departures' waiting lists,
 * each in its own transaction. Several servers may run this at once: a due reservation is taken
 * under its departure's lock and then its own with `skip locked`, and its machine accepts the
 * expiry only while it is held, so each expires exactly once. Answers how many expired.
 */
export const expireDue = async (
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  caller: Pick<Caller, "now" | "policy">,
): Promise<number> => {
  const due = await queryRows(
    db,
    DueRow,
    "select id, cruise_id from reservations where status = 'reserved' and time_limit <= $1 order by time_limit, id limit 100",
    [caller.now],
  );
  let expired = 0;
  for (const { id, cruise_id } of due) {
    expired += await db.transaction(async (tx) => {
      const departure = await lockDeparture(tx, cruise_id);
      const still = await queryOne(
        tx,
        DueRow,
        "select id, cruise_id from reservations where id = $1 and status = 'reserved' and time_limit <= $2 for update skip locked",
        [id, caller.now],
      );
      if (departure === null || still === null) return 0;
      const timeLimit = await queryOne(tx, Schema.Struct({ time_limit: Schema.NullOr(Schema.Date) }), "select time_limit from reservations where id = $1", [id]);
      await decideReservation(tx, id, { type: "reservation.expire" }, { actorId: null, occurredAt: caller.now }, {
        clock: caller.now.getTime(),
        currentTimeLimit: timeLimit?.time_limit?.getTime() ?? null,
      });
      await promoteWaiting(tx, departure, caller);
      return 1;
    });
  }
  return expired;
};
