import { Schema } from "effect";
import { setup } from "xstate";
import { messages } from "../../api/messages.ts";
import { PaymentMethod } from "../../api/money.ts";
import { ecuadorDay } from "./calendar.ts";
import { type CountedPayment, centsOf, paidCents } from "./money.ts";
import { domainContext, domainSetup, type FieldFacts, fieldGuardsOf, holds, reasonRefusals, refusal } from "./rules.ts";
import { nextStatus } from "./verdict.ts";

/**
 * The events of a payment (DOMAIN.md section 10, decision 062), one stream per payment: money
 * received for a reservation (recorded by staff, or reported by its agency and verified), or paid
 * back (a refund, its own kind). Nothing is ever deleted: a mistake is voided with its reason.
 * Amounts are whole cents.
 */

const Received = {
  reservationId: Schema.Int,
  amountCents: Schema.Int,
  /** The day the money came in. */
  receivedAt: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
  payer: Schema.String,
};

export const PaymentRecord = Schema.Struct({ type: Schema.Literal("payment.record"), ...Received });
export const PaymentReport = Schema.Struct({ type: Schema.Literal("payment.report"), ...Received });
export const PaymentRefund = Schema.Struct({
  type: Schema.Literal("payment.refund"),
  reservationId: Schema.Int,
  amountCents: Schema.Int,
  /** The day the money was paid back. */
  paidAt: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
});
export const PaymentVerify = Schema.Struct({ type: Schema.Literal("payment.verify") });
export const PaymentReject = Schema.Struct({ type: Schema.Literal("payment.reject"), reason: Schema.String });
export const PaymentVoid = Schema.Struct({ type: Schema.Literal("payment.void"), reason: Schema.String });

export const PaymentEvent = Schema.Union([PaymentRecord, PaymentReport, PaymentRefund, PaymentVerify, PaymentReject, PaymentVoid]);
export type PaymentEvent = typeof PaymentEvent.Type;

/**
 * The raw facts the server loads, under the reservation's lock, before deciding:
 * - `clock`: the instant of the decision (ms), which says what today is;
 * - `amount`: the amount as the caller wrote it (decimal text), null for a command on a payment;
 * - `day`: the day the caller says the money moved, null for a command on a payment;
 * - `ownCents`: the payment's own amount, for a command on it (verify, void);
 * - `dueCents`: what the reservation's debtor owes (net for an agency, total for a direct client);
 * - `payments`: the reservation's payments and refunds, in every state.
 * The field problem is the reason's, for a rejection or a void.
 */
export interface PaymentFacts extends FieldFacts {
  readonly clock: number;
  readonly amount: string | null;
  readonly day: string | null;
  readonly ownCents: number;
  readonly dueCents: number;
  readonly payments: ReadonlyArray<CountedPayment>;
}

export const noPaymentFacts: PaymentFacts = { fieldProblem: null, clock: 0, amount: null, day: null, ownCents: 0, dueCents: 0, payments: [] };


/** The cents a command moves: the amount written, or the payment's own; an amount that is none moves nothing. */
const movedCents = (facts: PaymentFacts): number => (facts.amount === null ? facts.ownCents : (centsOf(facts.amount) ?? 0));

const positive = refusal("isAmountNotPositive", 400, messages.paymentAmountNotPositive, "Refused: an amount of zero or less, or with more than two decimals ('payment amount must be positive').");
const dated = refusal("isDayAhead", 400, messages.invalidInput, "Refused: a day after today ('invalid information').");
const withinBalance = refusal("isOverBalance", 409, messages.paymentExceedsBalance, "Refused: more than the reservation's balance ('payment exceeds balance').");


export const paymentMachine = setup({
  ...domainSetup<PaymentEvent, PaymentFacts>(),
  guards: {
    ...fieldGuardsOf("isIncomplete", "hasMalformedField"),
    isAmountNotPositive: ({ event }) => holds(event, (facts) => facts.amount !== null && !((centsOf(facts.amount) ?? 0) > 0)),
    isDayAhead: ({ event }) => holds(event, (facts) => facts.day !== null && facts.day > ecuadorDay(facts.clock)),
    isOverBalance: ({ event }) => holds(event, (facts) => movedCents(facts) > facts.dueCents - paidCents(facts.payments)),
    isOverPaid: ({ event }) => holds(event, (facts) => movedCents(facts) > paidCents(facts.payments)),
  },
}).createMachine({
  id: "payment",
  description:
    "Money received for a reservation (recorded by staff, or reported by its agency and then verified or rejected), or paid back as a refund; a mistake is voided with its reason, never deleted.",
  context: domainContext,
  initial: "absent",
  states: {
    absent: {
      description: "No such payment yet.",
      on: {
        "payment.record": [positive, dated, withinBalance, { target: "recorded", description: "Recorded by staff: it counts as paid." }],
        "payment.report": [positive, dated, withinBalance, { target: "reported", description: "Reported by the reservation's agency: it counts once staff verify it." }],
        "payment.refund": [
          positive,
          dated,
          refusal("isOverPaid", 409, messages.refundExceedsPayments, "Refused: more than the reservation's payments less its refunds ('refund exceeds payments')."),
          { target: "refunded", description: "Paid back: it counts against what is paid." },
        ],
      },
    },
    reported: {
      description: "An agency's transfer, waiting for staff to check it arrived.",
      on: {
        "payment.verify": [withinBalance, { target: "recorded", description: "Verified by staff: it counts as paid." }],
        "payment.reject": [...reasonRefusals, { target: "rejected", description: "Rejected for the reason given: it never counts." }],
      },
    },
    recorded: {
      description: "Money received: it counts as paid.",
      on: {
        "payment.void": [
          ...reasonRefusals,
          refusal("isOverPaid", 409, messages.refundExceedsPayments, "Refused: the refunds would be more than the payments left ('refund exceeds payments')."),
          { target: "voided", description: "Voided for the reason given: it stays, struck, and no longer counts." },
        ],
      },
    },
    refunded: {
      description: "Money paid back: it counts against what is paid.",
      on: {
        "payment.void": [
          ...reasonRefusals,
          refusal("isOverBalance", 409, messages.paymentExceedsBalance, "Refused: the money it paid back would count again beyond the reservation's balance ('payment exceeds balance')."),
          { target: "voided", description: "A refund voided for the reason given: it stays, struck, and no longer counts." },
        ],
      },
    },
    rejected: { type: "final", description: "A report rejected; it stays with its reason." },
    voided: { type: "final", description: "Voided; it stays with its reason." },
  },
});

/** Whether a payment in its state takes a command: which buttons its row shows. */
export const paymentOffers = (state: string, event: "payment.verify" | "payment.reject" | "payment.void"): boolean =>
  nextStatus(paymentMachine, state, event === "payment.verify" ? { type: event } : { type: event, reason: "" }) !== null;
