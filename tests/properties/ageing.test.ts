import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageingBucketOf, daysOverdue } from "../../src/machines/domain/ageing.ts";
import { addDays, ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { ledgerOf, type LedgerReservation } from "../../src/machines/domain/statement.ts";
import { paidCents } from "../../src/machines/domain/money.ts";

/**
 * Decision 068: the receivables report's ageing reads the clock, so it is judged at instants
 * drawn over years (any hour, month ends, leap days): a balance due `d` days before today, in the
 * mainland's days, is in the bucket of `d` whatever the instant. And an agency's statement
 * reconciles for any sequence of bookings and money: opening + charged - paid = closing, the
 * closing balance is the sum of its lines' balances, and a period reaching today closes at the
 * accounts' balances.
 */
const DAY = 86_400_000;
const FROM = Date.UTC(2026, 0, 1);

/** Any instant of four years, to the millisecond. */
const clock = fc.integer({ min: FROM, max: FROM + 4 * 366 * DAY });

/** The bucket of `d` days overdue, as DOMAIN.md section 10 names them. */
const expected = (days: number): string => {
  if (days <= 0) return "notDue";
  if (days <= 30) return "days1to30";
  if (days <= 60) return "days31to60";
  if (days <= 90) return "days61to90";
  return "over90";
};

describe("the ageing of a balance, at any instant", () => {
  it("puts a balance due d days before today (in Ecuador) in the bucket of d days overdue", () => {
    fc.assert(
      fc.property(clock, fc.integer({ min: -400, max: 400 }), (now, days) => {
        const today = ecuadorDay(now);
        const due = addDays(today, -days);
        expect(daysOverdue(due, today)).toBe(days);
        expect(ageingBucketOf(due, today)).toBe(expected(days));
      }),
      { numRuns: 2000 },
    );
  });

  it("moves a balance to its next bucket on the mainland's midnight, not the server's", () => {
    fc.assert(
      fc.property(clock, fc.constantFrom(0, 30, 60, 90), (now, edge) => {
        const today = ecuadorDay(now);
        const due = addDays(today, -edge);
        // the last millisecond of the day in Ecuador (UTC-5) and the first of the next
        const midnight = Date.parse(`${addDays(today, 1)}T05:00:00Z`);
        expect(ageingBucketOf(due, ecuadorDay(midnight - 1))).toBe(expected(edge));
        expect(ageingBucketOf(due, ecuadorDay(midnight))).toBe(expected(edge + 1));
      }),
      { numRuns: 500 },
    );
  });
});

const day = fc.integer({ min: 0, max: 120 }).map((offset) => addDays("2030-01-01", offset));

const reservation: fc.Arbitrary<LedgerReservation> = fc.record({
  id: fc.nat(1000),
  bookedOn: day,
  dueCents: fc.integer({ min: 0, max: 5_000_000 }),
  payments: fc.array(
    fc.record({
      kind: fc.constantFrom("payment" as const, "refund" as const),
      state: fc.constantFrom("reported" as const, "recorded" as const, "refunded" as const, "rejected" as const, "voided" as const),
      amountCents: fc.integer({ min: 1, max: 2_000_000 }),
      day,
    }),
    { maxLength: 6 },
  ),
});

describe("an agency's statement", () => {
  it("reconciles over any bookings and money: opening + charged - paid = closing = the sum of its lines; to today, the accounts' balances", () => {
    fc.assert(
      fc.property(fc.array(reservation, { maxLength: 12 }), day, day, (reservations, first, second) => {
        const [from, to] = first <= second ? [first, second] : [second, first];
        const ledger = ledgerOf(reservations, from, to);
        expect(ledger.closingCents).toBe(ledger.openingCents + ledger.chargedCents - ledger.paidCents);
        expect(ledger.closingCents).toBe(ledger.lines.reduce((sum, line) => sum + line.balanceCents, 0));
        for (const line of ledger.lines) expect(line.balanceCents).toBe(line.openingCents + line.chargedCents - line.paidCents);
        // a period from the first day to the last: every line closes at its account's balance (due - paid)
        const whole = ledgerOf(reservations, "2029-12-31", "2030-12-31");
        const balances = reservations.map((one) => one.dueCents - paidCents(one.payments)).reduce((sum, balance) => sum + balance, 0);
        expect(whole.closingCents).toBe(balances);
        expect(whole.openingCents).toBe(0);
        // the next period opens where this one closes
        expect(ledgerOf(reservations, addDays(to, 1), addDays(to, 30)).openingCents).toBe(ledgerOf(reservations, "2029-12-31", to).closingCents);
      }),
      { numRuns: 1000 },
    );
  });
});
