/**
 * Reservations' accounts read together (decisions 062, 067): for one reservation's page, for the
 * reservations list narrowed by money state or sorted by balance, and for the balance reminders.
 * Each is `accountOf` (src/machines/domain/money.ts) over the raw facts loaded here in a few
 * statements whatever the number of reservations: their payments, the policy in force, the terms
 * each was confirmed on and the penalty its cancellations keep.
 */
import { Schema } from "effect";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { type Account, type MoneyState, reservationAccount } from "../../src/api/money.ts";
import type { ReservationSummary } from "../../src/api/reservations.ts";
import { accountOf } from "../../src/machines/domain/money.ts";
import type { Session } from "../accounts/sessions.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { paymentsOf, priceCents, readMoneyPolicy, StoredTerms, termsOf } from "./facts.ts";

/** What an account reads of a reservation besides its summary: its terms and kept penalty. */
export type AccountSubject = Pick<ReservationSummary, "id" | "price" | "agencyId" | "type" | "state" | "startDate">;

const MoneyRow = Schema.Struct({ id: Schema.Int, terms: StoredTerms, penalty_cents: Schema.Int });

/** The accounts of some reservations at an instant, by reservation. */
export const accountsOf = async (db: Queryable, reservations: ReadonlyArray<AccountSubject>, now: Date): Promise<ReadonlyMap<number, Account>> => {
  const accounts = new Map<number, Account>();
  if (reservations.length === 0) return accounts;
  const ids = reservations.map(({ id }) => id);
  const [payments, policy, rows] = await Promise.all([
    paymentsOf(db, ids),
    readMoneyPolicy(db),
    queryRows(db, MoneyRow, "select id, terms, penalty_cents from reservations where id = any($1::int[])", [ids]),
  ]);
  const money = new Map(rows.map((row) => [row.id, row]));
  for (const reservation of reservations) {
    const row = money.get(reservation.id);
    accounts.set(
      reservation.id,
      accountOf({
        price: priceCents(reservation.price),
        agencyId: reservation.agencyId,
        type: reservation.type,
        state: reservation.state,
        startDate: reservation.startDate,
        payments: payments.get(reservation.id) ?? [],
        policy,
        terms: termsOf(row?.terms ?? null),
        keptPenaltyCents: row?.penalty_cents ?? 0,
        clock: now.getTime(),
      }),
    );
  }
  return accounts;
};

/** How the reservations list narrows and orders by money (decision 067). */
export interface MoneyQuery {
  readonly moneyState?: MoneyState | undefined;
  /** `balance`: the largest balance first (a refund due is a negative balance: last). */
  readonly sort?: "balance" | undefined;
}

/** Who reads accounts (admin, sales, an agency user its own): marketing reads reservations but no money. */
const readsMoney = (session: Session): boolean => reservationAccount.access.kind === "session" && reservationAccount.access.roles.includes(session.role);

/**
 * Reservations narrowed to a money state and, when asked, ordered by balance (largest first; the
 * order they came in among equal balances), for a reader of money (else 403). The money state
 * reads the clock (overdue begins the day after the balance due date), so it is worked out here,
 * not stored.
 */
export const byMoney = async <R extends AccountSubject>(
  db: Queryable,
  reservations: ReadonlyArray<R>,
  query: MoneyQuery,
  caller: { readonly session: Session; readonly now: Date },
): Promise<ReadonlyArray<R>> => {
  if (!readsMoney(caller.session)) throw new ApiError(403, messages.forbidden);
  const accounts = await accountsOf(db, reservations, caller.now);
  const balance = (reservation: R): number => accounts.get(reservation.id)?.balanceCents ?? 0;
  const chosen = query.moneyState === undefined ? reservations : reservations.filter((reservation) => accounts.get(reservation.id)?.moneyState === query.moneyState);
  return query.sort === "balance" ? [...chosen].sort((a, b) => balance(b) - balance(a)) : chosen;
};
