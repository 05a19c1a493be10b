import { type CountedPayment, paidCents } from "./money.ts";

/**
 * An agency's statement for a period (DOMAIN.md section 10, decision 068) as a ledger in whole
 * cents: each reservation is charged its due on the day it was booked, each payment and refund
 * counts on the day the money moved. Pure, so the document, its tests and the property test that
 * reconciles the money read the same sums.
 */

/** A payment or refund as the account counts it, and the day the money moved (`YYYY-MM-DD`). */
export interface DatedPayment extends CountedPayment {
  readonly day: string;
}

/** What the ledger reads of a reservation. */
export interface LedgerReservation {
  readonly id: number;
  /** The day it was booked, in Ecuador: the day its due is charged. */
  readonly bookedOn: string;
  /** What its debtor owes now, as its account says. */
  readonly dueCents: number;
  readonly payments: ReadonlyArray<DatedPayment>;
}

/** A reservation's movements in the period: what it owed before, was charged, was paid, and owes at its end. */
export interface LedgerLine {
  readonly id: number;
  readonly openingCents: number;
  readonly chargedCents: number;
  readonly paidCents: number;
  readonly balanceCents: number;
}

export interface Ledger {
  /** The reservations with anything to show: a balance brought forward, a charge or money moved in the period. */
  readonly lines: ReadonlyArray<LedgerLine>;
  readonly openingCents: number;
  readonly chargedCents: number;
  readonly paidCents: number;
  /** Opening + charged - paid: the sum of the lines' balances. */
  readonly closingCents: number;
}

const counts = (payment: CountedPayment): boolean => payment.state === "recorded" || payment.state === "refunded";

const lineOf = (reservation: LedgerReservation, from: string, to: string): LedgerLine & { readonly moved: boolean } => {
  const before = reservation.payments.filter((payment) => payment.day < from);
  const within = reservation.payments.filter((payment) => payment.day >= from && payment.day <= to);
  const openingCents = (reservation.bookedOn < from ? reservation.dueCents : 0) - paidCents(before);
  const chargedCents = reservation.bookedOn >= from && reservation.bookedOn <= to ? reservation.dueCents : 0;
  const paid = paidCents(within);
  return { id: reservation.id, openingCents, chargedCents, paidCents: paid, balanceCents: openingCents + chargedCents - paid, moved: within.some(counts) };
};

/**
 * The statement of some reservations from `from` to `to` (both days included): every reservation
 * with a balance brought forward, a charge or a payment in the period is a line, so the closing
 * balance is the sum of the lines' balances and, for a period reaching today, of their accounts'.
 */
export const ledgerOf = (reservations: ReadonlyArray<LedgerReservation>, from: string, to: string): Ledger => {
  const lines = reservations
    .map((reservation) => lineOf(reservation, from, to))
    .filter((line) => line.openingCents !== 0 || line.chargedCents !== 0 || line.moved)
    .map(({ moved: _moved, ...line }) => line);
  const sum = (figure: (line: LedgerLine) => number) => lines.reduce((total, line) => total + figure(line), 0);
  return {
    lines,
    openingCents: sum((line) => line.openingCents),
    chargedCents: sum((line) => line.chargedCents),
    paidCents: sum((line) => line.paidCents),
    closingCents: sum((line) => line.balanceCents),
  };
};
