import { Schema } from "effect";
import type { BerthCabin, BerthRequest, LiveSpace } from "../../src/machines/domain/berths.ts";
import { noReservationFacts, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { decideReservation } from "./decide.ts";
import { type Caller, cabinsOf, type DepartureRow, defaultTimeLimit, departureFacts, liveSpacesOf, spaceTypes, toBerthCabin, toLive } from "./facts.ts";

const WaitingRow = Schema.Struct({ reservation_id: Schema.Int, cabin_id: Schema.Int, gender_id: Schema.Int, charter: Schema.Boolean });

/** A waiting space of a departure, as promoting reads it. */
export type WaitingSpace = typeof WaitingRow.Type;

/**
 * A waiting reservation's promotion with the departure's live spaces as they stand (its own
 * waiting spaces asked again, with a fresh time limit), or null while its berths do not fit.
 */
export const promotionOf = (
  reservationId: number,
  own: ReadonlyArray<WaitingSpace>,
  departure: DepartureRow,
  berths: { readonly cabins: ReadonlyArray<BerthCabin>; readonly children: ReadonlySet<number>; readonly live: ReadonlyArray<LiveSpace> },
  caller: Pick<Caller, "now" | "policy">,
) => {
  const request: BerthRequest = {
    reservationId,
    charter: own.some((space) => space.charter),
    cabins: [...new Set(own.map((space) => space.cabin_id))].map((cabinId) => ({
      cabinId,
      spaces: own.filter((space) => space.cabin_id === cabinId).map((space) => ({ genderId: space.gender_id })),
    })),
  };
  const event = { type: "reservation.promote", timeLimit: defaultTimeLimit(departure, caller).toISOString() } as const;
  const facts = {
    ...noReservationFacts,
    clock: caller.now.getTime(),
    departure: departureFacts(departure),
    cabins: berths.cabins,
    live: berths.live,
    childTypes: [...berths.children],
    request,
  };
  return judge(reservationMachine, "waiting", event, facts).kind === "accepted" ? { event, facts } : null;
};

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
    const live = (await liveSpacesOf(tx, departure.id)).map(toLive);
    // berths that do not fit it yet: it keeps waiting, and the next in line is tried
    const promotion = promotionOf(reservationId, own, departure, { cabins, children, live }, caller);
    if (promotion === null) continue;
    await decideReservation(tx, reservationId, promotion.event, { actorId: null, occurredAt: caller.now }, promotion.facts);
    promoted += 1;
  }
  return promoted;
};
