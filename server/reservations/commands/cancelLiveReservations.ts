import { Schema } from "effect";
import type { Queryable } from "../../db/database.ts";
import { queryRows } from "../../db/rows.ts";
import type { CommandOptions } from "../../events/command.ts";
import { decideReservation } from "../decide.ts";

/**
 * Cancels every live reservation of a departure for its cancellation's reason; the caller holds the
 * departure's lock. The operator cancels them: their events carry no penalty (decision 067).
 */
export const cancelLiveReservations = async (tx: Queryable, cruiseId: number, reason: string, options: CommandOptions): Promise<void> => {
  const live = await queryRows(
    tx,
    Schema.Struct({ id: Schema.Int }),
    "select id from reservations where cruise_id = $1 and status in ('reserved', 'waiting', 'confirmed') order by id",
    [cruiseId],
  );
  for (const { id } of live) await decideReservation(tx, id, { type: "reservation.cancel", reason }, options);
};
