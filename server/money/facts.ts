/**
 * The raw money facts the reservation and payment commands read (decisions 062, 065): the policy
 * in force, a reservation's payments and due, the terms it was confirmed on, the penalty its
 * cancellations keep (decision 067). Apart from
 * server/money/money.ts so the reservations' commands read them without importing the payments'.
 */
import { Schema } from "effect";
import { defaultMoneyPolicy, MoneyPolicy, type MoneyPolicyView, PaymentKind, PaymentState } from "../../src/api/money.ts";
import { type ConfirmedTerms, type CountedPayment, dueOf, type PriceCents } from "../../src/machines/domain/money.ts";
import type { Queryable } from "../db/database.ts";
import { groupedBy, queryOne, queryRows } from "../db/rows.ts";
import { COMPANY_POLICY } from "./projection.ts";
import { SummedCents } from "../reservations/price.ts";

const PolicyRow = Schema.Struct({ policy: MoneyPolicy, version: Schema.Int });

/** The money policy in force and its version: DOMAIN.md's defaults (version 0) until an admin sets one. */
export const readMoneyPolicy = async (db: Queryable): Promise<MoneyPolicyView> => {
  const row = await queryOne(db, PolicyRow, "select policy, version from money_policies where id = $1", [COMPANY_POLICY]);
  return row === null ? { ...defaultMoneyPolicy, version: 0 } : { ...row.policy, version: row.version };
};

/** The policy's terms without the version it was edited at: what a confirmation stores. */
export const policyTerms = ({ version: _version, ...policy }: MoneyPolicyView): MoneyPolicy => policy;

const CountedRow = Schema.Struct({ reservation_id: Schema.Int, kind: PaymentKind, status: PaymentState, amount_cents: Schema.Int });

/** The payments and refunds of some reservations, in every state, as the account and the guards count them, by reservation. */
export const paymentsOf = async (db: Queryable, reservationIds: ReadonlyArray<number>): Promise<ReadonlyMap<number, ReadonlyArray<CountedPayment>>> => {
  if (reservationIds.length === 0) return new Map();
  const rows = await queryRows(db, CountedRow, "select reservation_id, kind, status, amount_cents from payments where reservation_id = any($1::int[])", [
    reservationIds,
  ]);
  return groupedBy(
    rows,
    (row) => row.reservation_id,
    (row): CountedPayment => ({ kind: row.kind, state: row.status, amountCents: row.amount_cents }),
  );
};

/** A reservation's payments and refunds, in every state. */
export const countedPayments = async (db: Queryable, reservationId: number): Promise<ReadonlyArray<CountedPayment>> =>
  (await paymentsOf(db, [reservationId])).get(reservationId) ?? [];

/** What a reservation's debtor owes, in cents (an agency the net, a direct client the total), from its price in cents. */
export const dueCentsOf = (reservation: { readonly agencyId: number | null; readonly priceCents: PriceCents }): number =>
  dueOf(reservation.priceCents, reservation.agencyId);

const TermsRow = Schema.Struct({ id: Schema.Int, terms: Schema.NullOr(Schema.Struct({ ...MoneyPolicy.fields, confirmedOn: Schema.String })) });

/** The terms some reservations were confirmed on, by reservation; one that never was (or was before decision 065) has none. */
export const confirmedTermsOf = async (db: Queryable, reservationIds: ReadonlyArray<number>): Promise<ReadonlyMap<number, ConfirmedTerms>> => {
  const byReservation = new Map<number, ConfirmedTerms>();
  if (reservationIds.length === 0) return byReservation;
  for (const { id, terms } of await queryRows(db, TermsRow, "select id, terms from reservations where id = any($1::int[])", [reservationIds])) {
    if (terms === null) continue;
    const { confirmedOn, ...policy } = terms;
    byReservation.set(id, { policy, confirmedOn });
  }
  return byReservation;
};

/** The terms a reservation was confirmed on, null while it never was (or was before decision 065). */
export const confirmedTerms = async (db: Queryable, reservationId: number): Promise<ConfirmedTerms | null> =>
  (await confirmedTermsOf(db, [reservationId])).get(reservationId) ?? null;

const PenaltyRow = Schema.Struct({ id: Schema.Int, penalty_cents: Schema.Int });

/** The penalty some reservations' cancellations keep now, in cents, by reservation (decision 067): one keeping none is left out. */
export const keptPenaltiesOf = async (db: Queryable, reservationIds: ReadonlyArray<number>): Promise<ReadonlyMap<number, number>> => {
  const byReservation = new Map<number, number>();
  if (reservationIds.length === 0) return byReservation;
  const rows = await queryRows(db, PenaltyRow, "select id, penalty_cents from reservations where id = any($1::int[]) and penalty_cents <> 0", [reservationIds]);
  for (const { id, penalty_cents } of rows) byReservation.set(id, penalty_cents);
  return byReservation;
};

/** The penalty a reservation's cancellations keep now, in cents (decision 067): 0 when none. */
export const keptPenaltyCents = async (db: Queryable, reservationId: number): Promise<number> =>
  (await keptPenaltiesOf(db, [reservationId])).get(reservationId) ?? 0;

const CreditRow = Schema.Struct({ credit: Schema.NullOr(SummedCents) });

/** An agency's credit limit in cents (the catalogue's `credit` detail, kept in cents, decision 088): 0 when it has none. */
export const agencyCreditCents = async (db: Queryable, agencyId: number): Promise<number> => {
  const row = await queryOne(db, CreditRow, "select (details->>'creditCents')::bigint::text as credit from agencies where id = $1", [agencyId]);
  return row?.credit ?? 0;
};
