/**
 * Money's reads and commands (DOMAIN.md section 10, first slice: decision 062). A payment command
 * locks its reservation (and its departure, as every reservation command does, so a cancellation
 * repricing it waits), loads the raw facts the payment machine decides with (the amount as
 * written, the day, the reservation's due in cents, its payments, the clock) and goes through the
 * machine. This file never answers a rule's message itself.
 */
import { Schema } from "effect";
import type { ListMeta } from "../../src/api/endpoint.ts";
import { ReservationId } from "../../src/api/ids.ts";
import {
  type Account,
  DEFAULT_PAYMENTS_PAGE_SIZE,
  type MoneyPolicy,
  type Payment,
  PaymentId,
  PaymentKind,
  PaymentMethod,
  type PaymentDraft,
  type PaymentsQuery,
  PaymentState,
  type RefundDraft,
} from "../../src/api/money.ts";
import { reasonProblem } from "../../src/api/reservations.ts";
import { type CountedPayment, centsOf, type PriceCents } from "../../src/machines/domain/money.ts";
import { noPaymentFacts, type PaymentEvent, type PaymentFacts } from "../../src/machines/domain/payment.machine.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne, statementParams } from "../db/rows.ts";
import { pageAsked, readPage } from "../db/paging.ts";
import { type CommandOptions, decide, decideNew, expectVersion } from "../events/command.ts";
import { orNotFound } from "../http/found.ts";
import { lockReservation } from "../reservations/decide.ts";
import { ownAgency } from "../reservations/facts.ts";
import { findReservation, type StoredReservation } from "../reservations/reads.ts";
import { reservationAccount } from "./accounts.ts";
import { countedPayments, dueCentsOf, keptPenaltyCents } from "./facts.ts";
import { COMPANY_POLICY, moneyPolicyRecord, paymentRecord } from "./projection.ts";

/** Who asks, and when. */
export interface MoneyCaller {
  readonly session: Session;
  readonly now: Date;
}

const optionsOf = (caller: MoneyCaller): CommandOptions => ({ actorId: caller.session.userId, occurredAt: caller.now });

/** Replaces the money policy, from a form loaded at `version`. */
export const setMoneyPolicy = async (tx: Queryable, policy: MoneyPolicy, version: number, caller: MoneyCaller): Promise<void> => {
  await expectVersion(tx, moneyPolicyRecord, COMPANY_POLICY, version);
  await decide(tx, moneyPolicyRecord, COMPANY_POLICY, { type: "moneyPolicy.set", ...policy }, optionsOf(caller), {});
};

/** What a command on a reservation's money reads of it, loaded under its lock. */
export interface MoneyFacts {
  readonly payments: ReadonlyArray<CountedPayment>;
  /** What its cancellations keep of it (decision 067), in cents. */
  readonly keptPenaltyCents: number;
}

/** The payment machine's facts of a reservation's money: a kept cancellation penalty is owed too (decision 067), it may be paid and what is paid beyond it refunded. */
const paymentFactsOf = (reservation: Pick<StoredReservation, "agencyId"> & { readonly priceCents: PriceCents }, money: MoneyFacts, caller: MoneyCaller): PaymentFacts => ({
  ...noPaymentFacts,
  clock: caller.now.getTime(),
  dueCents: dueCentsOf(reservation) + money.keptPenaltyCents,
  payments: money.payments,
});

/** A reservation's payments and kept penalty, loaded under its lock. */
const moneyFactsOf = async (tx: Queryable, id: number): Promise<MoneyFacts> => ({ payments: await countedPayments(tx, id), keptPenaltyCents: await keptPenaltyCents(tx, id) });

/** The facts of a command on a reservation's money, loaded under its lock. */
const reservationFacts = async (tx: Queryable, reservation: StoredReservation, caller: MoneyCaller): Promise<PaymentFacts> =>
  paymentFactsOf(reservation, await moneyFactsOf(tx, reservation.id), caller);

/**
 * A payment received or reported and the facts the payment machine judges it with: the amount as
 * written (cents from its decimal text; one the machine refuses is never stored), the day, the
 * reservation's due and its payments.
 */
export const paymentReceivedOf = (
  draft: PaymentDraft,
  type: "payment.record" | "payment.report",
  reservation: Pick<StoredReservation, "id" | "agencyId"> & { readonly priceCents: PriceCents },
  money: MoneyFacts,
  caller: MoneyCaller,
) => {
  const facts: PaymentFacts = { ...paymentFactsOf(reservation, money, caller), amount: draft.amount, day: draft.receivedAt };
  const event = {
    type,
    reservationId: reservation.id,
    amountCents: centsOf(draft.amount) ?? 0,
    receivedAt: draft.receivedAt,
    method: draft.method,
    reference: draft.reference.trim(),
    payer: draft.payer.trim(),
  } as const;
  return { event, facts };
};

/**
 * Records a payment received (staff) or reports one (an agency user, for its own agency's
 * reservation: another's is 404).
 */
export const receivePayment = async (tx: Queryable, draft: PaymentDraft, type: "payment.record" | "payment.report", caller: MoneyCaller): Promise<number> => {
  const { reservation } = await lockReservation(tx, draft.reservationId, caller.session);
  const { event, facts } = paymentReceivedOf(draft, type, reservation, await moneyFactsOf(tx, reservation.id), caller);
  return decideNew(tx, paymentRecord, event, optionsOf(caller), facts);
};

/** Records money paid back for a reservation. */
export const recordRefund = async (tx: Queryable, draft: RefundDraft, caller: MoneyCaller): Promise<number> => {
  const { reservation } = await lockReservation(tx, draft.reservationId, caller.session);
  const facts = { ...(await reservationFacts(tx, reservation, caller)), amount: draft.amount, day: draft.paidAt };
  const event = {
    type: "payment.refund",
    reservationId: reservation.id,
    amountCents: centsOf(draft.amount) ?? 0,
    paidAt: draft.paidAt,
    method: draft.method,
    reference: draft.reference.trim(),
  } as const;
  return decideNew(tx, paymentRecord, event, optionsOf(caller), facts);
};

const OwnRow = Schema.Struct({ reservation_id: Schema.Int, amount_cents: Schema.Int });

/** Verifies, rejects or voids a payment, judged with its reservation's facts under the reservation's lock; 404 for none. */
export const decidePayment = async (
  tx: Queryable,
  id: PaymentId,
  event: Extract<PaymentEvent, { readonly type: "payment.verify" | "payment.reject" | "payment.void" }>,
  caller: MoneyCaller,
): Promise<void> => {
  const own = orNotFound(await queryOne(tx, OwnRow, "select reservation_id, amount_cents from payments where id = $1", [id]));
  const { reservation } = await lockReservation(tx, own.reservation_id, caller.session);
  const facts = {
    ...(await reservationFacts(tx, reservation, caller)),
    ownCents: own.amount_cents,
    fieldProblem: event.type === "payment.verify" ? null : reasonProblem(event.reason),
  };
  const decided = event.type === "payment.verify" ? event : { ...event, reason: event.reason.trim() };
  await decide(tx, paymentRecord, String(id), decided, optionsOf(caller), facts);
};

const PaymentRow = Schema.Struct({
  id: PaymentId,
  reservation_id: ReservationId,
  reservation_code: Schema.String,
  agency_id: Schema.NullOr(Schema.Int),
  kind: PaymentKind,
  status: PaymentState,
  amount_cents: Schema.Int,
  received_at: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
  payer: Schema.String,
  reason: Schema.NullOr(Schema.String),
  created_at: Schema.Date,
  version: Schema.Int,
});
type PaymentRow = typeof PaymentRow.Type;

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  reservationId: row.reservation_id,
  reservationCode: row.reservation_code,
  agencyId: row.agency_id,
  kind: row.kind,
  state: row.status,
  amountCents: row.amount_cents,
  receivedAt: row.received_at,
  method: row.method,
  reference: row.reference,
  payer: row.payer,
  reason: row.reason,
  createdAt: row.created_at.toISOString(),
  version: row.version,
});

const selectPayments = `select p.id, p.reservation_id, r.code as reservation_code, p.agency_id, p.kind, p.status, p.amount_cents,
            to_char(p.received_at, 'YYYY-MM-DD') as received_at, p.method, p.reference, p.payer, p.reason, p.created_at, p.version
       from payments p join reservations r on r.id = p.reservation_id`;

/** One payment the caller may see (an agency user: its own agency's), or null. */
export const findPayment = async (db: Queryable, id: PaymentId, session: Session): Promise<Payment | null> => {
  const row = await queryOne(db, PaymentRow, `${selectPayments} where p.id = $1`, [id]);
  const agency = ownAgency(session);
  return row === null || (agency !== null && row.agency_id !== agency) ? null : toPayment(row);
};

export interface PaymentPage {
  readonly payments: Payment[];
  readonly meta: ListMeta;
}

/** A page of the payments the caller may see (an agency user: its own agency's), newest first. */
export const listPayments = async (db: Queryable, query: PaymentsQuery, session: Session): Promise<PaymentPage> => {
  const conditions = ["true"];
  const statement = statementParams();
  const { param } = statement;
  const agency = ownAgency(session) ?? query.agencyId;
  if (agency !== undefined) conditions.push(`p.agency_id = ${param(agency)}`);
  if (query.reservationId !== undefined) conditions.push(`p.reservation_id = ${param(query.reservationId)}`);
  if (query.state !== undefined) conditions.push(`p.status = ${param(query.state)}`);
  const read = { select: selectPayments, from: "payments p", where: `where ${conditions.join(" and ")}`, order: "p.created_at desc, p.id desc" };
  const { rows, meta } = await readPage(db, PaymentRow, read, statement, pageAsked(query, DEFAULT_PAYMENTS_PAGE_SIZE));
  return { payments: rows.map(toPayment), meta };
};

/** A reservation's account as its reader may see it now (an agency user: its own agency's), or null. */
export const readAccount = async (db: Queryable, id: ReservationId, caller: MoneyCaller): Promise<Account | null> => {
  const reservation = await findReservation(db, id, caller.session);
  return reservation === null ? null : reservationAccount(db, reservation, caller.now);
};
