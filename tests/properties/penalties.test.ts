import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BalanceReminder, defaultMoneyPolicy, type MoneyPolicy, type PenaltyStep } from "../../src/api/money.ts";
import { addDays, daysBetween, departureMoment, ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { accountOf, BALANCE_REMINDER_DAYS, type CancelFacts, depositDueOf, penaltyOf } from "../../src/machines/domain/money.ts";
import { noReservationFacts, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";

/**
 * Decision 067: the cancellation penalty and the balance reminders read the clock, so they are
 * judged at instants drawn over years (any hour of the day, in Ecuador or not), and at the days
 * around their thresholds: a sale canceled `balanceDays` (charter: `charterBalanceDays`) or more
 * days before its departure keeps the deposit due, nearer all of it, a hold nothing; a later
 * cancel never keeps less; a balance owed is reminded once in the week before its due date and
 * once on the day, never otherwise, whatever instants the server happens to run at.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 0, 1);

/** A departure day over four years. */
const startDate = fc.integer({ min: 0, max: 4 * 366 }).map((offset) => addDays("2026-01-01", offset));
/** An instant within a day in Ecuador, to the millisecond: its start (05:00 UTC) plus up to a day. */
const within = fc.integer({ min: 0, max: DAY - 1 });
/** An instant on the day `days` before a departure, at any hour. */
const daysBefore = (start: string, days: number, ms: number): number => departureMoment(start) - days * DAY + ms;

const due = fc.integer({ min: 0, max: 5_000_000 });
const type = fc.constantFrom("general", "contract", "familyRoom", "ikarus", "charter");

const facts = (overrides: Partial<CancelFacts>): CancelFacts => ({
  canceledDueCents: 360_000,
  type: "general",
  state: "confirmed",
  startDate: "2030-06-06",
  policy: defaultMoneyPolicy,
  terms: { policy: defaultMoneyPolicy, confirmedOn: "2030-01-15" },
  ...overrides,
});

/** The reference rule of DOMAIN.md section 10 with the default schedule. */
const expectedPenalty = (cancel: CancelFacts, clock: number): number => {
  if (cancel.state !== "confirmed" || cancel.canceledDueCents <= 0) return 0;
  const threshold = cancel.type === "charter" ? defaultMoneyPolicy.charterBalanceDays : defaultMoneyPolicy.balanceDays;
  const days = daysBetween(ecuadorDay(clock), cancel.startDate);
  const confirmedOn = cancel.terms?.confirmedOn ?? ecuadorDay(clock);
  return days >= threshold ? depositDueOf(cancel.canceledDueCents, defaultMoneyPolicy, cancel.type, cancel.startDate, confirmedOn) : cancel.canceledDueCents;
};

describe("the cancellation penalty", () => {
  it("keeps the deposit due at the balance days or more before departure, all of it nearer, at any hour around the threshold", () => {
    fc.assert(
      fc.property(startDate, type, due, fc.integer({ min: -4, max: 4 }), within, fc.integer({ min: 1, max: 400 }), (start, kind, cents, around, ms, soldBefore) => {
        const threshold = kind === "charter" ? defaultMoneyPolicy.charterBalanceDays : defaultMoneyPolicy.balanceDays;
        const clock = daysBefore(start, threshold + around, ms);
        const cancel = facts({ startDate: start, type: kind, canceledDueCents: cents, terms: { policy: defaultMoneyPolicy, confirmedOn: addDays(ecuadorDay(clock), -soldBefore) } });
        const penalty = penaltyOf(cancel, clock);
        expect(penalty).toBe(expectedPenalty(cancel, clock));
        // the day counted is Ecuador's: `around` days off the threshold whatever the hour
        expect(daysBetween(ecuadorDay(clock), start)).toBe(threshold + around);
        if (around < 0) expect(penalty).toBe(cents);
        expect(penalty).toBeGreaterThanOrEqual(0);
        expect(penalty).toBeLessThanOrEqual(cents);
      }),
      { numRuns: 500 },
    );
  });

  it("never keeps less for a later cancel, and nothing of a hold or a waiting list, at any instant", () => {
    fc.assert(
      fc.property(
        startDate,
        type,
        due,
        fc.integer({ min: FROM, max: FROM + 4 * 366 * DAY }),
        fc.integer({ min: 0, max: 200 * DAY }),
        fc.constantFrom("reserved", "waiting", "confirmed", "canceled"),
        (start, kind, cents, clock, later, state) => {
          const cancel = facts({ startDate: start, type: kind, canceledDueCents: cents, terms: { policy: defaultMoneyPolicy, confirmedOn: ecuadorDay(FROM) } });
          expect(penaltyOf(cancel, clock + later)).toBeGreaterThanOrEqual(penaltyOf(cancel, clock));
          expect(penaltyOf({ ...cancel, state }, clock)).toBe(state === "confirmed" ? penaltyOf(cancel, clock) : 0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("follows any schedule of the terms it was sold on, not the policy edited since", () => {
    const step: fc.Arbitrary<PenaltyStep> = fc.record({ daysBefore: fc.integer({ min: 1, max: 200 }), keptPercent: fc.option(fc.integer({ min: 0, max: 100 })) });
    fc.assert(
      fc.property(fc.uniqueArray(step, { selector: (s) => s.daysBefore, maxLength: 4 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: -10, max: 250 }), within, due, (steps, last, days, ms, cents) => {
        const schedule = [...steps, { daysBefore: 0, keptPercent: last }];
        const sold: MoneyPolicy = { ...defaultMoneyPolicy, penalties: { general: schedule, charter: schedule } };
        const cancel = facts({ canceledDueCents: cents, terms: { policy: sold, confirmedOn: "2030-01-15" }, policy: defaultMoneyPolicy });
        const clock = daysBefore("2030-06-06", days, ms);
        const reached = schedule.filter((s) => s.daysBefore <= Math.max(0, days)).sort((a, b) => b.daysBefore - a.daysBefore)[0];
        const kept = reached?.keptPercent ?? null;
        const expected = kept === null ? depositDueOf(cents, sold, "general", "2030-06-06", "2030-01-15") : Math.floor((cents * kept + 50) / 100);
        expect(penaltyOf(cancel, clock)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("is kept on the account: due = live due + kept, balance = due - paid, refund due = paid beyond the due", () => {
    fc.assert(
      fc.property(due, fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 5_000_000 }), fc.boolean(), (live, kept, paid, canceled) => {
        const account = accountOf({
          price: { totalCents: canceled ? 0 : live, commissionCents: 0, netCents: canceled ? 0 : live },
          agencyId: null,
          type: "general",
          state: canceled ? "canceled" : "confirmed",
          startDate: "2030-06-06",
          payments: paid === 0 ? [] : [{ kind: "payment", state: "recorded", amountCents: paid }],
          policy: defaultMoneyPolicy,
          terms: { policy: defaultMoneyPolicy, confirmedOn: "2030-01-15" },
          keptPenaltyCents: kept,
          clock: Date.parse("2030-03-01T17:00:00Z"),
        });
        const owed = (canceled ? 0 : live) + kept;
        expect(account.dueCents).toBe(owed);
        expect(account.balanceCents).toBe(owed - paid);
        expect(account.refundDueCents).toBe(Math.max(0, paid - owed));
        expect(account.keptPenaltyCents).toBe(kept);
        expect(account.moneyState === "refundDue").toBe(paid > owed);
        if (canceled) {
          expect(account.penaltyCents).toBe(kept);
          expect(account.moneyState).toBe(paid > owed ? "refundDue" : paid === owed ? "settled" : "unpaid");
        } else expect(account.penaltyCents).toBeGreaterThanOrEqual(kept);
      }),
    );
  });
});

describe("the balance reminders", () => {
  it("go once a week before the balance due date and once on the day, whatever instants the servers run at", () => {
    fc.assert(
      fc.property(
        startDate,
        fc.array(fc.integer({ min: -20 * DAY, max: 5 * DAY }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 300_000 }),
        (start, offsets, balanceCents) => {
          const balanceDueDate = addDays(start, -defaultMoneyPolicy.balanceDays);
          const dueMoment = departureMoment(balanceDueDate);
          const instants = [...offsets].sort((a, b) => a - b).map((offset) => dueMoment + offset);
          const reminded: BalanceReminder[] = [];
          for (const clock of instants) {
            for (const reminder of ["weekBefore", "dueDay"] as const) {
              const verdict = judge(reservationMachine, "confirmed", { type: "reservation.remindBalance", reminder, balanceCents }, {
                ...noReservationFacts,
                clock,
                balance: { balanceCents, balanceDueDate, reminded: [...reminded] },
              });
              if (verdict.kind === "accepted") reminded.push(reminder);
              else expect(verdict).toMatchObject({ kind: "refused", refusal: { guard: "isBalanceReminderNotDue" } });
            }
          }
          const days = instants.map((clock) => daysBetween(ecuadorDay(clock), balanceDueDate));
          const inWeek = days.some((left) => left >= 1 && left <= BALANCE_REMINDER_DAYS);
          const onDay = days.some((left) => left === 0);
          const expected = balanceCents > 0 ? [...(inWeek ? ["weekBefore"] : []), ...(onDay ? ["dueDay"] : [])] : [];
          expect(reminded).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});
