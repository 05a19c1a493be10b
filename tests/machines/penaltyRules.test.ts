/**
 * A reservation's money commands as guards of its domain machine (decision 067), judged as the
 * server judges them: from a stored status, with the facts it loaded; every refusing branch, and
 * the replay (no facts) that accepts what was decided.
 */
import { describe, expect, it } from "vitest";
import { messages } from "../../src/api/messages.ts";
import { noReservationFacts, type ReservationEvent, reservationMachine } from "../../src/machines/domain/reservation.machine.ts";
import { judge, nextStatus } from "../../src/machines/domain/verdict.ts";

const waive: ReservationEvent = { type: "reservation.waivePenalty", reason: "Cliente frecuente", waivedCents: 54_000 };
const week: ReservationEvent = { type: "reservation.remindBalance", reminder: "weekBefore", balanceCents: 126_000 };
const onTheDay: ReservationEvent = { type: "reservation.remindBalance", reminder: "dueDay", balanceCents: 126_000 };
/** 31 March 2030, noon in Ecuador: seven days before a balance due on 7 April. */
const clock = Date.parse("2030-03-31T17:00:00Z");
const owing = { balanceCents: 126_000, balanceDueDate: "2030-04-07", reminded: [] };

const refused = (status: number, message: string, guard: string) => ({ kind: "refused", refusal: { status, message, guard } });

describe("waiving a penalty", () => {
  it.each(["confirmed", "canceled"])("is taken from %s while a penalty is kept, and stays there", (state) => {
    expect(judge(reservationMachine, state, waive, { ...noReservationFacts, keptPenaltyCents: 54_000 })).toEqual({ kind: "accepted", status: state });
    expect(nextStatus(reservationMachine, state, waive)).toBe(state);
  });

  it("refuses none kept, then a reason missing or too long first", () => {
    expect(judge(reservationMachine, "canceled", waive, noReservationFacts)).toEqual(refused(409, messages.noPenaltyToWaive, "hasNoPenalty"));
    expect(judge(reservationMachine, "canceled", waive, { ...noReservationFacts, fieldProblem: "required" })).toEqual(
      refused(400, messages.requiredInformation, "isIncomplete"),
    );
    expect(judge(reservationMachine, "canceled", waive, { ...noReservationFacts, fieldProblem: "invalid", keptPenaltyCents: 1 })).toEqual(
      refused(400, messages.invalidInput, "hasMalformedField"),
    );
  });

  it.each(["reserved", "waiting", "deleted"])("is not taken while %s: a hold or a waiting list never keeps one", (state) => {
    expect(judge(reservationMachine, state, waive, { ...noReservationFacts, keptPenaltyCents: 54_000 })).toEqual({ kind: "notAllowed" });
  });
});

describe("a balance reminder", () => {
  it("is taken once in the week before the due date, and once on the day, while a balance is owed", () => {
    expect(judge(reservationMachine, "confirmed", week, { ...noReservationFacts, clock, balance: owing })).toEqual({ kind: "accepted", status: "confirmed" });
    const sent = { ...owing, reminded: ["weekBefore" as const] };
    expect(judge(reservationMachine, "confirmed", week, { ...noReservationFacts, clock, balance: sent })).toMatchObject({ kind: "refused" });
    expect(judge(reservationMachine, "confirmed", onTheDay, { ...noReservationFacts, clock, balance: sent })).toMatchObject({ kind: "refused" });
    const dueDay = Date.parse("2030-04-07T17:00:00Z");
    expect(judge(reservationMachine, "confirmed", onTheDay, { ...noReservationFacts, clock: dueDay, balance: sent })).toEqual({ kind: "accepted", status: "confirmed" });
    expect(judge(reservationMachine, "confirmed", week, { ...noReservationFacts, clock: dueDay, balance: owing })).toMatchObject({ kind: "refused" });
  });

  it("is refused with nothing owed or nothing loaded, and not taken by a reservation not sold", () => {
    expect(judge(reservationMachine, "confirmed", week, { ...noReservationFacts, clock, balance: { ...owing, balanceCents: 0 } })).toEqual(
      refused(409, messages.notAllowedNow, "isBalanceReminderNotDue"),
    );
    expect(judge(reservationMachine, "confirmed", week, { ...noReservationFacts, clock })).toEqual(refused(409, messages.notAllowedNow, "isBalanceReminderNotDue"));
    for (const state of ["reserved", "waiting", "canceled"]) expect(judge(reservationMachine, state, week, { ...noReservationFacts, clock, balance: owing })).toEqual({ kind: "notAllowed" });
  });
});

describe("a cancel", () => {
  it("stores its penalty, and a cancel stored before penalties replays without one", () => {
    expect(nextStatus(reservationMachine, "confirmed", { type: "reservation.cancel", reason: "Desistió", penaltyCents: 54_000 })).toBe("canceled");
    expect(nextStatus(reservationMachine, "confirmed", { type: "reservation.cancel", reason: "Desistió" })).toBe("canceled");
    expect(nextStatus(reservationMachine, "confirmed", { type: "space.cancel", spaceId: 1, reason: "Desistió", last: false, penaltyCents: 27_000 })).toBe("confirmed");
  });
});
