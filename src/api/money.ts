import { Schema } from "effect";
import { isCalendarDay } from "./details.ts";
import { endpoint, MessageAnswer, recordEndpoints } from "./endpoint.ts";
import { textField } from "./fields.ts";
import { Count, idParams, Int4, PositiveIntFromText, ReservationId, SerialId, SerialIdFromText } from "./ids.ts";
import { RecordVersion } from "./versions.ts";

/**
 * Money (DOMAIN.md section 10, first slice: decision 062): the company's money policy, the
 * payments and refunds of a reservation, an agency's reported transfers, and a reservation's
 * account. Every amount the server answers is in whole cents (`...Cents`, an int4): money is
 * exact, never a binary fraction.
 */

/** A day of days before a departure that a policy names: up to ten years. */
const Days = Count.check(Schema.isLessThanOrEqualTo(3650));

/**
 * One step of a cancellation penalty schedule: cancelled `daysBefore` days or more before the
 * departure, the company keeps `keptPercent` of the due, or the deposit due when null. The step
 * with the most days the cancellation reaches applies; a schedule has a step at 0 days, so every
 * day has one. A confirmed reservation's cancel keeps it (decision 067: `penaltyOf`).
 */
export const PenaltyStep = Schema.Struct({
  daysBefore: Days,
  keptPercent: Schema.NullOr(Count.check(Schema.isLessThanOrEqualTo(100))),
});
export type PenaltyStep = typeof PenaltyStep.Type;

/** The payment terms an admin edits: DOMAIN.md section 10's figures, with its defaults. */
export const MoneyPolicy = Schema.Struct({
  /** The share of the due that a deposit is, 1 to 100 %. */
  depositPercent: Count.check(Schema.isBetween({ minimum: 1, maximum: 100 })),
  /** The balance is due this many days before a departure (general, contract, family room, Ikarus). */
  balanceDays: Days,
  /** The same for a charter. */
  charterBalanceDays: Days,
  penalties: Schema.Struct({ general: Schema.Array(PenaltyStep), charter: Schema.Array(PenaltyStep) }),
});
export type MoneyPolicy = typeof MoneyPolicy.Type;

export const defaultMoneyPolicy: MoneyPolicy = {
  depositPercent: 30,
  balanceDays: 60,
  charterBalanceDays: 120,
  penalties: {
    general: [
      { daysBefore: 60, keptPercent: null },
      { daysBefore: 0, keptPercent: 100 },
    ],
    charter: [
      { daysBefore: 120, keptPercent: null },
      { daysBefore: 0, keptPercent: 100 },
    ],
  },
};

/** The policy as read, with the version its edit sends back (0 while the defaults stand); its edit sends the same. */
export const MoneyPolicyView = Schema.Struct({ ...MoneyPolicy.fields, version: RecordVersion });
export type MoneyPolicyView = typeof MoneyPolicyView.Type;

/** How a payment came in (a credit note: the operator's own, against an earlier sale). */
export const PaymentMethod = Schema.Literals(["transfer", "card", "cash", "check", "creditNote"]);
export type PaymentMethod = typeof PaymentMethod.Type;

/** A payment's or a refund's life: reported by an agency, recorded, refunded, rejected or voided. */
export const PaymentState = Schema.Literals(["reported", "recorded", "refunded", "rejected", "voided"]);
export type PaymentState = typeof PaymentState.Type;

export const PaymentKind = Schema.Literals(["payment", "refund"]);
export type PaymentKind = typeof PaymentKind.Type;

/**
 * An amount of US$ as it travels to the server: a decimal **text** (`"1250.50"`), never a JSON
 * number, whose binary fraction would not be the amount typed. At most ten whole digits and six
 * after the point, so it always converts exactly to cents; one that is not positive or has more
 * than two decimals reaches the payment machine, which refuses it with
 * `payment amount must be positive`. Anything else is invalid information.
 */
export const AmountText = Schema.String.check(Schema.isPattern(/^-?[0-9]{1,10}(?:\.[0-9]{1,6})?$/u));

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const CalendarDay = Schema.String.check(Schema.isMaxLength(10), Schema.makeFilter((text) => isCalendarDay(text)));

export const paymentReferenceField = textField(100);
export const payerField = textField(200);

const Reference = Schema.String.check(Schema.isMaxLength(paymentReferenceField.maxLength));
const Payer = Schema.String.check(Schema.isMaxLength(payerField.maxLength));

/** A payment recorded by staff or reported by an agency (JSON; the receipt file is a later slice). */
export const PaymentDraft = Schema.Struct({
  reservationId: SerialId,
  amount: AmountText,
  /** The day the money came in: not after today. */
  receivedAt: CalendarDay,
  method: PaymentMethod,
  reference: Reference,
  /** The agency or passenger who paid. */
  payer: Payer,
});
export type PaymentDraft = typeof PaymentDraft.Type;

/** A refund paid back to the client or the agency: DOMAIN.md's `paidAt` is the day it left. */
export const RefundDraft = Schema.Struct({
  reservationId: SerialId,
  amount: AmountText,
  paidAt: CalendarDay,
  method: PaymentMethod,
  reference: Reference,
});
export type RefundDraft = typeof RefundDraft.Type;

/** A reason for a rejection or a void: required, at most 300 characters (the machine judges it). */
export const PaymentReason = Schema.Struct({ reason: Schema.String });

export const PaymentId = SerialId.pipe(Schema.brand("PaymentId"));
export type PaymentId = typeof PaymentId.Type;

export const Payment = Schema.Struct({
  id: PaymentId,
  reservationId: ReservationId,
  reservationCode: Schema.String,
  agencyId: Schema.NullOr(SerialId),
  kind: PaymentKind,
  state: PaymentState,
  amountCents: Int4,
  /** The day it came in (a refund: the day it was paid back). */
  receivedAt: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
  payer: Schema.String,
  /** Why it was rejected or voided. */
  reason: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  version: Int4,
});
export type Payment = typeof Payment.Type;

export const DEFAULT_PAYMENTS_PAGE_SIZE = 50;

export const PaymentsQuery = Schema.Struct({
  reservationId: Schema.optionalKey(SerialIdFromText),
  agencyId: Schema.optionalKey(SerialIdFromText),
  state: Schema.optionalKey(PaymentState),
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(200))),
});
export type PaymentsQuery = typeof PaymentsQuery.Type;

/** Where a reservation's money stands (src/machines/domain/money.ts works it out). */
export const MoneyState = Schema.Literals(["unpaid", "depositPaid", "paid", "overdue", "refundDue", "settled"]);
export type MoneyState = typeof MoneyState.Type;

export const Account = Schema.Struct({
  totalCents: Int4,
  commissionCents: Int4,
  /** What is owed: the net for an agency's reservation, the total for a direct client's. */
  dueCents: Int4,
  /** Live recorded payments less refunds. */
  paidCents: Int4,
  balanceCents: Int4,
  depositDueCents: Int4,
  /** The day it was confirmed (decision 065); null while not confirmed. */
  depositDueDate: Schema.NullOr(Schema.String),
  balanceDueDate: Schema.String,
  moneyState: MoneyState,
  /**
   * The cancellation penalty (decision 067): a canceled reservation's kept (less any waived); a
   * live one's kept by spaces canceled alone plus what cancelling the rest today would keep.
   */
  penaltyCents: Int4,
  /** What its cancellations keep now (a canceled one's, or its spaces canceled alone): what an admin may waive. */
  keptPenaltyCents: Int4,
  /** Paid beyond what is due (a kept penalty included): what is owed back. */
  refundDueCents: Int4,
});
export type Account = typeof Account.Type;

/**
 * The balance reminders a confirmed reservation owing a balance gets (decision 067): from seven
 * days before its balance due date, and on the day.
 */
export const BalanceReminder = Schema.Literals(["weekBefore", "dueDay"]);
export type BalanceReminder = typeof BalanceReminder.Type;

/** A waiver's reason: required, at most 300 characters (the reservation machine judges it). */
export const PenaltyWaiver = Schema.Struct({ reason: Schema.String });

const collectors = { kind: "session", roles: ["admin", "sales"] } as const;
/** Staff who handle money, and agency users for their own agency's. */
const moneyReaders = { kind: "session", roles: ["admin", "sales", "agency"] } as const;

export const getMoneyPolicy = endpoint({
  name: "policies.money",
  method: "GET",
  path: "/policies/money",
  response: MoneyPolicyView,
  access: { kind: "session", roles: ["admin"] },
  description: "The money policy in force (deposit percent, balance days, charter balance days, penalty schedule) with its version; the defaults (version 0) until an admin edits it.",
});

export const updateMoneyPolicy = endpoint({
  name: "policies.updateMoney",
  method: "PUT",
  path: "/policies/updateMoneyPolicy",
  body: MoneyPolicyView,
  response: MessageAnswer,
  access: { kind: "session", roles: ["admin"] },
  description:
    "Replaces the money policy, with the version it was loaded at; a penalty schedule without a step at 0 days or with a day twice is 'invalid information'.",
});

const payments = recordEndpoints({ resource: "payments", singular: "Payment", id: PaymentId, readers: moneyReaders, writers: collectors });

export const listPayments = payments.list({
  query: PaymentsQuery,
  response: Schema.Array(Payment),
  description:
    "One page of payments, refunds and agency reports (meta: total, page, pageSize), newest first: of a reservation, an agency, a state. An agency user sees its own agency's only.",
});

export const recordPayment = endpoint({
  name: "payments.record",
  method: "POST",
  path: "/payments/recordPayment",
  body: PaymentDraft,
  response: MessageAnswer,
  access: collectors,
  description:
    "Records a payment received for a reservation: amount (a decimal text, US$ with at most two decimals), receivedAt (a day, not in the future), method, reference, payer. Refused with 'payment amount must be positive' or 'payment exceeds balance'. A receipt file comes with a later slice.",
});

export const reportPayment = endpoint({
  name: "payments.report",
  method: "POST",
  path: "/payments/reportPayment",
  body: PaymentDraft,
  response: MessageAnswer,
  access: { kind: "session", roles: ["agency"] },
  description:
    "An agency user reports a transfer for its own agency's reservation (another's: 404); it counts once staff verify it. Refused like a recorded payment.",
});

export const verifyPayment = payments.command("verify", {
  description: "Verifies an agency's reported transfer: it is recorded and counts; 'payment exceeds balance' when it is more than the balance now.",
});

export const rejectPayment = payments.command("reject", {
  body: PaymentReason,
  description: "Rejects an agency's reported transfer for a reason (required, at most 300 characters); final.",
});

export const voidPayment = payments.command("void", {
  body: PaymentReason,
  description:
    "Voids a recorded payment or a refund for a reason (required, at most 300 characters); it stays, struck, and no longer counts. 'refund exceeds payments' when the refunds would then be more than the payments.",
});

export const recordRefund = endpoint({
  name: "payments.refund",
  method: "POST",
  path: "/payments/recordRefund",
  body: RefundDraft,
  response: MessageAnswer,
  access: collectors,
  description: "Records money paid back for a reservation: amount, paidAt, method, reference. Refused with 'payment amount must be positive' or 'refund exceeds payments'.",
});

export const reservationAccount = endpoint({
  name: "reservations.account",
  method: "GET",
  path: "/reservations/:id/account",
  params: idParams(ReservationId),
  response: Account,
  access: moneyReaders,
  description:
    "A reservation's account in cents: total, commission, due (net for an agency, total for a direct client, plus the penalties kept), paid, balance, deposit due and its date, balance due date, money state, penalty (kept once canceled; if canceled today while live) and refund due; an agency user its own agency's only (else 404).",
});

export const waivePenalty = endpoint({
  name: "reservations.waivePenalty",
  method: "PUT",
  path: "/reservations/waivePenalty/:id",
  params: idParams(ReservationId),
  body: PenaltyWaiver,
  response: MessageAnswer,
  access: { kind: "session", roles: ["admin"] },
  description:
    "An admin waives the penalty a reservation's cancellations keep, for a reason (required, at most 300 characters): what was paid of it becomes refund due. 'there is no penalty to waive' when none is kept.",
});

export const moneyEndpoints = [
  getMoneyPolicy,
  updateMoneyPolicy,
  listPayments,
  recordPayment,
  reportPayment,
  verifyPayment,
  rejectPayment,
  voidPayment,
  recordRefund,
  reservationAccount,
  waivePenalty,
];
