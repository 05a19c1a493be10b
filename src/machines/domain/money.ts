import type { Account, MoneyPolicy, MoneyState, PaymentKind, PaymentState, PenaltyStep } from "../../api/money.ts";
import type { ReservationState, ReservationType } from "../../api/reservations.ts";

/**
 * A reservation's money (DOMAIN.md section 10, decision 062), worked out in whole cents from the
 * raw facts: the price, the payments, the policy, the departure day, the clock and the
 * reservation's state. Pure, so the server answers it and the panel could show it alike, and the
 * payment machine's guards read the same sums.
 */

const AMOUNT = /^(-?)([0-9]+)(?:\.([0-9]+))?$/u;

/**
 * The cents of an amount written as decimal text (`"1250.5"` is 125050), read digit by digit so
 * no binary fraction is involved; null when it is no decimal or has more than two decimals. The
 * contract bounds the text to ten whole digits, so the cents stay a safe integer.
 */
export const centsOf = (amount: string): number | null => {
  const parts = AMOUNT.exec(amount);
  if (parts === null) return null;
  const [, sign = "", whole = "0", fraction = ""] = parts;
  if (fraction.length > 2) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
};

/**
 * Cents of an amount of dollars stored as a floating-point number (the reservation's price, in
 * jsonb since before money was exact): rounded to the nearest cent once, where it is read.
 */
export const centsOfDollars = (dollars: number): number => Math.round(dollars * 100);

/** A payment as the account counts it. */
export interface CountedPayment {
  readonly kind: PaymentKind;
  readonly state: PaymentState;
  readonly amountCents: number;
}

/** Paid: the live recorded payments less the live refunds (reported, rejected and voided ones count nothing). */
export const paidCents = (payments: ReadonlyArray<CountedPayment>): number =>
  payments.reduce(
    (paid, payment) => paid + (payment.state === "recorded" ? payment.amountCents : payment.state === "refunded" ? -payment.amountCents : 0),
    0,
  );

/** A calendar day (`YYYY-MM-DD`) moved by whole days. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The calendar day an instant falls on, as the mainland's clock (Ecuador, UTC-5, no daylight saving) reads it. */
export const ecuadorDay = (instant: number): string => new Date(instant - 5 * 3_600_000).toISOString().slice(0, 10);

/** How many days before its departure a reservation's balance is due: a charter's own figure. */
export const balanceDaysOf = (policy: Pick<MoneyPolicy, "balanceDays" | "charterBalanceDays">, type: ReservationType): number =>
  type === "charter" ? policy.charterBalanceDays : policy.balanceDays;

/** A share of an amount of cents, rounded half up to the cent, in integers. */
const percentOf = (cents: number, percent: number): number => Math.floor((cents * percent + 50) / 100);

/** Whether a penalty schedule covers every day (a step at 0 days) and names each day once. */
export const isPenaltyScheduleWhole = (steps: ReadonlyArray<PenaltyStep>): boolean =>
  steps.some((step) => step.daysBefore === 0) && new Set(steps.map((step) => step.daysBefore)).size === steps.length;

/** What the account is worked out from. */
export interface AccountFacts {
  readonly price: { readonly totalCents: number; readonly commissionCents: number; readonly netCents: number };
  /** Booked by an agency (which owes the net) or direct (the client owes the total). */
  readonly agencyId: number | null;
  readonly type: ReservationType;
  readonly state: ReservationState;
  /** The departure's first day. */
  readonly startDate: string;
  readonly payments: ReadonlyArray<CountedPayment>;
  readonly policy: MoneyPolicy;
  /** The instant the account is read at (ms). */
  readonly clock: number;
}

/**
 * Where the money stands: canceled, refund due while anything is paid and settled once not;
 * otherwise paid when nothing is owed, overdue when confirmed with a balance after its due day,
 * deposit paid once the deposit is, else unpaid. No penalty is kept yet (a later slice): a
 * canceled reservation's whole paid amount is due back.
 */
const moneyStateOf = (facts: AccountFacts, due: number, paid: number, deposit: number, balanceDueDate: string): MoneyState => {
  if (facts.state === "canceled") return paid > 0 ? "refundDue" : "settled";
  if (paid >= due) return "paid";
  if (facts.state === "confirmed" && ecuadorDay(facts.clock) > balanceDueDate) return "overdue";
  if (paid > 0 && paid >= deposit) return "depositPaid";
  return "unpaid";
};

/**
 * A reservation's account. The deposit due is the policy's share of the due, or all of it when
 * the departure is already inside the balance window (read today: the day of confirmation comes
 * with the confirm-needs-deposit slice, decision 062).
 */
export const accountOf = (facts: AccountFacts): Account => {
  const { totalCents, commissionCents, netCents } = facts.price;
  const due = facts.agencyId === null ? totalCents : netCents;
  const paid = paidCents(facts.payments);
  const balanceDueDate = addDays(facts.startDate, -balanceDaysOf(facts.policy, facts.type));
  const insideWindow = ecuadorDay(facts.clock) >= balanceDueDate;
  const deposit = insideWindow ? due : percentOf(due, facts.policy.depositPercent);
  return {
    totalCents,
    commissionCents,
    dueCents: due,
    paidCents: paid,
    balanceCents: due - paid,
    depositDueCents: deposit,
    depositDueDate: null,
    balanceDueDate,
    moneyState: moneyStateOf(facts, due, paid, deposit, balanceDueDate),
  };
};
