/**
 * Balance reminders (DOMAIN.md section 10, decision 067): a confirmed reservation owing a balance
 * is mailed to its executive and its agency a week before its balance due date and on the day,
 * each exactly once across servers and restarts, as a hold's time limit reminder is
 * (server/reservations/reminders.ts, `remindDue`): each reservation is claimed in its own short
 * transaction with `for update skip locked`, the reservation machine judges the reminder on the
 * account read under that claim (`balanceReminderOf`), the event marks it sent, and the mails go
 * once the transaction has committed.
 */
import { Schema } from "effect";
import { BalanceReminder } from "../../src/api/money.ts";
import { ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { BALANCE_REMINDER_DAYS } from "../../src/machines/domain/money.ts";
import { noReservationFacts, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";
import { decideReservation } from "../reservations/decide.ts";
import { reservationsWhere } from "../reservations/reads.ts";
import { reservationAccount } from "./accounts.ts";
import { readMoneyPolicy } from "./facts.ts";

/** A balance reminder to mail: to whom, the reservation's code, the balance owed and its due date, and which reminder. */
export interface BalanceNotice {
  readonly to: ReadonlyArray<string>;
  readonly code: string;
  readonly balanceCents: number;
  readonly balanceDueDate: string;
  readonly reminder: BalanceReminder;
}

const CandidateRow = Schema.Struct({ id: Schema.Int });

const ClaimedRow = Schema.Struct({
  id: Schema.Int,
  code: Schema.String,
  balance_reminders: Schema.Array(BalanceReminder),
  executive_email: Schema.NullOr(Schema.String),
  agency_email: Schema.NullOr(Schema.String),
});

/**
 * Marks the balance reminders due now as sent, once each, and answers the mails to send once
 * their transactions have committed (a mail sent inside one could not be taken back if it rolled
 * back). The candidates are the confirmed reservations with a reminder left whose balance due
 * date (the departure less the balance days of the terms it was confirmed on, or of the policy in
 * force when it stored none) falls within the reminders' week: a narrowing only, the machine
 * judges each on its account.
 */
export const remindBalancesDue = async (
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  now: Date,
): Promise<ReadonlyArray<BalanceNotice>> => {
  const today = ecuadorDay(now.getTime());
  const policy = await readMoneyPolicy(db);
  const candidates = await queryRows(
    db,
    CandidateRow,
    `select r.id from reservations r join cruises c on c.id = r.cruise_id
      where r.status = 'confirmed' and cardinality(r.balance_reminders) < 2
        and c.start_date - case when r.type = 'charter' then coalesce((r.terms->>'charterBalanceDays')::int, $2::int)
                                else coalesce((r.terms->>'balanceDays')::int, $3::int) end
            between $1::date and $1::date + $4::int
      order by c.start_date, r.id limit 100`,
    [today, policy.charterBalanceDays, policy.balanceDays, BALANCE_REMINDER_DAYS],
  );
  const notices: BalanceNotice[] = [];
  for (const { id } of candidates) {
    const notice = await db.transaction(async (tx): Promise<BalanceNotice | null> => {
      const claimed = await queryOne(
        tx,
        ClaimedRow,
        `select r.id, r.code, r.balance_reminders, u.email as executive_email, nullif(trim(a.details->>'email'), '') as agency_email
           from reservations r left join users u on u.id = r.executive_id left join agencies a on a.id = r.agency_id
          where r.id = $1 and r.status = 'confirmed' for update of r skip locked`,
        [id],
      );
      if (claimed === null) return null;
      const [summary] = await reservationsWhere(tx, "r.id = $1", [id]);
      if (summary === undefined) return null;
      const account = await reservationAccount(tx, summary, now);
      const balance = { balanceCents: account.balanceCents, balanceDueDate: account.balanceDueDate, reminded: claimed.balance_reminders };
      const facts = { ...noReservationFacts, clock: now.getTime(), balance };
      const reminder = (["weekBefore", "dueDay"] as const).find(
        (candidate) =>
          judge(reservationMachine, "confirmed", { type: "reservation.remindBalance", reminder: candidate, balanceCents: account.balanceCents }, facts).kind === "accepted",
      );
      if (reminder === undefined) return null;
      await decideReservation(tx, id, { type: "reservation.remindBalance", reminder, balanceCents: account.balanceCents }, { actorId: null, occurredAt: now }, facts);
      const to = [...new Set([claimed.executive_email, claimed.agency_email].filter((email) => email !== null))];
      return { to, code: claimed.code, balanceCents: account.balanceCents, balanceDueDate: account.balanceDueDate, reminder };
    });
    if (notice !== null && notice.to.length > 0) notices.push(notice);
  }
  return notices;
};
