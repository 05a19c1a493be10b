/**
 * Cancellation penalties (DOMAIN.md section 10, decision 067). A cancel's penalty is worked out
 * by `penaltyOf` (src/machines/domain/money.ts) from the raw facts loaded here under the
 * reservation's lock (the due the cancel takes away, the departure day, the terms it was sold on,
 * the clock) and stored on the cancel event; an admin's waiver is the reservation machine's
 * decision. This file never answers a rule's message itself.
 */
import { Schema } from "effect";
import type { ReservationId } from "../../src/api/ids.ts";
import { reasonProblem } from "../../src/api/reservations.ts";
import type { MoneyPolicyView } from "../../src/api/money.ts";
import { type ConfirmedTerms, dueOf, penaltyOf, type PriceCents } from "../../src/machines/domain/money.ts";
import { livePrice, type QuoteLine } from "../../src/machines/domain/pricing.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne } from "../db/rows.ts";
import { decideReservation, lockReservation } from "../reservations/decide.ts";
import { type Bookings, commandOptions } from "../reservations/facts.ts";
import { StoredLine, withTickets } from "../reservations/price.ts";
import type { StoredReservation } from "../reservations/reads.ts";
import { confirmedTerms, dueCentsOf, keptPenaltyCents, readMoneyPolicy } from "./facts.ts";
import type { MoneyCaller } from "./money.ts";

const LinesRow = Schema.Struct({ lines: Schema.Array(StoredLine) });
const FlightsRow = Schema.Struct({ total_cents: Schema.Int });

/** The spaces of a reservation that stay when one of its spaces leaves. */
export const stayingSpaces = (reservation: Bookings, spaceId: number): ReadonlySet<number> =>
  new Set(reservation.bookings.flatMap(({ spaces }) => spaces.filter((space) => space.state !== "canceled" && space.id !== spaceId).map(({ id }) => id)));

/**
 * What a space's leaving lowers its reservation's due by, in cents: the due now less the due of
 * the spaces that stay (their lines, as the projection reprices them, and `tickets`, their
 * passengers' air tickets in cents). A line priced for a whole cabin or yacht stays while any of
 * its spaces does, so a space of a family room or a charter takes nothing away while others stay,
 * and keeps nothing.
 */
export const spaceShareOf = (
  reservation: Pick<StoredReservation, "agencyId"> & { readonly priceCents: PriceCents } & Bookings,
  spaceId: number,
  lines: ReadonlyArray<QuoteLine>,
  ticketsCents: number,
): number => {
  const { lines: _lines, ...staying } = livePrice(lines, stayingSpaces(reservation, spaceId));
  return dueCentsOf(reservation) - dueOf(withTickets(staying, ticketsCents), reservation.agencyId);
};

const spaceShareCents = async (tx: Queryable, reservation: StoredReservation, spaceId: number): Promise<number> => {
  const stored = await queryOne(tx, LinesRow, "select lines from reservations where id = $1", [reservation.id]);
  const flights = await queryOne(
    tx,
    FlightsRow,
    `select coalesce(sum((f.line->>'totalCents')::bigint), 0)::int as total_cents from passenger_flights f
      where f.reservation_id = $1 and exists (select 1 from spaces s where s.reservation_id = f.reservation_id
        and s.passenger_id = f.passenger_id and s.status <> 'canceled' and s.id <> $2)`,
    [reservation.id, spaceId],
  );
  return spaceShareOf(reservation, spaceId, stored?.lines ?? [], flights?.total_cents ?? 0);
};

/**
 * The penalty cancelling a reservation or one of its spaces keeps at `now`, in cents, from the
 * due the cancel takes away (`canceledDueCents`), the policy and the terms it was sold on.
 */
export const cancellationPenaltyOf = (
  reservation: Pick<StoredReservation, "type" | "state" | "startDate">,
  canceledDueCents: number,
  policy: MoneyPolicyView,
  terms: ConfirmedTerms | null,
  now: Date,
): number =>
  penaltyOf({ canceledDueCents, type: reservation.type, state: reservation.state, startDate: reservation.startDate, policy, terms }, now.getTime());

/**
 * The penalty cancelling a reservation (`spaceId` null) or one of its spaces keeps now, in cents,
 * from the facts loaded under its lock: the command stores it on its event.
 */
export const cancellationPenaltyCents = async (tx: Queryable, reservation: StoredReservation, spaceId: number | null, now: Date): Promise<number> =>
  cancellationPenaltyOf(
    reservation,
    spaceId === null ? dueCentsOf(reservation) : await spaceShareCents(tx, reservation, spaceId),
    await readMoneyPolicy(tx),
    await confirmedTerms(tx, reservation.id),
    now,
  );

/**
 * An admin waives the penalty a reservation's cancellations keep, all of it, for a reason: the
 * reservation machine refuses one keeping none; what was paid of it becomes refund due.
 */
export const waivePenalty = async (tx: Queryable, id: ReservationId, reason: string, caller: MoneyCaller): Promise<void> => {
  const { reservation } = await lockReservation(tx, id, caller.session);
  const kept = await keptPenaltyCents(tx, reservation.id);
  await decideReservation(tx, reservation.id, { type: "reservation.waivePenalty", reason: reason.trim(), waivedCents: kept }, commandOptions(caller), {
    fieldProblem: reasonProblem(reason),
    keptPenaltyCents: kept,
  });
};
