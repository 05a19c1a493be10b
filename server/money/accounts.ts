/**
 * Many reservations' accounts at once (decision 068): what money's statements and reports read.
 * Each account is `accountOf` over the same raw facts a reservation's own account reads (its price
 * with its passengers' air tickets, its payments, the terms it was confirmed on, the policy in
 * force and the clock), loaded in a few statements for all of them.
 */
import { Schema } from "effect";
import type { Account } from "../../src/api/money.ts";
import { PaymentKind, PaymentState } from "../../src/api/money.ts";
import type { ReservationSummary } from "../../src/api/reservations.ts";
import { ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { accountOf } from "../../src/machines/domain/money.ts";
import type { DatedPayment } from "../../src/machines/domain/statement.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { reservationsWhere } from "../reservations/reads.ts";
import { confirmedTerms, confirmedTermsOf, countedPayments, priceCents, readMoneyPolicy } from "./facts.ts";

/** What a reservation's account is worked out from, besides its payments, its terms and the policy. */
type AccountedReservation = Pick<ReservationSummary, "id" | "price" | "agencyId" | "type" | "state" | "startDate">;

/** One reservation's account read at `now`: what its page, its voucher and its receipts show. */
export const reservationAccount = async (db: Queryable, reservation: AccountedReservation, now: Date): Promise<Account> =>
  accountOf({
    price: priceCents(reservation.price),
    agencyId: reservation.agencyId,
    type: reservation.type,
    state: reservation.state,
    startDate: reservation.startDate,
    payments: await countedPayments(db, reservation.id),
    policy: await readMoneyPolicy(db),
    terms: await confirmedTerms(db, reservation.id),
    clock: now.getTime(),
  });

/** A reservation, its account now, the day it was booked (in Ecuador) and its payments with the day each moved. */
export interface ReservationAccount {
  readonly reservation: ReservationSummary;
  readonly account: Account;
  readonly bookedOn: string;
  readonly payments: ReadonlyArray<DatedPayment>;
}

const DatedRow = Schema.Struct({ reservation_id: Schema.Int, kind: PaymentKind, status: PaymentState, amount_cents: Schema.Int, day: Schema.String });

/** The payments and refunds of some reservations, in every state, with their day, by reservation. */
const datedPaymentsOf = async (db: Queryable, reservationIds: ReadonlyArray<number>): Promise<ReadonlyMap<number, ReadonlyArray<DatedPayment>>> => {
  const byReservation = new Map<number, DatedPayment[]>();
  if (reservationIds.length === 0) return byReservation;
  const rows = await queryRows(
    db,
    DatedRow,
    "select reservation_id, kind, status, amount_cents, to_char(received_at, 'YYYY-MM-DD') as day from payments where reservation_id = any($1::int[])",
    [reservationIds],
  );
  for (const row of rows) {
    const dated = byReservation.get(row.reservation_id) ?? [];
    dated.push({ kind: row.kind, state: row.status, amountCents: row.amount_cents, day: row.day });
    byReservation.set(row.reservation_id, dated);
  }
  return byReservation;
};

/** The accounts of the reservations (none deleted) a condition on `r` picks, read at `now`, oldest first. */
export const accountsWhere = async (db: Queryable, condition: string, params: ReadonlyArray<unknown>, now: Date): Promise<ReadonlyArray<ReservationAccount>> => {
  const reservations = await reservationsWhere(db, condition, params);
  const ids = reservations.map((reservation) => reservation.id);
  const payments = await datedPaymentsOf(db, ids);
  const terms = await confirmedTermsOf(db, ids);
  const policy = await readMoneyPolicy(db);
  return reservations.map((reservation) => {
    const own = payments.get(reservation.id) ?? [];
    return {
      reservation,
      account: accountOf({
        price: priceCents(reservation.price),
        agencyId: reservation.agencyId,
        type: reservation.type,
        state: reservation.state,
        startDate: reservation.startDate,
        payments: own,
        policy,
        terms: terms.get(reservation.id) ?? null,
        clock: now.getTime(),
      }),
      bookedOn: ecuadorDay(Date.parse(reservation.createdAt)),
      payments: own,
    };
  });
};
