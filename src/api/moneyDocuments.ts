import { Schema } from "effect";
import { DocumentFormat, DocumentLanguage } from "./documents.ts";
import { endpoint } from "./endpoint.ts";
import { idParams, Int4, ReservationId, SerialId } from "./ids.ts";
import { Payment, PaymentId, PaymentKind, PaymentMethod } from "./money.ts";
import { PeriodQuery } from "./reports.ts";
import { ReservationState } from "./reservations.ts";

/**
 * Money's documents (DOMAIN.md section 10, decision 068): a payment's receipt and an agency's
 * statement for a period, each answered as data (in cents) for a screen and a test, or with
 * `format` as the file drawn from the same data, in Spanish or English, under the company's logo
 * and its billing and bank data.
 */

/** The receipt is a PDF only. */
export const ReceiptFormat = Schema.Literal("pdf");

export const ReceiptQuery = Schema.Struct({
  lang: Schema.optionalKey(DocumentLanguage),
  format: Schema.optionalKey(ReceiptFormat),
});

/** The reservation a receipt or a statement line is about, as its documents name it. */
export const DocumentReservation = Schema.Struct({
  id: ReservationId,
  code: Schema.String,
  agencyName: Schema.NullOr(Schema.String),
  cruiseCode: Schema.String,
  yachtName: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
});

export const PaymentReceipt = Schema.Struct({
  /** The receipt's number: the payment's, six digits at least. */
  number: Schema.String,
  payment: Payment,
  reservation: DocumentReservation,
  /** The reservation's account when the receipt is issued: what is owed, paid so far, and left. */
  account: Schema.Struct({ dueCents: Int4, paidCents: Int4, balanceCents: Int4 }),
  issuedAt: Schema.String,
});
export type PaymentReceipt = typeof PaymentReceipt.Type;

export const StatementQuery = Schema.Struct({
  ...PeriodQuery.fields,
  lang: Schema.optionalKey(DocumentLanguage),
  format: Schema.optionalKey(DocumentFormat),
});
export type StatementQuery = typeof StatementQuery.Type;

/**
 * A reservation on a statement: its price (total, the agency's commission, the net it owes) as
 * its account reads it now, and its movements in the period: the balance brought forward, the
 * due charged (on the day it was booked), what was paid (payments less refunds) and the balance
 * at the period's end.
 */
export const StatementLine = Schema.Struct({
  reservationId: ReservationId,
  code: Schema.String,
  cruiseCode: Schema.String,
  yachtName: Schema.String,
  startDate: Schema.String,
  bookedOn: Schema.String,
  state: ReservationState,
  totalCents: Int4,
  commissionCents: Int4,
  netCents: Int4,
  openingCents: Int4,
  chargedCents: Int4,
  paidCents: Int4,
  balanceCents: Int4,
});
export type StatementLine = typeof StatementLine.Type;

/** Money that moved in the period: a payment, or a refund (its amount negative). */
export const StatementPayment = Schema.Struct({
  id: PaymentId,
  reservationId: ReservationId,
  reservationCode: Schema.String,
  kind: PaymentKind,
  receivedAt: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
  amountCents: Int4,
});
export type StatementPayment = typeof StatementPayment.Type;

export const AgencyStatement = Schema.Struct({
  agencyId: SerialId,
  agencyName: Schema.String,
  from: Schema.String,
  to: Schema.String,
  /** What the agency owed the day before the period. */
  openingCents: Int4,
  chargedCents: Int4,
  paidCents: Int4,
  /** Opening + charged - paid: the sum of the lines' balances. */
  closingCents: Int4,
  reservations: Schema.Array(StatementLine),
  payments: Schema.Array(StatementPayment),
  generatedAt: Schema.String,
});
export type AgencyStatement = typeof AgencyStatement.Type;

/** Staff who handle money, and an agency's users for their own (another's answers 404). */
const moneyReaders = { kind: "session", roles: ["admin", "sales", "agency"] } as const;

export const paymentReceipt = endpoint({
  name: "payments.receipt",
  method: "GET",
  path: "/payments/:id/receipt",
  params: idParams(PaymentId),
  query: ReceiptQuery,
  response: PaymentReceipt,
  access: moneyReaders,
  description:
    "A recorded payment's receipt (a voided one's too, marked void): the payment, its reservation and the account after it; with `format=pdf` the PDF in `lang` (Spanish unless `en`) with the company's logo, billing and bank data. A refund, a reported or rejected transfer has none (404); an agency user reads its own agency's only (else 404).",
});

export const agencyStatement = endpoint({
  name: "agencies.statement",
  method: "GET",
  path: "/agencies/:id/statement",
  params: idParams(SerialId),
  query: StatementQuery,
  response: AgencyStatement,
  access: moneyReaders,
  description:
    "An agency's statement for the period `from`-`to` (YYYY-MM-DD, both included, at most a year; refused as the reports' periods are): each reservation with a balance brought forward, a charge (its due, on the day it was booked) or money moved in the period, with its total, commission, net, paid and balance; the payments and refunds of the period; the opening and closing balances, in cents. With `format=pdf` or `format=xlsx` the file in `lang`. An agency user reads its own agency's only (else 404).",
});

/** The roles that open money's documents. */
export const moneyDocumentReaderRoles = moneyReaders.roles;

export const moneyDocumentEndpoints = [paymentReceipt, agencyStatement] as const;

/** The file a statement downloads as: the agency's id and the period. */
export const statementFileName = (agencyId: number, from: string, to: string, format: DocumentFormat): string => `statement-${agencyId}-${from}-${to}.${format}`;

/** The file a receipt downloads as. */
export const receiptFileName = (number: string): string => `receipt-${number}.pdf`;

/** A receipt's number from its payment's id: six digits at least. */
export const receiptNumber = (paymentId: number): string => String(paymentId).padStart(6, "0");
