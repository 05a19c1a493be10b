import { Schema } from "effect";
import { ReservationId } from "../../src/api/ids.ts";
import { PaymentId, PaymentKind, PaymentMethod } from "../../src/api/money.ts";
import type { PaymentsByMethod, PaymentsByMonth, PaymentsReport, ReceivedPayment } from "../../src/api/reports.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";

const ReceivedRow = Schema.Struct({
  id: PaymentId,
  kind: PaymentKind,
  received_at: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
  payer: Schema.String,
  reservation_id: ReservationId,
  reservation_code: Schema.String,
  agency_name: Schema.NullOr(Schema.String),
  amount_cents: Schema.Int,
});

const methods = PaymentMethod.literals;

/** The months (`YYYY-MM`) a period touches, in order: money's reports show every one, none left out. */
export const monthsOf = (from: string, to: string): string[] => {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    months.push(month);
    const [year = 0, number = 0] = month.split("-").map(Number);
    month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  }
  return months;
};

const sumOf = (payments: ReadonlyArray<ReceivedPayment>): number => payments.reduce((sum, payment) => sum + payment.amountCents, 0);

/**
 * The payments report (decision 068): the money that moved in the period, by the day it moved:
 * recorded payments in, refunds out (negative); a transfer reported and not verified, rejected or
 * voided moves nothing. Added up by method, by month and method, and in total, in cents.
 */
export const paymentsOf = async (db: Queryable, period: { readonly from: string; readonly to: string }): Promise<PaymentsReport> => {
  const rows = await queryRows(
    db,
    ReceivedRow,
    `select p.id, p.kind, to_char(p.received_at, 'YYYY-MM-DD') as received_at, p.method, p.reference, p.payer, p.reservation_id,
            r.code as reservation_code, a.name as agency_name, p.amount_cents
       from payments p join reservations r on r.id = p.reservation_id left join agencies a on a.id = p.agency_id
      where p.status in ('recorded', 'refunded') and p.received_at between $1::date and $2::date and r.status <> 'deleted'
      order by p.received_at, p.id`,
    [period.from, period.to],
  );
  const payments = rows.map(
    (row): ReceivedPayment => ({
      id: row.id,
      kind: row.kind,
      receivedAt: row.received_at,
      method: row.method,
      reference: row.reference,
      payer: row.payer,
      reservationId: row.reservation_id,
      reservationCode: row.reservation_code,
      agencyName: row.agency_name,
      amountCents: row.kind === "refund" ? -row.amount_cents : row.amount_cents,
    }),
  );
  const received = payments.filter((payment) => payment.kind === "payment");
  const refunded = payments.filter((payment) => payment.kind === "refund");
  const byMethod = methods.flatMap((method): PaymentsByMethod[] => {
    const inMethod = payments.filter((payment) => payment.method === method);
    if (inMethod.length === 0) return [];
    const ins = inMethod.filter((payment) => payment.kind === "payment");
    const outs = inMethod.filter((payment) => payment.kind === "refund");
    return [{ method, payments: ins.length, refunds: outs.length, receivedCents: sumOf(ins), refundedCents: -sumOf(outs), netCents: sumOf(inMethod) }];
  });
  const months = monthsOf(period.from, period.to).map((month): PaymentsByMonth => {
    const inMonth = payments.filter((payment) => payment.receivedAt.startsWith(month));
    const net = (method: PaymentMethod) => sumOf(inMonth.filter((payment) => payment.method === method));
    return {
      month,
      transferCents: net("transfer"),
      cardCents: net("card"),
      cashCents: net("cash"),
      checkCents: net("check"),
      creditNoteCents: net("creditNote"),
      netCents: sumOf(inMonth),
    };
  });
  return {
    from: period.from,
    to: period.to,
    methods: byMethod,
    months,
    payments,
    total: { payments: received.length, refunds: refunded.length, receivedCents: sumOf(received), refundedCents: -sumOf(refunded), netCents: sumOf(payments) },
  };
};
