import type { ReservationId } from "../../../src/api/ids.ts";
import { reasonProblem } from "../../../src/api/reservations.ts";
import type { Queryable } from "../../db/database.ts";
import { cancellationPenaltyCents } from "../../money/penalties.ts";
import { decideReservation, lockReservation } from "../decide.ts";
import { type Caller, commandOptions } from "../facts.ts";
import { promoteWaiting } from "../promotion.ts";

/**
 * Cancels a live reservation for a reason; a sale keeps its cancellation penalty (decision 067),
 * stored on the event. The berths it frees promote the waiting list in the same transaction.
 */
export const cancelReservation = async (tx: Queryable, id: ReservationId, reason: string, caller: Caller): Promise<void> => {
  const { reservation, departure } = await lockReservation(tx, id, caller.session);
  const penaltyCents = await cancellationPenaltyCents(tx, reservation, null, caller.now);
  await decideReservation(tx, id, { type: "reservation.cancel", reason: reason.trim(), penaltyCents }, commandOptions(caller), { fieldProblem: reasonProblem(reason) });
  await promoteWaiting(tx, departure, caller);
};
