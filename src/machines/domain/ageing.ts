import type { AgeingBucket } from "../../api/reports.ts";

/**
 * How long a receivable has been overdue (DOMAIN.md section 10: the receivables report's ageing),
 * counted in the mainland's calendar days from the balance due date (decision 068). Pure, so the
 * report, its tests and any screen read the same buckets.
 */

const DAY = 86_400_000;

/** Whole days from the balance due date to today: 0 or less while it is not due yet (the due day itself is not overdue). */
export const daysOverdue = (balanceDueDate: string, today: string): number =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${balanceDueDate}T00:00:00Z`)) / DAY);

/** The bucket of a balance: not due, 1-30, 31-60, 61-90 or over 90 days overdue. */
export const ageingBucketOf = (balanceDueDate: string, today: string): AgeingBucket => {
  const days = daysOverdue(balanceDueDate, today);
  if (days <= 0) return "notDue";
  if (days <= 30) return "days1to30";
  if (days <= 60) return "days31to60";
  if (days <= 90) return "days61to90";
  return "over90";
};
