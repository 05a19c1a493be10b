import type { ReservationId } from "../../../src/api/ids.ts";
import { reasonProblem } from "../../../src/api/reservations.ts";
import { ecuadorDay } from "../../../src/machines/domain/calendar.ts";
import type { ConfirmFacts } from "../../../src/machines/domain/money.ts";
import { noReservationFacts, type ReservationFacts, reservationMachine } from "../../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../../src/machines/domain/verdict.ts";
import type { Queryable } from "../../db/database.ts";
import { queryRows } from "../../db/rows.ts";
import { accountsOf } from "../../money/accounts.ts";
import { agencyCreditCents, countedPayments, dueCentsOf, policyTerms, readMoneyPolicy } from "../../money/facts.ts";
import { decideReservation, lockReservation } from "../decide.ts";
import { type Caller, commandOptions, timeLimitOf } from "../facts.ts";
import { ReservationRow, selectReservations, toSummary } from "../reads.ts";

/**
 * What an agency's other reservations owe, in cents, as their accounts work it out (decision 076):
 * each live (held or confirmed) one's balance, its spaces' kept penalties included, and each
 * canceled one's kept penalty still owed (a refund due owes nothing). Its open balance: what its
 * credit already covers.
 */
const otherBalancesCents = async (tx: Queryable, agencyId: number, id: number, now: Date): Promise<ReadonlyArray<number>> => {
  const rows = (
    await queryRows(
      tx,
      ReservationRow,
      `${selectReservations} where r.agency_id = $1 and r.id <> $2 and (r.status in ('reserved', 'confirmed') or (r.status = 'canceled' and r.penalty_cents <> 0))`,
      [agencyId, id],
    )
  ).map(toSummary);
  const accounts = await accountsOf(tx, rows, now);
  return rows.map((row) => {
    const balance = accounts.get(row.id)?.balanceCents ?? 0;
    return row.state === "canceled" ? Math.max(0, balance) : balance;
  });
};

/**
 * A confirmation as the machine judges it (decision 065): the event, storing the terms in force
 * today and a reason when one is given, and the raw facts loaded under the reservation's lock (its
 * due and payments, the policy, the agency's credit and other balances, who asks).
 */
const confirmation = async (tx: Queryable, id: ReservationId, caller: Caller, reason: string | undefined) => {
  const { reservation } = await lockReservation(tx, id, caller.session);
  const clock = caller.now.getTime();
  const policy = await readMoneyPolicy(tx);
  const agencyId = reservation.agencyId;
  const given = reason?.trim() ?? "";
  const money: ConfirmFacts = {
    dueCents: dueCentsOf(reservation),
    payments: await countedPayments(tx, id),
    policy,
    type: reservation.type,
    startDate: reservation.startDate,
    creditCents: agencyId === null ? null : await agencyCreditCents(tx, agencyId),
    otherBalancesCents: agencyId === null ? [] : await otherBalancesCents(tx, agencyId, id, caller.now),
    role: caller.session.role,
  };
  const event = {
    type: "reservation.confirm",
    terms: { ...policyTerms(policy), confirmedOn: ecuadorDay(clock) },
    ...(given === "" ? {} : { reason: given }),
  } as const;
  const facts = { clock, currentTimeLimit: timeLimitOf(reservation), fieldProblem: given === "" ? null : reasonProblem(given), money } satisfies Partial<ReservationFacts>;
  return { reservation, event, facts };
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
