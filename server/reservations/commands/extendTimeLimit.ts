import type { ReservationId } from "../../../src/api/ids.ts";
import type { Queryable } from "../../db/database.ts";
import { decideReservation, lockReservation } from "../decide.ts";
import { agencyExtensionsOf, type Caller, commandOptions, departureFacts, timeLimitOf } from "../facts.ts";

/** Moves a held reservation's time limit, within the policy (an agency user: a limited number of times). */
export const extendTimeLimit = async (tx: Queryable, id: ReservationId, timeLimit: string, caller: Caller): Promise<void> => {
  const { reservation, departure } = await lockReservation(tx, id, caller.session);
  const asked = Date.parse(timeLimit);
  await decideReservation(tx, id, { type: "reservation.extend", timeLimit: Number.isNaN(asked) ? timeLimit : new Date(asked).toISOString() }, commandOptions(caller), {
    clock: caller.now.getTime(),
    policy: caller.policy,
    departure: departureFacts(departure),
    currentTimeLimit: timeLimitOf(reservation),
    caller: caller.session.role === "agency" ? "agency" : "staff",
    agencyExtensions: await agencyExtensionsOf(tx, id),
  });
};
