/**
 * Reservations' accounts (decisions 062, 067, 068): one reservation's for its page, its voucher
 * and its receipts; many at once for the reservations list narrowed by money state or sorted by
 * balance, the balance reminders, money's statements and reports. Each is `accountOf`
 * (src/machines/domain/money.ts) over the same raw facts: its price with its passengers' air
 * tickets, its payments, the terms it was confirmed on, the penalty its cancellations keep, the
 * policy in force and the clock, loaded in a few statements whatever the number of reservations.
 */
import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { type Account, type MoneyPolicyView, type MoneyState, PaymentKind, PaymentState, reservationAccount as accountEndpoint } from "../../src/api/money.ts";
import type { ReservationSummary, ReservationsSort } from "../../src/api/reservations.ts";
import { ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { accountOf, type ConfirmedTerms, type CountedPayment, type PriceCents } from "../../src/machines/domain/money.ts";
import type { DatedPayment } from "../../src/machines/domain/statement.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Queryable } from "../db/database.ts";
import { groupedBy, queryRows } from "../db/rows.ts";
import type { PricedSummary } from "../reservations/reads.ts";
import { confirmedTermsOf, keptPenaltiesOf, paymentsOf, readMoneyPolicy } from "./facts.ts";

/** What a reservation's account is worked out from, besides its payments, its terms, its kept penalty and the policy. */
export type AccountedReservation = Pick<ReservationSummary, "id" | "agencyId" | "type" | "state" | "startDate"> & { readonly priceCents: PriceCents };

/** The money facts of some reservations besides their payments, by reservation, and the policy in force. */
interface MoneyFacts {
  readonly terms: ReadonlyMap<number, ConfirmedTerms>;
  readonly keptPenalties: ReadonlyMap<number, number>;
  readonly policy: MoneyPolicyView;
}

const moneyFactsOf = async (db: Queryable, reservationIds: ReadonlyArray<number>): Promise<MoneyFacts> => ({
  terms: await confirmedTermsOf(db, reservationIds),
  keptPenalties: await keptPenaltiesOf(db, reservationIds),
  policy: await readMoneyPolicy(db),
});

/** A reservation's account at `now` from its payments and the facts loaded for it. */
const accountWith = (reservation: AccountedReservation, payments: ReadonlyArray<CountedPayment>, facts: MoneyFacts, now: Date): Account =>
  accountOf({
    price: reservation.priceCents,
    agencyId: reservation.agencyId,
    type: reservation.type,
    state: reservation.state,
    startDate: reservation.startDate,
    payments,
    policy: facts.policy,
    terms: facts.terms.get(reservation.id) ?? null,
    keptPenaltyCents: facts.keptPenalties.get(reservation.id) ?? 0,
    clock: now.getTime(),
  });

/** One reservation's account read at `now`: what its page, its voucher, its receipts and its balance reminders show. */
export const reservationAccount = async (db: Queryable, reservation: AccountedReservation, now: Date): Promise<Account> => {
  const payments = await paymentsOf(db, [reservation.id]);
  return accountWith(reservation, payments.get(reservation.id) ?? [], await moneyFactsOf(db, [reservation.id]), now);
};

/** The accounts of some reservations at an instant, by reservation. */
export const accountsOf = async (db: Queryable, reservations: ReadonlyArray<AccountedReservation>, now: Date): Promise<ReadonlyMap<number, Account>> => {
  const ids = reservations.map(({ id }) => id);
  const payments = await paymentsOf(db, ids);
  const facts = await moneyFactsOf(db, ids);
  return new Map(reservations.map((reservation) => [reservation.id, accountWith(reservation, payments.get(reservation.id) ?? [], facts, now)]));
};

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
  if (reservationIds.length === 0) return new Map();
  const rows = await queryRows(
    db,
    DatedRow,
    "select reservation_id, kind, status, amount_cents, to_char(received_at, 'YYYY-MM-DD') as day from payments where reservation_id = any($1::int[])",
    [reservationIds],
  );
  return groupedBy(
    rows,
    (row) => row.reservation_id,
    (row): DatedPayment => ({ kind: row.kind, state: row.status, amountCents: row.amount_cents, day: row.day }),
  );
};

/**
 * The accounts of some reservations (as `reservationsWhere` reads them) at `now`, in their order,
 * with the day each was booked and its payments' days. The reservations are read by the caller:
 * server/reservations/reads.ts narrows its list by these accounts, so this file reads none.
 */
export const datedAccountsOf = async (db: Queryable, reservations: ReadonlyArray<PricedSummary>, now: Date): Promise<ReadonlyArray<ReservationAccount>> => {
  const ids = reservations.map((reservation) => reservation.id);
  const payments = await datedPaymentsOf(db, ids);
  const facts = await moneyFactsOf(db, ids);
  return reservations.map((reservation) => {
    const own = payments.get(reservation.id) ?? [];
    return { reservation, account: accountWith(reservation, own, facts, now), bookedOn: ecuadorDay(Date.parse(reservation.createdAt)), payments: own };
  });
};

/** How the reservations list narrows and orders by money (decision 067). */
export interface MoneyQuery {
  readonly moneyState?: MoneyState | undefined;
  /** `balance`: the largest balance first (a refund due is a negative balance: last), or the smallest with `order=asc`; any other order came with the reservations. */
  readonly sort?: ReservationsSort | undefined;
  readonly order?: "asc" | "desc" | undefined;
}

/** Who reads accounts (admin, sales, an agency user its own): marketing reads reservations but no money. */
const readsMoney = (session: Session): boolean => accountEndpoint.access.kind === "session" && accountEndpoint.access.roles.includes(session.role);

/**
 * Reservations narrowed to a money state and, when asked, ordered by balance (largest first unless ascending; the
 * order they came in among equal balances), for a reader of money (else 403). The money state
 * reads the clock (overdue begins the day after the balance due date), so it is worked out here,
 * not stored.
 */
export const byMoney = async <R extends AccountedReservation>(
  db: Queryable,
  reservations: ReadonlyArray<R>,
  query: MoneyQuery,
  caller: { readonly session: Session; readonly now: Date },
): Promise<ReadonlyArray<R>> => {
  if (!readsMoney(caller.session)) throw new ApiError(403, messages.forbidden);
  const accounts = await accountsOf(db, reservations, caller.now);
  const balance = (reservation: R): number => accounts.get(reservation.id)?.balanceCents ?? 0;
  const chosen = query.moneyState === undefined ? reservations : reservations.filter((reservation) => accounts.get(reservation.id)?.moneyState === query.moneyState);
  if (query.sort !== "balance") return chosen;
  return query.order === "asc" ? [...chosen].sort((a, b) => balance(a) - balance(b)) : [...chosen].sort((a, b) => balance(b) - balance(a));
};
