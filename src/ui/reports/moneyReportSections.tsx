import type { TFunction } from "i18next";
import { Link } from "wouter";
import { amountLocale, formatCents } from "../../api/amounts.ts";
import type { ApiClient } from "../../api/client.ts";
import type { PaymentMethod } from "../../api/money.ts";
import {
  type AgeingBucket,
  ageingBuckets,
  type PaymentsReport,
  paymentsReport,
  type PenaltiesReport,
  type PenaltyEntry,
  penaltiesReport,
  type ReceivableReservation,
  type ReceivablesReport,
  type ReportFileFormat,
  receivablesReport,
  reportFileName,
} from "../../api/reports.ts";
import type { ExportFormat } from "../../machines/shared/pagedList.machine.ts";
import { reservations } from "../../machines/reservations/record.ts";
import type { ChartFigures } from "./ReportChart.tsx";
import { formatDate } from "../leads/leadFormat.ts";
import { type ReportFigure, type ReportSection, section } from "./reportSections.tsx";
import { saveFile } from "../shared/saveFile.ts";

/** Money's reports as the panel holds them. */
export type MoneyReportContent =
  | { readonly report: "receivables"; readonly data: ReceivablesReport }
  | { readonly report: "payments"; readonly data: PaymentsReport }
  | { readonly report: "penalties"; readonly data: PenaltiesReport };

/** The buckets' colours: from not due (green) to over 90 days overdue (dark red). */
const bucketColours: Readonly<Record<AgeingBucket, string>> = {
  notDue: "#2e7d32",
  days1to30: "#e0a100",
  days31to60: "#e07000",
  days61to90: "#d1495b",
  over90: "#7f1d1d",
};

const methodColours: Readonly<Record<PaymentMethod, string>> = {
  transfer: "#1e6091",
  card: "#2e7d32",
  cash: "#e0a100",
  check: "#8fa3b0",
  creditNote: "#d1495b",
};

/** Kept and waived penalties: the colours of money in and of money given back. */
const keptColour = methodColours.transfer;
const waivedColour = methodColours.creditNote;

const methods = ["transfer", "card", "cash", "check", "creditNote"] as const satisfies ReadonlyArray<PaymentMethod>;

/** A month as the operator writes it: `03/2030`. */
const monthText = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** A chart's value of an amount of cents: dollars, for drawing only (the figures stay in cents). */
const dollars = (cents: number): number => cents / 100;

const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/**
 * A money report's table saved as the server draws it (decision 068): amounts as numbers in the
 * CSV and in the XLSX, headers in the user's language.
 */
const serverFile = (client: ApiClient, content: MoneyReportContent, table: string, language: string) => async (format: ExportFormat) => {
  const lang = language === "en" ? "en" : "es";
  const file: { readonly format: ReportFileFormat; readonly lang: "es" | "en" } = { format, lang };
  const blob =
    content.report === "receivables"
      ? await client.download(receivablesReport, { query: { ...file, table: table === "reservations" ? "reservations" : "agencies" } })
      : content.report === "payments"
        ? await client.download(paymentsReport, {
            query: { from: content.data.from, to: content.data.to, ...file, table: table === "months" ? "months" : table === "payments" ? "payments" : "methods" },
          })
        : await client.download(penaltiesReport, {
            query: { from: content.data.from, to: content.data.to, ...file, table: table === "months" ? "months" : table === "penalties" ? "penalties" : "agencies" },
          });
  saveFile(blob, reportFileName(content.report, table, today(), format));
};

/** How a money report's tables write their cells and headers in `language`: amounts, counts, column names, a line's agency (null: direct clients). */
const tableWords = (t: TFunction, language: string) => ({
  empty: t("reports.empty"),
  money: (cents: number) => formatCents(cents, language),
  count: (value: number) => new Intl.NumberFormat(amountLocale(language)).format(value),
  column: (key: string) => t(`reports.columns.${key}`),
  agencyName: (name: string | null) => name ?? t("reports.direct"),
});

/** The tables of the receivables and payments reports (decision 068) and the penalties' (decision 067), each beside its chart and saved by the server. */
export const moneyReportSections = (content: MoneyReportContent, t: TFunction, language: string, client: ApiClient): ReadonlyArray<ReportSection> => {
  const { empty, money, count, column, agencyName } = tableWords(t, language);
  const save = (table: string) => serverFile(client, content, table, language);
  if (content.report === "receivables")
    return [
      section({
        key: "agencies",
        title: t("reports.sections.receivablesAgencies"),
        rows: content.data.agencies,
        empty,
        save: save("agencies"),
        chart: (rows): ChartFigures => ({
          labels: rows.map((row) => agencyName(row.agencyName)),
          stacked: true,
          horizontal: true,
          series: ageingBuckets.map((bucket) => ({ label: t(`reports.buckets.${bucket}`), values: rows.map((row) => dollars(row[`${bucket}Cents`])), colour: bucketColours[bucket] })),
        }),
        columns: [
          { header: column("agency"), text: (row) => agencyName(row.agencyName) },
          { header: column("reservations"), text: (row) => count(row.reservations) },
          ...ageingBuckets.map((bucket) => ({ header: t(`reports.buckets.${bucket}`), text: (row: (typeof content.data.agencies)[number]) => money(row[`${bucket}Cents`]) })),
          { header: column("balance"), text: (row) => money(row.totalCents) },
        ],
      }),
      section<ReceivableReservation>({
        key: "reservations",
        title: t("reports.sections.receivables"),
        rows: content.data.reservations,
        empty,
        save: save("reservations"),
        chart: null,
        columns: [
          { header: column("reservation"), text: (row) => row.code, cell: (row) => <Link href={reservations.path(row.id)}>{row.code}</Link> },
          { header: column("agency"), text: (row) => agencyName(row.agencyName) },
          { header: column("departure"), text: (row) => `${row.cruiseCode} · ${row.yachtName}` },
          { header: column("balanceDueDate"), text: (row) => formatDate(row.balanceDueDate) },
          { header: column("daysOverdue"), text: (row) => count(Math.max(0, row.daysOverdue)) },
          { header: column("bucket"), text: (row) => t(`reports.buckets.${row.bucket}`) },
          { header: column("balance"), text: (row) => money(row.balanceCents) },
        ],
      }),
    ];
  if (content.report === "penalties") return penaltiesSections(content.data, t, language, save);
  return [
    section({
      key: "methods",
      title: t("reports.sections.methods"),
      rows: content.data.methods,
      empty,
      save: save("methods"),
      chart: (rows): ChartFigures => ({
        labels: rows.map((row) => t(`money.methods.${row.method}`)),
        stacked: false,
        horizontal: true,
        series: [
          { label: column("received"), values: rows.map((row) => dollars(row.receivedCents)), colour: methodColours.transfer },
          { label: column("refunded"), values: rows.map((row) => dollars(row.refundedCents)), colour: methodColours.creditNote },
        ],
      }),
      columns: [
        { header: column("method"), text: (row) => t(`money.methods.${row.method}`) },
        { header: column("payments"), text: (row) => count(row.payments) },
        { header: column("refunds"), text: (row) => count(row.refunds) },
        { header: column("received"), text: (row) => money(row.receivedCents) },
        { header: column("refunded"), text: (row) => money(row.refundedCents) },
        { header: column("netReceived"), text: (row) => money(row.netCents) },
      ],
    }),
    section({
      key: "months",
      title: t("reports.sections.months"),
      rows: content.data.months,
      empty,
      save: save("months"),
      chart: (rows): ChartFigures => ({
        labels: rows.map((row) => monthText(row.month)),
        stacked: true,
        horizontal: false,
        series: methods.map((method) => ({ label: t(`money.methods.${method}`), values: rows.map((row) => dollars(row[`${method}Cents`])), colour: methodColours[method] })),
      }),
      columns: [
        { header: column("month"), text: (row) => monthText(row.month) },
        ...methods.map((method) => ({ header: t(`money.methods.${method}`), text: (row: (typeof content.data.months)[number]) => money(row[`${method}Cents`]) })),
        { header: column("netReceived"), text: (row) => money(row.netCents) },
      ],
    }),
    section({
      key: "payments",
      title: t("reports.sections.payments"),
      rows: content.data.payments,
      empty,
      save: save("payments"),
      chart: null,
      columns: [
        { header: column("receivedAt"), text: (row) => formatDate(row.receivedAt) },
        { header: column("reservation"), text: (row) => row.reservationCode, cell: (row) => <Link href={reservations.path(row.reservationId)}>{row.reservationCode}</Link> },
        { header: column("agency"), text: (row) => agencyName(row.agencyName) },
        { header: column("payer"), text: (row) => row.payer },
        { header: column("method"), text: (row) => t(`money.methods.${row.method}`) },
        { header: column("reference"), text: (row) => row.reference },
        { header: column("kind"), text: (row) => t(`money.kinds.${row.kind}`) },
        { header: column("amount"), text: (row) => money(row.amountCents) },
      ],
    }),
  ];
};

/** The penalties report's tables (decision 067): by agency and by month with their charts, then each penalty kept or waived. */
const penaltiesSections = (
  data: PenaltiesReport,
  t: TFunction,
  language: string,
  save: (table: string) => (format: ExportFormat) => Promise<void>,
): ReadonlyArray<ReportSection> => {
  const { empty, money, count, column, agencyName } = tableWords(t, language);
  const keptAndWaived = (rows: ReadonlyArray<{ readonly keptCents: number; readonly waivedCents: number }>) => [
    { label: column("kept"), values: rows.map((row) => dollars(row.keptCents)), colour: keptColour },
    { label: column("waived"), values: rows.map((row) => dollars(row.waivedCents)), colour: waivedColour },
  ];
  return [
    section({
      key: "agencies",
      title: t("reports.sections.penaltiesAgencies"),
      rows: data.agencies,
      empty,
      save: save("agencies"),
      chart: (rows): ChartFigures => ({ labels: rows.map((row) => agencyName(row.agencyName)), stacked: false, horizontal: true, series: keptAndWaived(rows) }),
      columns: [
        { header: column("agency"), text: (row) => agencyName(row.agencyName) },
        { header: column("cancellations"), text: (row) => count(row.cancellations) },
        { header: column("waivers"), text: (row) => count(row.waivers) },
        { header: column("kept"), text: (row) => money(row.keptCents) },
        { header: column("waived"), text: (row) => money(row.waivedCents) },
        { header: column("netKept"), text: (row) => money(row.netCents) },
      ],
    }),
    section({
      key: "months",
      title: t("reports.sections.penaltiesMonths"),
      rows: data.months,
      empty,
      save: save("months"),
      chart: (rows): ChartFigures => ({ labels: rows.map((row) => monthText(row.month)), stacked: false, horizontal: false, series: keptAndWaived(rows) }),
      columns: [
        { header: column("month"), text: (row) => monthText(row.month) },
        { header: column("kept"), text: (row) => money(row.keptCents) },
        { header: column("waived"), text: (row) => money(row.waivedCents) },
        { header: column("netKept"), text: (row) => money(row.netCents) },
      ],
    }),
    section<PenaltyEntry>({
      key: "penalties",
      title: t("reports.sections.penalties"),
      rows: data.penalties,
      empty,
      save: save("penalties"),
      chart: null,
      columns: [
        { header: column("day"), text: (row) => formatDate(row.day) },
        { header: column("reservation"), text: (row) => row.reservationCode, cell: (row) => <Link href={reservations.path(row.reservationId)}>{row.reservationCode}</Link> },
        { header: column("agency"), text: (row) => agencyName(row.agencyName) },
        { header: column("departure"), text: (row) => `${row.cruiseCode} · ${row.yachtName}` },
        { header: column("penaltyKind"), text: (row) => t(`reports.penaltyKinds.${row.kind}`) },
        { header: column("reason"), text: (row) => row.reason },
        { header: column("amount"), text: (row) => money(row.amountCents) },
      ],
    }),
  ];
};

/** The headline figures of money's reports. */
export const moneyReportFigures = (content: MoneyReportContent, t: TFunction, language: string): ReadonlyArray<ReportFigure> => {
  const money = (cents: number) => formatCents(cents, language);
  const count = (value: number) => new Intl.NumberFormat(amountLocale(language)).format(value);
  const figure = (key: string, value: string): ReportFigure => ({ label: t(`reports.figures.${key}`), value });
  if (content.report === "receivables") {
    const { total } = content.data;
    return [
      figure("receivable", money(total.totalCents)),
      figure("overdue", money(total.totalCents - total.notDueCents)),
      figure("reservations", count(content.data.reservations.length)),
    ];
  }
  if (content.report === "penalties") {
    const { total } = content.data;
    return [
      figure("kept", money(total.keptCents)),
      figure("waived", money(total.waivedCents)),
      figure("netKept", money(total.netCents)),
      figure("cancellations", count(total.cancellations)),
    ];
  }
  const { total } = content.data;
  return [
    figure("received", money(total.receivedCents)),
    figure("refunded", money(total.refundedCents)),
    figure("netReceived", money(total.netCents)),
    figure("payments", count(total.payments)),
  ];
};
