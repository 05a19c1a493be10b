import { Schema } from "effect";
import type { BerthRequest } from "../../src/machines/domain/berths.ts";
import { noReservationFacts, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { decideReservation } from "./decide.ts";
import { type Caller, cabinsOf, type DepartureRow, defaultTimeLimit, departureFacts, liveSpacesOf, spaceTypes, toBerthCabin, toLive } from "./facts.ts";

const WaitingRow = Schema.Struct({ reservation_id: Schema.Int, cabin_id: Schema.Int, gender_id: Schema.Int, charter: Schema.Boolean });

/**
 * Promotes the departure's waiting list, first come first served: each waiting reservation whose
 * spaces now fit holds them, with a fresh time limit. Runs in the transaction that freed berths.
 */
export const promoteWaiting = async (tx: Queryable, departure: DepartureRow, caller: Pick<Caller, "now" | "policy">): Promise<number> => {
  const waiting = await queryRows(
    tx,
    WaitingRow,
    `select s.reservation_id, s.cabin_id, s.gender_id, s.charter from spaces s join reservations r on r.id = s.reservation_id
      where s.cruise_id = $1 and s.status = 'waiting' order by r.created_at, r.id, s.id`,
    [departure.id],
  );
  const cabins = (await cabinsOf(tx, departure.yacht_id)).map(toBerthCabin);
  const { children } = await spaceTypes(tx);
  let promoted = 0;
  for (const reservationId of [...new Set(waiting.map((space) => space.reservation_id))]) {
    const own = waiting.filter((space) => space.reservation_id === reservationId);
    const request: BerthRequest = {
      reservationId,
      charter: own.some((space) => space.charter),
      cabins: [...new Set(own.map((space) => space.cabin_id))].map((cabinId) => ({
        cabinId,
        spaces: own.filter((space) => space.cabin_id === cabinId).map((space) => ({ genderId: space.gender_id })),
      })),
    };
    const live = (await liveSpacesOf(tx, departure.id)).map(toLive);
    const promotion = { type: "reservation.promote", timeLimit: defaultTimeLimit(departure, caller).toISOString() } as const;
    const facts = { ...noReservationFacts, clock: caller.now.getTime(), departure: departureFacts(departure), cabins, live, childTypes: [...children], request };
    // berths that do not fit it yet: it keeps waiting, and the next in line is tried
    if (judge(reservationMachine, "waiting", promotion, facts).kind !== "accepted") continue;
    await decideReservation(tx, reservationId, promotion, { actorId: null, occurredAt: caller.now }, facts);
    promoted += 1;
  }
  return promoted;
};
