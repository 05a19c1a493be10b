import type { AgeingBucket, AgeingCents, ReceivableReservation, ReceivablesAgency, ReceivablesReport } from "../../src/api/reports.ts";
import { ageingBucketOf, daysOverdue } from "../../src/machines/domain/ageing.ts";
import { ecuadorDay } from "../../src/machines/domain/calendar.ts";
import type { Queryable } from "../db/database.ts";
import { datedAccountsOf } from "../money/accounts.ts";
import { reservationsWhere } from "../reservations/reads.ts";

/** Some balances added up by their bucket, and in total. */
const ageingOf = (owed: ReadonlyArray<ReceivableReservation>): AgeingCents => {
  const inBucket = (bucket: AgeingBucket) => owed.filter((reservation) => reservation.bucket === bucket).reduce((sum, reservation) => sum + reservation.balanceCents, 0);
  return {
    notDueCents: inBucket("notDue"),
    days1to30Cents: inBucket("days1to30"),
    days31to60Cents: inBucket("days31to60"),
    days61to90Cents: inBucket("days61to90"),
    over90Cents: inBucket("over90"),
    totalCents: owed.reduce((sum, reservation) => sum + reservation.balanceCents, 0),
  };
};

/**
 * The receivables report (decision 068): every sold reservation (confirmed, or canceled and still
 * owing) whose account has a balance today, aged from its balance due date in the mainland's days
 * (`ageingBucketOf`), by agency (direct clients together) and in total. A hold is not a receivable
 * yet: it is sold, or it expires.
 */
export const receivablesOf = async (db: Queryable, now: Date): Promise<ReceivablesReport> => {
  const today = ecuadorDay(now.getTime());
  const accounts = await datedAccountsOf(db, await reservationsWhere(db, "r.status in ('confirmed', 'canceled')", []), now);
  const reservations = accounts
    .filter(({ account }) => account.balanceCents > 0)
    .map(
      ({ reservation, account }): ReceivableReservation => ({
        id: reservation.id,
        code: reservation.code,
        agencyId: reservation.agencyId,
        agencyName: reservation.agencyName,
        cruiseCode: reservation.cruiseCode,
        yachtName: reservation.yachtName,
        startDate: reservation.startDate,
        balanceDueDate: account.balanceDueDate,
        daysOverdue: daysOverdue(account.balanceDueDate, today),
        bucket: ageingBucketOf(account.balanceDueDate, today),
        balanceCents: account.balanceCents,
      }),
    )
    .sort((a, b) => b.daysOverdue - a.daysOverdue || a.code.localeCompare(b.code));
  const byAgency = new Map<number | null, ReceivableReservation[]>();
  for (const reservation of reservations) byAgency.set(reservation.agencyId, [...(byAgency.get(reservation.agencyId) ?? []), reservation]);
  const agencies = [...byAgency].map(
    ([agencyId, owed]): ReceivablesAgency => ({ agencyId, agencyName: owed[0]?.agencyName ?? null, reservations: owed.length, ...ageingOf(owed) }),
  );
  return {
    at: today,
    agencies: agencies.sort((a, b) => b.totalCents - a.totalCents || (a.agencyName ?? "").localeCompare(b.agencyName ?? "")),
    reservations,
    total: ageingOf(reservations),
  };
};
