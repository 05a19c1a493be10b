import { MoneyPolicySet, moneyPolicyMachine } from "../../src/machines/domain/moneyPolicy.machine.ts";
import { PaymentEvent, paymentMachine } from "../../src/machines/domain/payment.machine.ts";
import { execute } from "../db/rows.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection, type RowState } from "../events/projection.ts";
import type { Queryable } from "../db/database.ts";

export const paymentRecord: RecordType<typeof paymentMachine> = { stream: "payment", table: "payments", machine: paymentMachine };

/** One record per company; the operator's is the only one. */
export const moneyPolicyRecord: RecordType<typeof moneyPolicyMachine> = { stream: "moneyPolicy", table: "money_policies", machine: moneyPolicyMachine };

export const COMPANY_POLICY = "company";

/** A payment's row, its agency copied from its reservation (a reservation never changes agency). */
const insertPayment = (
  tx: Queryable,
  row: RowState,
  payment: { readonly reservationId: number; readonly kind: "payment" | "refund"; readonly amountCents: number; readonly day: string; readonly method: string; readonly reference: string; readonly payer: string },
) =>
  execute(
    tx,
    `insert into payments (id, reservation_id, agency_id, kind, amount_cents, received_at, method, reference, payer, status, version, created_at, updated_at)
     select $1, $2, (select agency_id from reservations where id = $2), $3, $4, $5::date, $6, $7, $8, $9, $10, $11, $11`,
    [row.id, payment.reservationId, payment.kind, payment.amountCents, payment.day, payment.method, payment.reference, payment.payer, row.status, row.version, row.at],
  );

export const paymentsProjection: Projection = recordProjection({
  record: paymentRecord,
  events: PaymentEvent,
  on: {
    "payment.record": ({ tx, event, row }) => insertPayment(tx, row, { ...event, kind: "payment", day: event.receivedAt }),
    "payment.report": ({ tx, event, row }) => insertPayment(tx, row, { ...event, kind: "payment", day: event.receivedAt }),
    "payment.refund": ({ tx, event, row }) => insertPayment(tx, row, { ...event, kind: "refund", day: event.paidAt, payer: "" }),
    "payment.verify": ({ update }) => update(),
    "payment.reject": ({ event, update }) => update({ reason: event.reason }),
    "payment.void": ({ event, update }) => update({ reason: event.reason }),
  },
});

/** Keyed by company, without a sequence: a rebuild gives the same row. */
export const moneyPolicyProjection: Projection = recordProjection({
  record: moneyPolicyRecord,
  events: MoneyPolicySet,
  key: "text",
  on: {
    "moneyPolicy.set": async ({ tx, event, row: { id, status, version, at } }) => {
      const { type: _set, ...policy } = event;
      await execute(
        tx,
        `insert into money_policies (id, policy, status, version, created_at, updated_at) values ($1, $2::jsonb, $3, $4, $5, $5)
       on conflict (id) do update set policy = excluded.policy, status = excluded.status, version = excluded.version, updated_at = excluded.updated_at`,
        [id, JSON.stringify(policy), status, version, at],
      );
    },
  },
});
