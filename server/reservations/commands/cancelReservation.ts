import type { ReservationId } from "../../../src/api/ids.ts";
import { reasonProblem } from "../../../src/api/reservations.ts";
import type { Queryable } from "../../db/database.ts";
import { decideReservation, lockReservation } from "../decide.ts";
import { type Caller, commandOptions } from "../facts.ts";
import { promoteWaiting } from "../promotion.ts";

/** Cancels a live reservation for a reason; the berths it frees promote the waiting list in the same transaction. */
export const cancelReservation = async (tx: Queryable, id: ReservationId, reason: string, caller: Caller): Promise<void> => {
  const { departure } = await lockReservation(tx, id, caller.session);
  await decideReservation(tx, id, { type: "reservation.cancel", reason: reason.trim() }, commandOptions(caller), { fieldProblem: reasonProblem(reason) });
  await promoteWaiting(tx, departure, caller);
};
