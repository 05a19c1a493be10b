import { domainFixtures } from "../shared/fixtures.ts";
import { noPaymentFacts, type PaymentFacts, paymentMachine } from "./payment.machine.ts";

/** 1 March 2027, noon in Ecuador. */
const clock = Date.parse("2027-03-01T17:00:00Z");
const recorded = (amountCents: number) => ({ kind: "payment", state: "recorded", amountCents }) as const;
const refunded = (amountCents: number) => ({ kind: "refund", state: "refunded", amountCents }) as const;
/** A reservation owing US$ 1,000.00 with US$ 400.00 paid: US$ 600.00 left. */
const owing: PaymentFacts = { ...noPaymentFacts, clock, dueCents: 100_000, payments: [recorded(40_000)] };

/** Raw facts, each making one rule refuse (or none), as the server would load them. */
const facts: ReadonlyArray<PaymentFacts> = [
  { ...owing, amount: "250.50", day: "2027-03-01" },
  { ...owing, amount: "0", day: "2027-03-01" },
  { ...owing, amount: "10.125", day: "2027-03-01" },
  { ...owing, amount: "250", day: "2027-03-02" },
  { ...owing, amount: "600.01", day: "2027-02-27" },
  { ...owing, amount: "400.01", day: "2027-02-27" },
  { ...owing, ownCents: 60_000 },
  { ...owing, ownCents: 60_001 },
  { ...owing, ownCents: 40_000, payments: [recorded(40_000), refunded(10_000)] },
  { ...owing, fieldProblem: "required" },
  { ...owing, fieldProblem: "invalid" },
];

const received = { reservationId: 1, amountCents: 25_050, receivedAt: "2027-03-01", method: "transfer", reference: "BP-0042", payer: "Cuenca Travel" } as const;

export const fixtures = domainFixtures({
  id: "domain.payment",
  machine: paymentMachine,
  events: [
    { type: "payment.record", ...received },
    { type: "payment.report", ...received },
    { type: "payment.refund", reservationId: 1, amountCents: 25_050, paidAt: "2027-03-01", method: "transfer", reference: "BP-0043" },
    { type: "payment.verify" },
    { type: "payment.reject", reason: "No llegó la transferencia" },
    { type: "payment.void", reason: "Registrado dos veces" },
  ],
  facts,
});
