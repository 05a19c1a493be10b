import type { ReservationId } from "../../../src/api/ids.ts";
import type { Queryable } from "../../db/database.ts";
import { decideReservation, lockReservation } from "../decide.ts";
import { type Caller, commandOptions, ownSpaces } from "../facts.ts";

/** Deletes a reservation that has no live space left, as the machine allows (DOMAIN.md section 5). */
export const deleteReservation = async (tx: Queryable, id: ReservationId, caller: Caller): Promise<void> => {
  const { reservation } = await lockReservation(tx, id, caller.session);
  await decideReservation(tx, id, { type: "reservation.delete" }, commandOptions(caller), { spaces: ownSpaces(reservation) });
};
