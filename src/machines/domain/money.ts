import type { Account, BalanceReminder, MoneyPolicy, MoneyState, PaymentKind, PaymentState, PenaltyStep } from "../../api/money.ts";
import type { RoleName } from "../../api/endpoint.ts";
import type { ReservationState, ReservationType } from "../../api/reservations.ts";
import { addDays, daysBetween, ecuadorDay } from "./calendar.ts";

export { centsOf, centsOfDecimal, centsOfDollars, decimalOfCents } from "../../api/cents.ts";

/**
 * A reservation's money (DOMAIN.md section 10, decision 062), worked out in whole cents from the
 * raw facts: the price, the payments, the policy, the departure day, the clock and the
 * reservation's state. Pure, so the server answers it and the panel could show it alike, and the
 * payment machine's guards read the same sums.
 */

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

/** How many days before its departure a reservation's balance is due: a charter's own figure. */
export const balanceDaysOf = (policy: Pick<MoneyPolicy, "balanceDays" | "charterBalanceDays">, type: ReservationType): number =>
  type === "charter" ? policy.charterBalanceDays : policy.balanceDays;

/** A share of an amount of cents, rounded half up to the cent, in integers. */
const percentOf = (cents: number, percent: number): number => Math.floor((cents * percent + 50) / 100);

/** Whether a penalty schedule covers every day (a step at 0 days) and names each day once. */
export const isPenaltyScheduleWhole = (steps: ReadonlyArray<PenaltyStep>): boolean =>
  steps.some((step) => step.daysBefore === 0) && new Set(steps.map((step) => step.daysBefore)).size === steps.length;

/**
 * The deposit that confirms a reservation: the policy's share of the due, or all of it when the
 * departure is already inside the balance window on the day it is judged (the confirmation day).
 */
export const depositDueOf = (
  due: number,
  policy: MoneyPolicy,
  type: ReservationType,
  startDate: string,
  day: string,
): number => (day >= addDays(startDate, -balanceDaysOf(policy, type)) ? due : percentOf(due, policy.depositPercent));

/**
 * The payment terms a reservation was confirmed on (decision 065): the policy in force that day
 * and the day itself, stored on its confirm event so a later edit of the policy changes no sale.
 */
export interface ConfirmedTerms {
  readonly policy: MoneyPolicy;
  /** The confirmation day in Ecuador: the deposit was due then. */
  readonly confirmedOn: string;
}

/** A price in cents: the total, the agency's commission and what the operator nets. */
export interface PriceCents {
  readonly totalCents: number;
  readonly commissionCents: number;
  readonly netCents: number;
}

/** What a reservation's debtor owes: an agency the net, a direct client the total. */
export const dueOf = (price: PriceCents, agencyId: number | null): number => (agencyId === null ? price.totalCents : price.netCents);

/**
 * What cancelling takes off a reservation's due, and when (DOMAIN.md section 10, decision 067):
 * the raw facts the cancellation penalty is worked out from.
 */
export interface CancelFacts {
  /** The due the cancel takes away, in cents: all of it, or the space's share (what its leaving lowers the due by). */
  readonly canceledDueCents: number;
  readonly type: ReservationType;
  /** The reservation's state when canceled: only a sale (confirmed) keeps a penalty. */
  readonly state: ReservationState;
  /** The departure's first day. */
  readonly startDate: string;
  /** The policy in force: what a sale confirmed before decision 065 (no stored terms) is judged on. */
  readonly policy: MoneyPolicy;
  /** The terms it was confirmed on; null while never confirmed (or confirmed before decision 065). */
  readonly terms: ConfirmedTerms | null;
}

/** The step of a penalty schedule a cancellation this many days before the departure reaches: the one with the most days it reaches. */
const stepReached = (schedule: ReadonlyArray<PenaltyStep>, days: number): PenaltyStep =>
  schedule.filter((step) => step.daysBefore <= days).reduce<PenaltyStep | null>((best, step) => (best === null || step.daysBefore > best.daysBefore ? step : best), null) ??
  // a schedule always has a step at 0 days (isPenaltyScheduleWhole): this keeps all only for one stored without it
  { daysBefore: 0, keptPercent: 100 };

/**
 * The cancellation penalty (DOMAIN.md section 10): what the company keeps of the due a cancel
 * takes away, by the schedule of the terms the reservation was sold on and the days left before
 * its departure on the day of the cancel (in Ecuador; a departure begun counts 0 days). By
 * default a general reservation cancelled `balanceDays` (60) or more days before keeps the deposit
 * due (of the canceled share, as judged on the confirmation day), nearer 100 %; a charter the same
 * with `charterBalanceDays` (120). A hold or a waiting list was never sold: nothing is kept.
 */
export const penaltyOf = (facts: CancelFacts, clock: number): number => {
  if (facts.state !== "confirmed" || facts.canceledDueCents <= 0) return 0;
  const policy = facts.terms?.policy ?? facts.policy;
  const today = ecuadorDay(clock);
  const days = Math.max(0, daysBetween(today, facts.startDate));
  const { keptPercent } = stepReached(facts.type === "charter" ? policy.penalties.charter : policy.penalties.general, days);
  return keptPercent === null
    ? depositDueOf(facts.canceledDueCents, policy, facts.type, facts.startDate, facts.terms?.confirmedOn ?? today)
    : percentOf(facts.canceledDueCents, keptPercent);
};

/** How many days before its balance due date a confirmed reservation owing a balance is first reminded. */
export const BALANCE_REMINDER_DAYS = 7;

/** What a balance reminder is judged on: the balance, its due date and the reminders already sent. */
export interface BalanceFacts {
  readonly balanceCents: number;
  readonly balanceDueDate: string;
  readonly reminded: ReadonlyArray<BalanceReminder>;
}

/**
 * The balance reminder due now, if any (DOMAIN.md section 10, decision 067): while a balance is
 * owed, `weekBefore` from seven days before the balance due date until the day before (a sale
 * confirmed inside that week, or a server down on the seventh day, is still told once), `dueDay`
 * on the due day itself (in Ecuador); each at most once.
 */
export const balanceReminderOf = (facts: BalanceFacts, clock: number): BalanceReminder | null => {
  if (facts.balanceCents <= 0) return null;
  const today = ecuadorDay(clock);
  const due: BalanceReminder | null =
    today === facts.balanceDueDate ? "dueDay" : today >= addDays(facts.balanceDueDate, -BALANCE_REMINDER_DAYS) && today < facts.balanceDueDate ? "weekBefore" : null;
  return due === null || facts.reminded.includes(due) ? null : due;
};

/** What the account is worked out from. */
export interface AccountFacts {
  readonly price: PriceCents;
  /** Booked by an agency (which owes the net) or direct (the client owes the total). */
  readonly agencyId: number | null;
  readonly type: ReservationType;
  readonly state: ReservationState;
  /** The departure's first day. */
  readonly startDate: string;
  readonly payments: ReadonlyArray<CountedPayment>;
  /** The policy in force now: what a reservation not confirmed yet would be confirmed on. */
  readonly policy: MoneyPolicy;
  /** The terms it was confirmed on; null while never confirmed (or confirmed before decision 065). */
  readonly terms: ConfirmedTerms | null;
  /** The penalties its cancellations kept (of the reservation, or of spaces canceled alone), less any waived, in cents. */
  readonly keptPenaltyCents: number;
  /** The instant the account is read at (ms). */
  readonly clock: number;
}

/**
 * Where the money stands: paid beyond what is due (a canceled reservation's kept penalty, a live
 * one's price after spaces left) is a refund due; a canceled one is settled once paid and due
 * match, and unpaid while it owes the rest of its penalty; a live one is paid when nothing is
 * owed, overdue when confirmed with a balance after its due day, deposit paid once the deposit
 * is, else unpaid.
 */
const moneyStateOf = (facts: AccountFacts, due: number, paid: number, deposit: number, balanceDueDate: string): MoneyState => {
  if (paid > due) return "refundDue";
  if (facts.state === "canceled") return paid === due ? "settled" : "unpaid";
  if (paid === due) return "paid";
  if (facts.state === "confirmed" && ecuadorDay(facts.clock) > balanceDueDate) return "overdue";
  if (paid > 0 && paid >= deposit) return "depositPaid";
  return "unpaid";
};

/**
 * A reservation's account. A confirmed one reads the terms it was confirmed on, its deposit judged
 * on the confirmation day and due that day; one not confirmed yet reads the policy in force and
 * today, as if it were confirmed now. The due is the live price's (net or total) plus the
 * penalties kept; the penalty shown is the one kept for a canceled reservation, and for a live
 * one what cancelling it today would keep in all; the refund due is paid beyond the due.
 */
export const accountOf = (facts: AccountFacts): Account => {
  const { totalCents, commissionCents } = facts.price;
  const live = dueOf(facts.price, facts.agencyId);
  const due = live + facts.keptPenaltyCents;
  const paid = paidCents(facts.payments);
  const policy = facts.terms?.policy ?? facts.policy;
  const balanceDueDate = addDays(facts.startDate, -balanceDaysOf(policy, facts.type));
  const deposit = depositDueOf(live, policy, facts.type, facts.startDate, facts.terms?.confirmedOn ?? ecuadorDay(facts.clock));
  const cancelingNow =
    facts.state === "canceled" ? 0 : penaltyOf({ canceledDueCents: live, type: facts.type, state: facts.state, startDate: facts.startDate, policy: facts.policy, terms: facts.terms }, facts.clock);
  return {
    totalCents,
    commissionCents,
    dueCents: due,
    paidCents: paid,
    balanceCents: due - paid,
    depositDueCents: deposit,
    depositDueDate: facts.terms?.confirmedOn ?? null,
    balanceDueDate,
    moneyState: moneyStateOf(facts, due, paid, deposit, balanceDueDate),
    penaltyCents: facts.keptPenaltyCents + cancelingNow,
    keptPenaltyCents: facts.keptPenaltyCents,
    refundDueCents: Math.max(0, paid - due),
  };
};

/**
 * The raw facts confirming a reservation reads (DOMAIN.md section 10, decision 065), loaded by the
 * server under the reservation's lock.
 */
export interface ConfirmFacts {
  /** What the reservation's debtor owes, in cents (the net for an agency, the total for a direct client). */
  readonly dueCents: number;
  readonly payments: ReadonlyArray<CountedPayment>;
  /** The money policy in force: the terms the reservation would be confirmed on. */
  readonly policy: MoneyPolicy;
  readonly type: ReservationType;
  /** The departure's first day. */
  readonly startDate: string;
  /** The agency's credit limit in cents (0: none); null for a direct client. */
  readonly creditCents: number | null;
  /** What the agency's other reservations owe, in cents: each live one's balance, each canceled one's kept penalty still owed. */
  readonly otherBalancesCents: ReadonlyArray<number>;
  readonly role: RoleName;
}

/**
 * How a confirmation is paid for: the deposit received, the agency's credit covering it, an
 * admin's reasoned override of a direct client's deposit; or why it is not: no deposit (and no
 * credit at all, or no override), or an agency whose open balance plus this deposit is beyond its
 * credit limit.
 */
export type Funding = "deposit" | "credit" | "override" | "depositMissing" | "creditExceeded";

export const fundingOf = (facts: ConfirmFacts, clock: number, reason: string | null): Funding => {
  const deposit = depositDueOf(facts.dueCents, facts.policy, facts.type, facts.startDate, ecuadorDay(clock));
  if (paidCents(facts.payments) >= deposit) return "deposit";
  if (facts.creditCents === null) return facts.role === "admin" && reason !== null ? "override" : "depositMissing";
  const open = facts.otherBalancesCents.reduce((sum, balance) => sum + balance, 0);
  if (open + deposit <= facts.creditCents) return "credit";
  // an agency given no credit confirms as a direct client does: with its deposit
  return facts.creditCents > 0 ? "creditExceeded" : "depositMissing";
};
