import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messages } from "../../src/api/messages.ts";
import { cruiseMachine, noCruiseFacts } from "../../src/machines/domain/cruise.machine.ts";
import { noReservationFacts, type ReservationOpening, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { departureMoment } from "../../src/machines/domain/calendar.ts";
import { type HoldPolicy, latestTimeLimit } from "../../src/machines/domain/timeLimit.ts";
import { judge } from "../../src/machines/domain/verdict.ts";

/**
 * Issue 34, item 1: every rule that reads the clock, judged by its machine at clocks drawn over
 * years (any hour, month ends, leap days), not at one fixed date.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 0, 1);

/** Any instant of four years, to the millisecond. */
const clock = fc.integer({ min: FROM, max: FROM + 4 * 366 * DAY });
/** A calendar day from the clock's years (and a year around them). */
const day = fc.integer({ min: -400, max: 5 * 366 }).map((offset) => new Date(FROM + offset * DAY).toISOString().slice(0, 10));
const policy: fc.Arbitrary<HoldPolicy> = fc.record({
  holdDays: fc.integer({ min: 1, max: 30 }),
  cutoffDays: fc.integer({ min: 0, max: 90 }),
  finalHoldHours: fc.integer({ min: 1, max: 96 }),
  maxExtensions: fc.integer({ min: 0, max: 5 }),
});

const opening = (timeLimit: number): ReservationOpening => ({
  code: "RES-000001",
  cruiseId: 1,
  agencyId: null,
  reservationType: "general",
  executiveId: 1,
  timeLimit: new Date(timeLimit).toISOString(),
  notes: "",
  price: { totalCents: 0, commissionCents: 0, netCents: 0 },
  lines: [],
  spaces: [{ id: 1, cabinId: 1, genderId: 1 }],
});

const holdVerdict = (now: number, startDate: string, rules: HoldPolicy, timeLimit: number) =>
  judge(reservationMachine, null, { type: "reservation.hold", ...opening(timeLimit) }, {
    ...noReservationFacts,
    clock: now,
    policy: rules,
    departure: { startDate, scheduled: true },
  });

const messageOf = (verdict: ReturnType<typeof judge>): string | null => (verdict.kind === "refused" ? verdict.refusal.message : verdict.kind === "notAllowed" ? "notAllowed" : null);

describe("the rules that read the clock, at any instant", () => {
  it("hold a departure to come until the latest time limit the policy allows, and not a millisecond later", () => {
    fc.assert(
      fc.property(clock, day, policy, (now, startDate, rules) => {
        const departs = departureMoment(startDate);
        fc.pre(departs > now + 60_000);
        const latest = latestTimeLimit(now, departs, rules);
        expect(latest).toBeLessThanOrEqual(departs);
        expect(latest - now).toBeLessThanOrEqual(departs - now <= rules.cutoffDays * DAY ? rules.finalHoldHours * HOUR : rules.holdDays * DAY);
        expect(messageOf(holdVerdict(now, startDate, rules, latest))).toBeNull();
        expect(messageOf(holdVerdict(now, startDate, rules, latest + 1))).toBe(messages.timeLimitNotAllowed);
        expect(messageOf(holdVerdict(now, startDate, rules, now))).toBe(messages.timeLimitNotAllowed);
      }),
      { numRuns: 400 },
    );
  });

  it("sell no berth of a departure whose day has begun in Ecuador", () => {
    fc.assert(
      fc.property(clock, day, (now, startDate) => {
        const begun = departureMoment(startDate) <= now;
        const verdict = holdVerdict(now, startDate, noReservationFacts.policy, now + HOUR);
        expect(messageOf(verdict) === messages.notAllowedNow).toBe(begun);
      }),
      { numRuns: 400 },
    );
  });

  it("confirm a hold only before its time limit, and expire it only after", () => {
    fc.assert(
      fc.property(clock, fc.integer({ min: -3 * DAY, max: 3 * DAY }), (now, offset) => {
        const facts = { ...noReservationFacts, clock: now, currentTimeLimit: now + offset };
        const passed = offset <= 0;
        expect(judge(reservationMachine, "reserved", { type: "reservation.confirm" }, facts).kind === "accepted").toBe(!passed);
        expect(judge(reservationMachine, "reserved", { type: "reservation.expire" }, facts).kind === "accepted").toBe(passed);
      }),
      { numRuns: 400 },
    );
  });

  it("schedule a departure only on a day to come, and keep a sailed one's day when it is edited", () => {
    fc.assert(
      fc.property(clock, day, (now, startDate) => {
        const fields = {
          code: "GEX",
          yachtId: 1,
          cruiseItineraryId: 1,
          startDate,
          endDate: startDate,
          guideIds: [1],
          languageIds: [],
          captainId: null,
          hotelierId: null,
          notes: "",
        };
        const facts = { ...noCruiseFacts, clock: now, oneByOne: true };
        const begun = departureMoment(startDate) <= now;
        expect(messageOf(judge(cruiseMachine, null, { type: "cruise.schedule", ...fields }, facts)) === messages.departureInPast).toBe(begun);
        expect(judge(cruiseMachine, "scheduled", { type: "cruise.edit", ...fields }, { ...facts, currentStartDate: startDate }).kind).toBe("accepted");
      }),
      { numRuns: 400 },
    );
  });

  it("seat in a Child space exactly who is under 12 on the day of departure, leap-day birthdays included", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 30 * 366 }), fc.boolean(), (departureDay, daysOld, childSpace) => {
        const born = new Date(Date.parse(`${departureDay}T00:00:00Z`) - daysOld * DAY);
        const birthday = born.toISOString().slice(0, 10);
        // the twelfth birthday as a calendar reads it: the same month and day twelve years on (29 February: 1 March when the year has none)
        const twelfth = new Date(Date.UTC(born.getUTCFullYear() + 12, born.getUTCMonth(), born.getUTCDate()));
        const under12 = departureMoment(departureDay) < departureMoment(twelfth.toISOString().slice(0, 10));
        const verdict = judge(spaceMachine, "reserved", { type: "space.assign", passengerId: 1 }, {
          fieldProblem: null,
          passenger: { gender: "female", birthday, otherSpacesOnDeparture: 0 },
          spaceType: childSpace ? { sex: "", child: true } : { sex: "female", child: false },
          departureDay,
        });
        expect(messageOf(verdict) === messages.childAgeMismatch).toBe(childSpace !== under12);
      }),
      { numRuns: 600 },
    );
  });
});
