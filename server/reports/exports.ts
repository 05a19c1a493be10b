import type { DocumentLanguage } from "../../src/api/documents.ts";
import type { PaymentsReport, PenaltiesReport, ReceivablesReport } from "../../src/api/reports.ts";
import { decimalOfCents } from "../../src/machines/domain/money.ts";
import type { MoneyCell, MoneyColumn, MoneyDocument, MoneySection } from "../documents/moneyFiles.ts";
import { documentDate, documentTexts } from "../documents/texts.ts";

/**
 * Money's reports as files (decision 068): one table of a report, its cells typed as a money
 * document's (moneyFiles.ts), written as CSV here or as XLSX by the documents' worker. Amounts are
 * numbers in both: `1250.50` in the CSV (a point, no grouping, whatever the language), a numeric
 * cell in the XLSX; days are `YYYY-MM-DD` in the CSV and dates in the XLSX.
 */

/** A report table's texts in `language`, and its columns by their key in reports.columns (12 characters wide unless told). */
const tableTexts = (language: DocumentLanguage) => {
  const t = documentTexts(language);
  const column = (key: string, kind: MoneyColumn["kind"], width = 12): MoneyColumn => ({ label: t(`reports.columns.${key}`), kind, width });
  return { t, column };
};

/** One table of the receivables report: by agency with the ageing buckets, or its reservations. */
export const receivablesTable = (report: ReceivablesReport, table: "agencies" | "reservations", language: DocumentLanguage): MoneySection => {
  const { t, column } = tableTexts(language);
  const agencyName = (name: string | null) => name ?? t("reports.direct");
  if (table === "agencies")
    return {
      title: t("reports.sections.receivablesAgencies"),
      columns: [
        column("agency", "text", 24),
        column("reservations", "count", 8),
        column("notDue", "money"),
        column("days1to30", "money"),
        column("days31to60", "money"),
        column("days61to90", "money"),
        column("over90", "money"),
        column("balance", "money"),
      ],
      rows: report.agencies.map((line) => [
        agencyName(line.agencyName),
        line.reservations,
        line.notDueCents,
        line.days1to30Cents,
        line.days31to60Cents,
        line.days61to90Cents,
        line.over90Cents,
        line.totalCents,
      ]),
    };
  return {
    title: t("reports.sections.receivables"),
    columns: [
      column("reservation", "text"),
      column("agency", "text", 20),
      column("departure", "text"),
      column("sails", "day"),
      column("balanceDueDate", "day"),
      column("daysOverdue", "count"),
      column("bucket", "text"),
      column("balance", "money"),
    ],
    rows: report.reservations.map((line) => [
      line.code,
      agencyName(line.agencyName),
      `${line.cruiseCode} · ${line.yachtName}`,
      line.startDate,
      line.balanceDueDate,
      line.daysOverdue,
      t(`reports.buckets.${line.bucket}`),
      line.balanceCents,
    ]),
  };
};

/** One table of the payments report: by method, by month and method, or each payment. */
export const paymentsTable = (report: PaymentsReport, table: "methods" | "months" | "payments", language: DocumentLanguage): MoneySection => {
  const { t, column } = tableTexts(language);
  const method = (name: string): MoneyColumn => ({ label: t(`money.methods.${name}`), kind: "money", width: 12 });
  if (table === "methods")
    return {
      title: t("reports.sections.methods"),
      columns: [column("method", "text", 16), column("payments", "count"), column("refunds", "count"), column("received", "money"), column("refunded", "money"), column("netReceived", "money")],
      rows: report.methods.map((line) => [t(`money.methods.${line.method}`), line.payments, line.refunds, line.receivedCents, line.refundedCents, line.netCents]),
    };
  if (table === "months")
    return {
      title: t("reports.sections.months"),
      columns: [column("month", "text", 10), method("transfer"), method("card"), method("cash"), method("check"), method("creditNote"), column("netReceived", "money")],
      rows: report.months.map((line) => [line.month, line.transferCents, line.cardCents, line.cashCents, line.checkCents, line.creditNoteCents, line.netCents]),
    };
  return {
    title: t("reports.sections.payments"),
    columns: [
      column("receivedAt", "day", 10),
      column("reservation", "text"),
      column("agency", "text", 20),
      column("payer", "text", 20),
      column("method", "text"),
      column("reference", "text", 16),
      column("kind", "text", 10),
      column("amount", "money"),
    ],
    rows: report.payments.map((line) => [
      line.receivedAt,
      line.reservationCode,
      line.agencyName ?? t("reports.direct"),
      line.payer,
      t(`money.methods.${line.method}`),
      line.reference,
      t(`money.kinds.${line.kind}`),
      line.amountCents,
    ]),
  };
};

/** One table of the penalties report (decision 067): by agency, by month, or each penalty kept or waived. */
export const penaltiesTable = (report: PenaltiesReport, table: "agencies" | "months" | "penalties", language: DocumentLanguage): MoneySection => {
  const { t, column } = tableTexts(language);
  if (table === "agencies")
    return {
      title: t("reports.sections.penaltiesAgencies"),
      columns: [column("agency", "text", 24), column("cancellations", "count"), column("waivers", "count"), column("kept", "money"), column("waived", "money"), column("netKept", "money")],
      rows: report.agencies.map((line) => [line.agencyName ?? t("reports.direct"), line.cancellations, line.waivers, line.keptCents, line.waivedCents, line.netCents]),
    };
  if (table === "months")
    return {
      title: t("reports.sections.penaltiesMonths"),
      columns: [column("month", "text", 10), column("kept", "money"), column("waived", "money"), column("netKept", "money")],
      rows: report.months.map((line) => [line.month, line.keptCents, line.waivedCents, line.netCents]),
    };
  return {
    title: t("reports.sections.penalties"),
    columns: [
      column("day", "day", 10),
      column("reservation", "text"),
      column("agency", "text", 20),
      column("departure", "text"),
      column("sails", "day"),
      column("penaltyKind", "text", 20),
      column("reason", "text", 30),
      column("amount", "money"),
    ],
    rows: report.penalties.map((line) => [
      line.day,
      line.reservationCode,
      line.agencyName ?? t("reports.direct"),
      `${line.cruiseCode} · ${line.yachtName}`,
      line.startDate,
      t(`reports.penaltyKinds.${line.kind}`),
      line.reason,
      line.amountCents,
    ]),
  };
};

/**
 * A text that a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) is kept
 * as text by a leading apostrophe: references and payers are typed by people, agencies among them.
 */
const asPlainText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const csvCell = (cell: MoneyCell, kind: MoneyColumn["kind"]): string => {
  const text = kind === "money" ? decimalOfCents(Number(cell)) : kind === "text" ? asPlainText(String(cell)) : String(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * A table as CSV (RFC 4180): a header line, CRLF line ends, and a UTF-8 byte-order mark so Excel
 * opens "Año" and "Pérez" with their accents.
 */
export const csvOf = (section: MoneySection): string =>
  `\uFEFF${[
    section.columns.map((column) => csvCell(column.label, "text")).join(","),
    ...section.rows.map((row) => section.columns.map((column, index) => csvCell(row[index] ?? "", column.kind)).join(",")),
  ].join("\r\n")}\r\n`;

/** A table as a money document, for its XLSX: the report's title and what it covers above it. */
export const tableDocument = (section: MoneySection, title: string, covers: string, language: DocumentLanguage, now: Date): MoneyDocument => {
  const t = documentTexts(language);
  return {
    language,
    title,
    subtitle: covers,
    orientation: "landscape",
    issuer: null,
    stamp: null,
    sections: [section],
    totals: [],
    generated: t("documents.generatedAt", { date: documentDate(now.toISOString()) }),
    page: t("documents.page", { page: "{page}", pages: "{pages}" }),
  };
};
