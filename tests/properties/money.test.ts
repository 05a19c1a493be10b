import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultMoneyPolicy } from "../../src/api/money.ts";
import { addDays, ecuadorDay } from "../../src/machines/domain/calendar.ts";
import {
  type AccountFacts,
  accountOf,
  type ConfirmFacts,
  type CountedPayment,
  centsOf,
  centsOfDecimal,
  centsOfDollars,
  decimalOfCents,
  depositDueOf,
  fundingOf,
} from "../../src/machines/domain/money.ts";
import { noPaymentFacts, type PaymentEvent, paymentMachine } from "../../src/machines/domain/payment.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";

/**
 * A reservation's money (decision 062) against a reference model: over any sequence of payments,
 * refunds and voids that the payment machine decides, paid is the recorded payments less the
 * refunds, the balance what is due less paid, and paid never drops below zero nor rises above the
 * due; over any clock, a confirmed reservation with a balance is overdue exactly after its
 * balance due date. Amounts travel as decimal texts and come back as the same cents. Confirming
 * (decision 065) is paid for by the deposit, the agency's credit within its limit, or an admin's
 * reason for a direct client, and nothing else; a confirmed account reads the terms it was
 * confirmed on, whatever the policy and the clock say since.
 */

const DAY = 86_400_000;
const clock = Date.parse("2030-03-01T17:00:00Z");

/** Cents as the wire's decimal text, `12.05`. */
const text = (cents: number): string => `${cents < 0 ? "-" : ""}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

type Step =
  | { readonly kind: "record" | "refund"; readonly cents: number }
  | { readonly kind: "void"; readonly which: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom("record", "refund"), cents: fc.integer({ min: -500, max: 150_000 }) }),
  fc.record({ kind: fc.constant("void"), which: fc.nat(20) }),
);

const account = (facts: Partial<AccountFacts>) =>
  accountOf({
    price: { totalCents: 200_000, commissionCents: 20_000, netCents: 180_000 },
    agencyId: 7,
    type: "general",
    state: "confirmed",
    startDate: "2030-06-06",
    payments: [],
    policy: defaultMoneyPolicy,
    terms: null,
    keptPenaltyCents: 0,
    clock,
    ...facts,
  });

describe("a reservation's payments", () => {
  it("keep paid = recorded - refunded, balance = due - paid, and 0 <= paid <= due, whatever is tried", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const due = 180_000;
        const payments: Array<CountedPayment> = [];
        for (const tried of steps) {
          const paid = account({ payments }).paidCents;
          const facts = { ...noPaymentFacts, clock, dueCents: due, payments: [...payments] };
          if (tried.kind === "void") {
            const target = payments[tried.which % Math.max(1, payments.length)];
            if (target === undefined) continue;
            const event: PaymentEvent = { type: "payment.void", reason: "Registrado dos veces" };
            const verdict = judge(paymentMachine, target.state, event, { ...facts, ownCents: target.amountCents });
            if (verdict.kind === "accepted") payments[payments.indexOf(target)] = { ...target, state: "voided" };
            // a voided one is final; a payment whose void would leave the refunds uncovered stays, as
            // does a refund whose void would count its money again beyond the balance
            else if (verdict.kind === "notAllowed") expect(target.state).toBe("voided");
            else if (target.state === "refunded") expect(target.amountCents).toBeGreaterThan(due - paid);
            else expect(target.state === "recorded" && target.amountCents > paid).toBe(true);
            continue;
          }
          const amount = text(tried.cents);
          const event: PaymentEvent =
            tried.kind === "record"
              ? { type: "payment.record", reservationId: 1, amountCents: tried.cents, receivedAt: "2030-03-01", method: "cash", reference: "", payer: "" }
              : { type: "payment.refund", reservationId: 1, amountCents: tried.cents, paidAt: "2030-03-01", method: "cash", reference: "" };
          const verdict = judge(paymentMachine, null, event, { ...facts, amount, day: "2030-03-01" });
          const allowed = tried.cents > 0 && (tried.kind === "record" ? tried.cents <= due - paid : tried.cents <= paid);
          expect(verdict.kind === "accepted").toBe(allowed);
          if (verdict.kind === "accepted") {
            payments.push({ kind: tried.kind === "record" ? "payment" : "refund", state: verdict.status === "recorded" ? "recorded" : "refunded", amountCents: tried.cents });
          }
        }
        const live = (kind: CountedPayment["kind"], state: CountedPayment["state"]) =>
          payments.filter((payment) => payment.kind === kind && payment.state === state).reduce((sum, payment) => sum + payment.amountCents, 0);
        const result = account({ payments });
        expect(result.paidCents).toBe(live("payment", "recorded") - live("refund", "refunded"));
        expect(result.balanceCents).toBe(result.dueCents - result.paidCents);
        expect(result.paidCents).toBeGreaterThanOrEqual(0);
        expect(result.paidCents).toBeLessThanOrEqual(due);
      }),
    );
  });

  it("amounts written with at most two decimals come back as the same cents; more decimals are none", () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_99, max: 999_999_999_99 }), fc.integer({ min: 1, max: 9 }), (cents, extra) => {
        expect(centsOf(text(cents))).toBe(cents);
        expect(centsOf(`${text(cents)}${extra}`)).toBeNull();
      }),
    );
  });
});

describe("overdue", () => {
  it("is a confirmed reservation with a balance after its balance due date, at any clock", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: 0, max: DAY - 1 }),
        fc.constantFrom("general", "charter"),
        fc.integer({ min: 0, max: 180_000 }),
        (days, within, type, paidCents) => {
          const at = clock + days * DAY + within;
          const payments: ReadonlyArray<CountedPayment> = paidCents === 0 ? [] : [{ kind: "payment", state: "recorded", amountCents: paidCents }];
          const confirmed = account({ clock: at, type, payments });
          const dueDay = addDays("2030-06-06", type === "charter" ? -120 : -60);
          expect(confirmed.balanceDueDate).toBe(dueDay);
          const late = ecuadorDay(at) > dueDay;
          expect(confirmed.moneyState === "overdue").toBe(late && confirmed.balanceCents > 0);
          // inside the balance window the whole due is the deposit
          if (ecuadorDay(at) >= dueDay) expect(confirmed.depositDueCents).toBe(confirmed.dueCents);
          expect(account({ clock: at, type, payments, state: "reserved" }).moneyState).not.toBe("overdue");
        },
      ),
    );
  });
});

describe("confirming", () => {
  const facts = (overrides: Partial<ConfirmFacts>): ConfirmFacts => ({
    dueCents: 180_000,
    payments: [],
    policy: defaultMoneyPolicy,
    type: "general",
    startDate: "2030-06-06",
    creditCents: null,
    otherBalancesCents: [],
    role: "sales",
    ...overrides,
  });

  it("is paid for by the deposit, the agency's credit within its limit or an admin's reason for a direct client, and nothing else", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 180_000 }),
        fc.option(fc.integer({ min: 0, max: 500_000 })),
        fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 4 }),
        fc.constantFrom("admin", "sales", "agency"),
        fc.option(fc.constant("Cliente habitual")),
        fc.integer({ min: 0, max: 120 }),
        (paid, creditCents, otherBalancesCents, role, reason, days) => {
          const at = clock + days * DAY;
          const payments: ReadonlyArray<CountedPayment> = paid === 0 ? [] : [{ kind: "payment", state: "recorded", amountCents: paid }];
          const funding = fundingOf(facts({ payments, creditCents, otherBalancesCents, role }), at, reason);
          const deposit = depositDueOf(180_000, defaultMoneyPolicy, "general", "2030-06-06", ecuadorDay(at));
          const open = otherBalancesCents.reduce((sum, balance) => sum + balance, 0);
          const covered = creditCents !== null && open + deposit <= creditCents;
          const override = creditCents === null && role === "admin" && reason !== null;
          expect(funding === "deposit").toBe(paid >= deposit);
          expect(funding === "credit").toBe(paid < deposit && covered);
          expect(funding === "override").toBe(paid < deposit && override);
          expect(funding === "creditExceeded").toBe(paid < deposit && creditCents !== null && creditCents > 0 && !covered);
        },
      ),
    );
  });

  it("keeps the terms it was confirmed on: the deposit judged that day and due then", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 100 }), (days, percent) => {
        const confirmedOn = "2030-03-01";
        const confirmed = account({ clock: clock + days * DAY, policy: { ...defaultMoneyPolicy, depositPercent: percent }, terms: { policy: defaultMoneyPolicy, confirmedOn } });
        expect(confirmed).toMatchObject({ depositDueCents: 54_000, depositDueDate: confirmedOn, balanceDueDate: "2030-04-07" });
        expect(decimalOfCents(confirmed.depositDueCents)).toBe("540.00");
      }),
    );
  });
});

describe("the cents of a price stored in dollars (decision 076)", () => {
  it("reads the cents a JSON number of dollars was written with, whatever its binary fraction", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_147_483_647, max: 2_147_483_647 }), (cents) => {
        // k / 100 is the double nearest the decimal; JSON writes it back as that decimal
        expect(centsOfDollars(cents / 100)).toBe(cents);
        expect(centsOfDollars(JSON.parse(JSON.stringify(cents / 100)) as number)).toBe(cents);
      }),
    );
  });

  it("rounds a decimal text of more decimals half away from zero at the cent, digit by digit", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 3, max: 6 }), (units, decimals) => {
        const scale = 10n ** BigInt(decimals);
        const magnitude = units < 0n ? -units : units;
        const text = `${units < 0n ? "-" : ""}${magnitude / scale}.${String(magnitude % scale).padStart(decimals, "0")}`;
        const step = 10n ** BigInt(decimals - 2);
        const rounded = (magnitude / step + ((magnitude % step) * 2n >= step ? 1n : 0n)) * (units < 0n ? -1n : 1n);
        expect(centsOfDecimal(text)).toBe(Number(rounded));
      }),
    );
  });
});
