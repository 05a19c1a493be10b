import type { ReservationId } from "../../../src/api/ids.ts";
import { type ReservationState, reasonProblem } from "../../../src/api/reservations.ts";
import { ecuadorDay } from "../../../src/machines/domain/calendar.ts";
import type { MoneyPolicyView } from "../../../src/api/money.ts";
import type { ConfirmFacts, CountedPayment, PriceCents } from "../../../src/machines/domain/money.ts";
import { noReservationFacts, type ReservationFacts, reservationMachine } from "../../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../../src/machines/domain/verdict.ts";
import type { Queryable } from "../../db/database.ts";
import { accountsOf } from "../../money/accounts.ts";
import { agencyCreditCents, countedPayments, dueCentsOf, policyTerms, readMoneyPolicy } from "../../money/facts.ts";
import { decideReservation, lockReservation } from "../decide.ts";
import { type Caller, commandOptions, timeLimitOf } from "../facts.ts";
import { reservationsWhere, type StoredReservation } from "../reads.ts";

/**
 * What an agency's other reservations owe, in cents, as their accounts work it out (decision 076):
 * each live (held or confirmed) one's balance, its spaces' kept penalties included, and each
 * canceled one's kept penalty still owed (a refund due owes nothing). Its open balance: what its
 * credit already covers.
 */
export const otherBalancesCents = async (tx: Queryable, agencyId: number, id: number, now: Date): Promise<ReadonlyArray<number>> => {
  const rows = await reservationsWhere(
    tx,
    "r.agency_id = $1 and r.id <> $2 and (r.status in ('reserved', 'confirmed') or (r.status = 'canceled' and r.penalty_cents <> 0))",
    [agencyId, id],
  );
  const accounts = await accountsOf(tx, rows, now);
  return rows.map((row) => openBalanceOf(row.state, accounts.get(row.id)?.balanceCents ?? 0));
};

/** Whether a reservation of the agency counts against its credit: live, or canceled keeping a penalty (the statement's rows above). */
export const countsAgainstCredit = (state: ReservationState, penaltyCents: number): boolean =>
  state === "reserved" || state === "confirmed" || (state === "canceled" && penaltyCents !== 0);

/** What a reservation that counts against its agency's credit owes of it: its balance, a canceled one's never below nothing (a refund due owes nothing). */
export const openBalanceOf = (state: ReservationState, balanceCents: number): number => (state === "canceled" ? Math.max(0, balanceCents) : balanceCents);

/** What confirming a reservation reads of its money, loaded under its lock (decision 065). */
export interface ConfirmationFacts {
  readonly policy: MoneyPolicyView;
  readonly payments: ReadonlyArray<CountedPayment>;
  /** The agency's credit limit in cents; null for a direct client. */
  readonly creditCents: number | null;
  /** The balances of the agency's other live reservations, in cents (none for a direct client). */
  readonly otherBalancesCents: ReadonlyArray<number>;
}

/**
 * A confirmation as the machine judges it (decision 065): the event, storing the terms in force
 * today and a reason when one is given, and the raw facts (its due and payments, the policy, the
 * agency's credit and other balances, who asks).
 */
export const confirmationOf = (
  reservation: Pick<StoredReservation, "agencyId" | "type" | "startDate" | "timeLimit"> & { readonly priceCents: PriceCents },
  loaded: ConfirmationFacts,
  caller: Pick<Caller, "session" | "now">,
  reason: string | undefined,
) => {
  const clock = caller.now.getTime();
  const given = reason?.trim() ?? "";
  const money: ConfirmFacts = {
    dueCents: dueCentsOf(reservation),
    payments: loaded.payments,
    policy: loaded.policy,
    type: reservation.type,
    startDate: reservation.startDate,
    creditCents: loaded.creditCents,
    otherBalancesCents: loaded.otherBalancesCents,
    role: caller.session.role,
  };
  const event = {
    type: "reservation.confirm",
    terms: { ...policyTerms(loaded.policy), confirmedOn: ecuadorDay(clock) },
    ...(given === "" ? {} : { reason: given }),
  } as const;
  const facts = { clock, currentTimeLimit: timeLimitOf(reservation), fieldProblem: given === "" ? null : reasonProblem(given), money } satisfies Partial<ReservationFacts>;
  return { event, facts };
};

/** A confirmation's event and facts, its money loaded under the reservation's lock. */
const confirmation = async (tx: Queryable, id: ReservationId, caller: Caller, reason: string | undefined) => {
  const { reservation } = await lockReservation(tx, id, caller.session);
  const agencyId = reservation.agencyId;
  const loaded: ConfirmationFacts = {
    policy: await readMoneyPolicy(tx),
    payments: await countedPayments(tx, id),
    creditCents: agencyId === null ? null : await agencyCreditCents(tx, agencyId),
    otherBalancesCents: agencyId === null ? [] : await otherBalancesCents(tx, agencyId, id, caller.now),
  };
  return { reservation, ...confirmationOf(reservation, loaded, caller, reason) };
};

/** Sells a held reservation once paid for: its deposit, its agency's credit or an admin's reason. */
export const confirmReservation = async (tx: Queryable, id: ReservationId, caller: Caller, reason?: string): Promise<void> => {
  const { event, facts } = await confirmation(tx, id, caller, reason);
  await decideReservation(tx, id, event, commandOptions(caller), facts);
};

/** Whether the machine would confirm a held reservation now, as it stands (the demo's sales on credit ask before). */
export const isConfirmable = async (tx: Queryable, id: ReservationId, caller: Caller): Promise<boolean> => {
  const { reservation, event, facts } = await confirmation(tx, id, caller, undefined);
  return judge(reservationMachine, reservation.state, event, { ...noReservationFacts, ...facts }).kind === "accepted";
};
