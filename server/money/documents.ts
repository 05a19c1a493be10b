/**
 * Money's documents (DOMAIN.md section 10, decision 068): a payment's receipt and an agency's
 * statement for a period, read as data in cents (what the API answers) and drawn from that data
 * (what the PDF and the XLSX show). Every figure is an account's (`accountOf`) or a sum of
 * payments' cents; the statement's ledger is `ledgerOf`.
 */
import { Schema } from "effect";
import { formatCents } from "../../src/api/amounts.ts";
import type { DocumentLanguage } from "../../src/api/documents.ts";
import { CruiseId, ReservationId } from "../../src/api/ids.ts";
import { PaymentId, PaymentKind, PaymentMethod } from "../../src/api/money.ts";
import { type AgencyStatement, type PaymentReceipt, receiptNumber } from "../../src/api/moneyDocuments.ts";
import { ledgerOf } from "../../src/machines/domain/statement.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";
import { type Company, bankRows, issuerOf } from "../documents/company.ts";
import { findDocumentDeparture } from "../documents/departure.ts";
import type { MoneyColumn, MoneyDocument } from "../documents/moneyFiles.ts";
import { documentDate, documentTexts } from "../documents/texts.ts";
import { ownAgency } from "../reservations/facts.ts";
import { findReservation, reservationsWhere } from "../reservations/reads.ts";
import { datedAccountsOf, reservationAccount } from "./accounts.ts";
import type { Session } from "../accounts/sessions.ts";
import { findPayment, type MoneyCaller } from "./money.ts";
import type { ReaderLanguage } from "../http/caller.ts";

/**
 * A payment's receipt, or null: none for a payment the caller may not see (another agency's), a
 * refund, or a transfer reported and not (or never) verified. A voided payment keeps its receipt,
 * drawn as void. Its departure's itinerary is named in `language`.
 */
export const readReceipt = async (db: Queryable, id: PaymentId, caller: MoneyCaller, language: ReaderLanguage): Promise<PaymentReceipt | null> => {
  const payment = await findPayment(db, id, caller.session);
  if (payment === null || payment.kind !== "payment" || (payment.state !== "recorded" && payment.state !== "voided")) return null;
  const reservation = await findReservation(db, payment.reservationId, caller.session);
  if (reservation === null) return null;
  const departure = await findDocumentDeparture(db, Schema.decodeSync(CruiseId)(reservation.cruiseId), language);
  const account = await reservationAccount(db, reservation, caller.now);
  return {
    number: receiptNumber(payment.id),
    payment,
    reservation: {
      id: reservation.id,
      code: reservation.code,
      agencyName: reservation.agencyName,
      cruiseCode: reservation.cruiseCode,
      yachtName: reservation.yachtName,
      startDate: reservation.startDate,
      endDate: departure?.endDate ?? reservation.startDate,
    },
    account: { dueCents: account.dueCents, paidCents: account.paidCents, balanceCents: account.balanceCents },
    issuedAt: caller.now.toISOString(),
  };
};

const AgencyRow = Schema.Struct({ name: Schema.String });

const MovedRow = Schema.Struct({
  id: PaymentId,
  reservation_id: ReservationId,
  reservation_code: Schema.String,
  kind: PaymentKind,
  received_at: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
  amount_cents: Schema.Int,
});

/** An agency whose statement is asked for. */
export interface StatementAgency {
  readonly id: number;
  readonly name: string;
}

/** The agency of a statement, or null when there is none or it is not the caller's (an agency user reads its own only). */
export const findStatementAgency = async (db: Queryable, agencyId: number, session: Session): Promise<StatementAgency | null> => {
  const own = ownAgency(session);
  if (own !== null && own !== agencyId) return null;
  const agency = await queryOne(db, AgencyRow, "select name from agencies where id = $1 and status <> 'deleted'", [agencyId]);
  return agency === null ? null : { id: agencyId, name: agency.name };
};

/**
 * An agency's statement from `from` to `to`. Each of its reservations is charged its due as its
 * account reads it now, on the day it was booked; the money counts on the day it moved.
 */
export const readStatement = async (db: Queryable, agency: StatementAgency, period: { readonly from: string; readonly to: string }, now: Date): Promise<AgencyStatement> => {
  const agencyId = agency.id;
  const accounts = await datedAccountsOf(db, await reservationsWhere(db, "r.agency_id = $1", [agencyId]), now);
  const ledger = ledgerOf(
    accounts.map(({ reservation, account, bookedOn, payments }) => ({ id: reservation.id, bookedOn, dueCents: account.dueCents, payments })),
    period.from,
    period.to,
  );
  const byId = new Map(accounts.map((read) => [Number(read.reservation.id), read]));
  const moved = await queryRows(
    db,
    MovedRow,
    `select p.id, p.reservation_id, r.code as reservation_code, p.kind, to_char(p.received_at, 'YYYY-MM-DD') as received_at, p.method, p.reference, p.amount_cents
       from payments p join reservations r on r.id = p.reservation_id
      where p.agency_id = $1 and p.status in ('recorded', 'refunded') and p.received_at between $2::date and $3::date and r.status <> 'deleted'
      order by p.received_at, p.id`,
    [agencyId, period.from, period.to],
  );
  return {
    agencyId,
    agencyName: agency.name,
    from: period.from,
    to: period.to,
    openingCents: ledger.openingCents,
    chargedCents: ledger.chargedCents,
    paidCents: ledger.paidCents,
    closingCents: ledger.closingCents,
    reservations: ledger.lines.flatMap((line) => {
      const read = byId.get(line.id);
      if (read === undefined) return [];
      const { reservation, account, bookedOn } = read;
      return [
        {
          reservationId: reservation.id,
          code: reservation.code,
          cruiseCode: reservation.cruiseCode,
          yachtName: reservation.yachtName,
          startDate: reservation.startDate,
          bookedOn,
          state: reservation.state,
          totalCents: account.totalCents,
          commissionCents: account.commissionCents,
          netCents: account.dueCents,
          openingCents: line.openingCents,
          chargedCents: line.chargedCents,
          paidCents: line.paidCents,
          balanceCents: line.balanceCents,
        },
      ];
    }),
    payments: moved.map((row) => ({
      id: row.id,
      reservationId: row.reservation_id,
      reservationCode: row.reservation_code,
      kind: row.kind,
      receivedAt: row.received_at,
      method: row.method,
      reference: row.reference,
      amountCents: row.kind === "refund" ? -row.amount_cents : row.amount_cents,
    })),
    generatedAt: now.toISOString(),
  };
};

/** The texts every money document carries: when it was made and its page numbers. */
const pageTexts = (language: DocumentLanguage, generatedAt: string) => {
  const t = documentTexts(language);
  return { generated: t("documents.generatedAt", { date: documentDate(generatedAt) }), page: t("documents.page", { page: "{page}", pages: "{pages}" }) };
};

/** A label and its value, as a document's two-column section writes them. */
const itemColumns = (language: DocumentLanguage): ReadonlyArray<MoneyColumn> => {
  const t = documentTexts(language);
  return [
    { label: t("documents.columns.item"), kind: "text", width: 35 },
    { label: t("documents.columns.detail"), kind: "text", width: 65 },
  ];
};

/** A receipt as drawn: who paid, how much, for what, how; the reservation's account after it; where to pay the rest. */
export const receiptDocument = (receipt: PaymentReceipt, company: Company | null, language: DocumentLanguage): MoneyDocument => {
  const t = documentTexts(language);
  const { payment, reservation, account } = receipt;
  const dates = `${documentDate(reservation.startDate)} – ${documentDate(reservation.endDate)}`;
  const voided = payment.state === "voided";
  return {
    language,
    title: t("money.receipt.title", { number: receipt.number }),
    subtitle: t("money.receipt.subtitle", { code: reservation.code, yacht: reservation.yachtName, dates }),
    orientation: "portrait",
    issuer: company === null ? null : issuerOf(t, company),
    stamp: voided ? t("money.receipt.voided") : null,
    sections: [
      {
        title: t("money.receipt.payment"),
        columns: itemColumns(language),
        rows: [
          [t("money.receipt.receivedFrom"), payment.payer || reservation.agencyName || t("documents.none")],
          [t("money.receipt.amount"), formatCents(payment.amountCents, language)],
          [t("money.receipt.concept"), t("money.receipt.conceptText", { code: reservation.code, departure: reservation.cruiseCode, yacht: reservation.yachtName, dates })],
          [t("reservations.agency"), reservation.agencyName ?? t("reservations.direct")],
          [t("money.receivedAt"), documentDate(payment.receivedAt)],
          [t("money.method"), t(`money.methods.${payment.method}`)],
          ...(payment.reference === "" ? [] : [[t("money.reference"), payment.reference]]),
          ...(voided ? [[t("money.receipt.voidedReason"), payment.reason ?? ""]] : []),
        ],
      },
      {
        title: t("money.receipt.account", { code: reservation.code }),
        columns: itemColumns(language),
        rows: [
          [t("money.due"), formatCents(account.dueCents, language)],
          [t("money.paid"), formatCents(account.paidCents, language)],
          [t("money.balance"), formatCents(account.balanceCents, language)],
        ],
      },
      ...(company === null ? [] : [{ title: t("documents.bankData"), columns: itemColumns(language), rows: bankRows(t, company) }]),
    ],
    totals: [],
    ...pageTexts(language, receipt.issuedAt),
  };
};

/** A statement line's amounts in cents, in the order its columns show them after the reservation's own. */
const statementAmounts = ["total", "commission", "net", "opening", "charged", "paid", "balance"] as const;

/** A statement as drawn: its reservations' lines, the period's payments and refunds, the balances, where to pay. */
export const statementDocument = (statement: AgencyStatement, company: Company | null, language: DocumentLanguage): MoneyDocument => {
  const t = documentTexts(language);
  const column = (key: string, kind: MoneyColumn["kind"], width: number): MoneyColumn => ({ label: t(`money.columns.${key}`), kind, width });
  return {
    language,
    title: t("money.statement.title", { agency: statement.agencyName }),
    subtitle: t("money.statement.subtitle", { from: documentDate(statement.from), to: documentDate(statement.to) }),
    orientation: "landscape",
    issuer: company === null ? null : issuerOf(t, company),
    stamp: null,
    sections: [
      {
        title: t("money.statement.reservations"),
        columns: [
          column("reservation", "text", 10),
          column("departure", "text", 16),
          column("sails", "day", 8),
          column("bookedOn", "day", 8),
          column("state", "text", 8),
          ...statementAmounts.map((amount) => column(amount, "money", 9)),
        ],
        rows: statement.reservations.map((line) => [
          line.code,
          `${line.cruiseCode} · ${line.yachtName}`,
          line.startDate,
          line.bookedOn,
          t(`reservations.states.${line.state}`),
          ...statementAmounts.map((amount) => line[`${amount}Cents` as const]),
        ]),
      },
      {
        title: t("money.statement.payments"),
        columns: [column("day", "day", 10), column("reservation", "text", 12), column("kind", "text", 12), column("method", "text", 14), column("reference", "text", 30), column("amount", "money", 12)],
        rows: statement.payments.map((payment) => [
          payment.receivedAt,
          payment.reservationCode,
          t(`money.kinds.${payment.kind}`),
          t(`money.methods.${payment.method}`),
          payment.reference,
          payment.amountCents,
        ]),
      },
      ...(company === null ? [] : [{ title: t("documents.bankData"), columns: itemColumns(language), rows: bankRows(t, company) }]),
    ],
    totals: [
      { label: t("money.statement.opening"), cents: statement.openingCents },
      { label: t("money.statement.charged"), cents: statement.chargedCents },
      { label: t("money.statement.paid"), cents: statement.paidCents },
      { label: t("money.statement.closing"), cents: statement.closingCents },
    ],
    ...pageTexts(language, statement.generatedAt),
  };
};
