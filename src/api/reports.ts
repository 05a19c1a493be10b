import { Schema } from "effect";
import { isCalendarDay } from "./details.ts";
import { DocumentLanguage } from "./documents.ts";
import { type AnyCodec, endpoint } from "./endpoint.ts";
import { Count, CruiseId, Int4, integerFromText, ReservationId, SerialId, SerialIdFromText } from "./ids.ts";
import { PaymentId, PaymentKind, PaymentMethod } from "./money.ts";
import { reportNames, reportReaders } from "./reportReaders.ts";
import { ReservationOnDeparture } from "./reservations.ts";

export { reportNames, reportReaders } from "./reportReaders.ts";

/**
 * The Reportes section (decision 043): read-only reports computed from the read tables.
 * Occupancy, sales, the reservations expiring soon and money's reports (receivables and payments
 * received, decision 068; the penalties kept, decision 067) are for admin and sales; the leads dashboard for marketing too; an
 * agency reads none (403 `forbidden`).
 */
export const ReportName = Schema.Literals(reportNames);
export type ReportName = typeof ReportName.Type;

/** The longest period a report covers at once: a year, a leap day included. */
export const MAX_REPORT_DAYS = 366;

/** "Expiring soon" unless asked otherwise: the time limits of the next two days (decision 043). */
export const DEFAULT_EXPIRING_HOURS = 48;

/** The furthest look ahead for expiring holds: 90 days, as the reservations list's filter. */
export const MAX_EXPIRING_HOURS = 24 * 90;

/** A period as asked, `YYYY-MM-DD` both ends included; judged by the report query machine, not by decoding. */
export const PeriodQuery = Schema.Struct({
  from: Schema.optionalKey(Schema.String),
  to: Schema.optionalKey(Schema.String),
});
export type PeriodQuery = typeof PeriodQuery.Type;

export const OccupancyQuery = Schema.Struct({ ...PeriodQuery.fields, yachtId: Schema.optionalKey(SerialIdFromText) });
export type OccupancyQuery = typeof OccupancyQuery.Type;

export const ExpiringQuery = Schema.Struct({ hours: Schema.optionalKey(integerFromText(Int4)) });
export type ExpiringQuery = typeof ExpiringQuery.Type;

/** What is wrong with a report's question, named after the guard that refuses it; null when nothing is. */
export type ReportQueryProblem = "datesMissing" | "notADay" | "periodReversed" | "periodTooLong" | "hoursOutOfRange" | null;

/** A period's problem: a missing end, a day that is none, an end before the start, over a year. */
export const periodProblem = (query: PeriodQuery): ReportQueryProblem => {
  const { from, to } = query;
  if (from === undefined || to === undefined || from === "" || to === "") return "datesMissing";
  if (!isCalendarDay(from) || !isCalendarDay(to)) return "notADay";
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (span < 0) return "periodReversed";
  return span >= MAX_REPORT_DAYS ? "periodTooLong" : null;
};

/** How far ahead the expiring report looks: 1 hour to 90 days. */
export const hoursProblem = (query: ExpiringQuery): ReportQueryProblem =>
  query.hours !== undefined && (query.hours < 1 || query.hours > MAX_EXPIRING_HOURS) ? "hoursOutOfRange" : null;

/** A share of a whole in percent with one decimal; none of nothing is 0. */
export const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Berths of departures: sold (confirmed spaces), held (reserved spaces), free, and those waiting for one. */
export const OccupancyFigures = Schema.Struct({
  capacity: Int4,
  sold: Int4,
  held: Int4,
  free: Int4,
  /** Spaces on the waiting list: no berth, so outside capacity (DOMAIN.md section 5). */
  waiting: Int4,
  soldPercent: Schema.Finite,
  heldPercent: Schema.Finite,
  freePercent: Schema.Finite,
});
export type OccupancyFigures = typeof OccupancyFigures.Type;

export const DepartureOccupancy = Schema.Struct({
  cruiseId: CruiseId,
  code: Schema.String,
  yachtId: SerialId,
  yachtName: Schema.String,
  startDate: Schema.String,
  ...OccupancyFigures.fields,
});
export type DepartureOccupancy = typeof DepartureOccupancy.Type;

export const YachtOccupancy = Schema.Struct({
  yachtId: SerialId,
  yachtName: Schema.String,
  departures: Int4,
  ...OccupancyFigures.fields,
});
export type YachtOccupancy = typeof YachtOccupancy.Type;

/** The period a report covers, its first and last day (YYYY-MM-DD). */
const periodFields = { from: Schema.String, to: Schema.String };

export const OccupancyReport = Schema.Struct({
  ...periodFields,
  yachtId: Schema.NullOr(SerialId),
  departures: Schema.Array(DepartureOccupancy),
  yachts: Schema.Array(YachtOccupancy),
  total: OccupancyFigures,
  /** Every yacht that can be asked for, whether it sails in the period or not. */
  fleet: Schema.Array(Schema.Struct({ id: SerialId, name: Schema.String })),
});
export type OccupancyReport = typeof OccupancyReport.Type;

/** What confirmed reservations brought in: what the clients pay, the agencies' commission, the operator's net. */
export const SalesFigures = Schema.Struct({
  reservations: Int4,
  /** Confirmed berths (spaces) of those reservations. */
  berths: Int4,
  revenue: Schema.Finite,
  commission: Schema.Finite,
  net: Schema.Finite,
});
export type SalesFigures = typeof SalesFigures.Type;

/** One seller's sales: an agency (null: direct clients) or an executive (null: none recorded). */
export const SalesLine = Schema.Struct({ id: Schema.NullOr(SerialId), name: Schema.NullOr(Schema.String), ...SalesFigures.fields });
export type SalesLine = typeof SalesLine.Type;

export const SalesReport = Schema.Struct({
  ...periodFields,
  agencies: Schema.Array(SalesLine),
  executives: Schema.Array(SalesLine),
  total: SalesFigures,
});
export type SalesReport = typeof SalesReport.Type;

export const ExpiringReservation = Schema.Struct({
  ...ReservationOnDeparture.fields,
  agencyName: Schema.NullOr(Schema.String),
  executiveName: Schema.NullOr(Schema.String),
  timeLimit: Schema.String,
  hoursLeft: Schema.Finite,
  /** Berths held by the reservation, freed when its time limit passes unconfirmed. */
  held: Int4,
  revenue: Schema.Finite,
});
export type ExpiringReservation = typeof ExpiringReservation.Type;

export const ExpiringReport = Schema.Struct({
  hours: Int4,
  at: Schema.String,
  reservations: Schema.Array(ExpiringReservation),
  /** The same holds by the day (UTC) their time limit passes. */
  days: Schema.Array(Schema.Struct({ day: Schema.String, reservations: Int4, held: Int4 })),
});
export type ExpiringReport = typeof ExpiringReport.Type;

/** How long leads waited for their first comment, in hours; null when none has one yet. */
export const FirstComment = Schema.Struct({
  commented: Int4,
  averageHours: Schema.NullOr(Schema.Finite),
  medianHours: Schema.NullOr(Schema.Finite),
});
export type FirstComment = typeof FirstComment.Type;

export const LeadsReport = Schema.Struct({
  ...periodFields,
  total: Int4,
  /** Every week (from its Monday) of the period, none left out, so the chart's gaps are true. */
  weeks: Schema.Array(Schema.Struct({ week: Schema.String, leads: Int4 })),
  countries: Schema.Array(Schema.Struct({ country: Schema.String, leads: Int4 })),
  /** By the agent each lead is assigned to now (null: unassigned), with their first comments' delay. */
  agents: Schema.Array(Schema.Struct({ agentId: Schema.NullOr(SerialId), agentName: Schema.NullOr(Schema.String), leads: Int4, ...FirstComment.fields })),
  firstComment: FirstComment,
});
export type LeadsReport = typeof LeadsReport.Type;

/** A report's endpoint: `GET /reports/<report>`, named and read by the roles of its report (./reportReaders.ts). */
const reportEndpoint = <Query extends AnyCodec, Response extends AnyCodec>(report: ReportName, query: Query, response: Response, description: string) =>
  endpoint({ name: `reports.${report}`, method: "GET", path: `/reports/${report}`, query, response, access: { kind: "session", roles: reportReaders[report] }, description });

const periodText = "`from` and `to` (YYYY-MM-DD, both included, at most a year); without them 400 'dates required in reports', an end before the start 400 'the period ends before it starts', over a year 400 'the period is longer than a year'";

export const occupancyReport = reportEndpoint("occupancy", OccupancyQuery, OccupancyReport, `Berths sold (confirmed), held and free of the scheduled departures starting in the period, of yacht \`yachtId\` or all, by departure, by yacht and in total, with their percent of capacity. ${periodText}.`);

export const salesReport = reportEndpoint("sales", PeriodQuery, SalesReport, `The confirmed reservations of the departures starting in the period, by agency and by executive: reservations, berths, revenue (what clients pay), the agencies' commission and the operator's net. ${periodText}.`);

export const expiringReport = reportEndpoint("expiring", ExpiringQuery, ExpiringReport, `The held reservations whose time limit passes within \`hours\` (default ${DEFAULT_EXPIRING_HOURS}, 1 to ${MAX_EXPIRING_HOURS}; else 400 'invalid information'), soonest first, and their count by day.`);

export const leadsReport = reportEndpoint("leads", PeriodQuery, LeadsReport, `The leads received in the period: per week, per country, per agent, and how long they waited for their first comment. ${periodText}.`);

/**
 * Money's reports (decision 068) also download as a file: one of their tables (`table`, the first
 * unless named) as CSV or XLSX, amounts as numbers (CSV: `1250.50`; XLSX: numeric cells), days as
 * days, headers in `lang`.
 */
export const ReportFileFormat = Schema.Literals(["csv", "xlsx"]);
export type ReportFileFormat = typeof ReportFileFormat.Type;

export const reportFileMimeTypes: Readonly<Record<ReportFileFormat, string>> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The file a money report's table downloads as: `receivables-agencies-2030-03-01.csv`. */
export const reportFileName = (report: ReportName, table: string, day: string, format: ReportFileFormat): string => `${report}-${table}-${day}.${format}`;

/** How long a receivable is overdue: not yet, 1-30, 31-60, 61-90 or over 90 days after its balance due date. */
export const ageingBuckets = ["notDue", "days1to30", "days31to60", "days61to90", "over90"] as const;
export const AgeingBucket = Schema.Literals(ageingBuckets);
export type AgeingBucket = typeof AgeingBucket.Type;

export const receivablesTables = ["agencies", "reservations"] as const;
export const paymentsTables = ["methods", "months", "payments"] as const;
export const penaltiesTables = ["agencies", "months", "penalties"] as const;

/** How a money report's file is asked for: its format, which of its tables (a CSV holds one) and its language. */
const reportFileFields = <const Tables extends ReadonlyArray<string>>(tables: Tables) => ({
  format: Schema.optionalKey(ReportFileFormat),
  table: Schema.optionalKey(Schema.Literals(tables)),
  lang: Schema.optionalKey(DocumentLanguage),
});

export const ReceivablesQuery = Schema.Struct(reportFileFields(receivablesTables));
export type ReceivablesQuery = typeof ReceivablesQuery.Type;

export const PaymentsReportQuery = Schema.Struct({ ...PeriodQuery.fields, ...reportFileFields(paymentsTables) });
export type PaymentsReportQuery = typeof PaymentsReportQuery.Type;

export const PenaltiesReportQuery = Schema.Struct({ ...PeriodQuery.fields, ...reportFileFields(penaltiesTables) });
export type PenaltiesReportQuery = typeof PenaltiesReportQuery.Type;

/** A money report's amounts, one integer of cents each: `centsFields(["kept", "net"])` is `{ keptCents, netCents }`. */
const centsFields = <const Names extends ReadonlyArray<string>>(names: Names) =>
  Object.fromEntries(names.map((name) => [`${name}Cents`, Int4])) as { readonly [Name in Names[number] as `${Name}Cents`]: typeof Int4 };

/** Balances by how long they are overdue, and their sum, in cents. */
export const AgeingCents = Schema.Struct(centsFields([...ageingBuckets, "total"]));
export type AgeingCents = typeof AgeingCents.Type;

/** The agency a money report's line is about; null: direct clients. */
const agencyFields = { agencyId: Schema.NullOr(SerialId), agencyName: Schema.NullOr(Schema.String) };

/** What one agency owes (null: direct clients), by age. */
export const ReceivablesAgency = Schema.Struct({
  ...agencyFields,
  reservations: Count,
  ...AgeingCents.fields,
});
export type ReceivablesAgency = typeof ReceivablesAgency.Type;

/** The departure a line of a money report is about: its code, its yacht and its first day. */
const departureFields = { cruiseCode: Schema.String, yachtName: Schema.String, startDate: Schema.String };

/** The reservation a line of a money report is about, and its agency (null: a direct client). */
const reservationFields = { reservationId: ReservationId, reservationCode: Schema.String, agencyName: Schema.NullOr(Schema.String) };

/** A sold reservation with a balance, and how long it is overdue. */
export const ReceivableReservation = Schema.Struct({
  id: ReservationId,
  code: Schema.String,
  agencyId: Schema.NullOr(SerialId),
  agencyName: Schema.NullOr(Schema.String),
  ...departureFields,
  balanceDueDate: Schema.String,
  /** Days after the balance due date, 0 or less while not due. */
  daysOverdue: Int4,
  bucket: AgeingBucket,
  balanceCents: Int4,
});
export type ReceivableReservation = typeof ReceivableReservation.Type;

export const ReceivablesReport = Schema.Struct({
  /** The day (in Ecuador) the balances are aged at: today. */
  at: Schema.String,
  agencies: Schema.Array(ReceivablesAgency),
  reservations: Schema.Array(ReceivableReservation),
  total: AgeingCents,
});
export type ReceivablesReport = typeof ReceivablesReport.Type;

/** Payments and refunds counted, and the money they moved. */
const PaymentsFigures = Schema.Struct({ payments: Count, refunds: Count, ...centsFields(["received", "refunded", "net"]) });

/** Money in and out by one method. */
export const PaymentsByMethod = Schema.Struct({ method: PaymentMethod, ...PaymentsFigures.fields });
export type PaymentsByMethod = typeof PaymentsByMethod.Type;

/** What came in (less refunds) in a month (`YYYY-MM`), by method. */
export const PaymentsByMonth = Schema.Struct({ month: Schema.String, ...centsFields([...PaymentMethod.literals, "net"]) });
export type PaymentsByMonth = typeof PaymentsByMonth.Type;

/** A payment or refund that counts (recorded, or refunded), its amount negative for a refund. */
export const ReceivedPayment = Schema.Struct({
  id: PaymentId,
  kind: PaymentKind,
  receivedAt: Schema.String,
  method: PaymentMethod,
  reference: Schema.String,
  payer: Schema.String,
  ...reservationFields,
  amountCents: Int4,
});
export type ReceivedPayment = typeof ReceivedPayment.Type;

export const PaymentsReport = Schema.Struct({
  ...periodFields,
  methods: Schema.Array(PaymentsByMethod),
  /** Every month the period touches, none left out, so the chart's gaps are true. */
  months: Schema.Array(PaymentsByMonth),
  payments: Schema.Array(ReceivedPayment),
  total: PaymentsFigures,
});
export type PaymentsReport = typeof PaymentsReport.Type;

/** What kept or gave back a penalty (decision 067): a reservation's cancel, a space's, an admin's waiver. */
export const PenaltyEntryKind = Schema.Literals(["reservationCanceled", "spaceCanceled", "waived"]);
export type PenaltyEntryKind = typeof PenaltyEntryKind.Type;

/** Penalties kept and waived in cents. */
const PenaltiesCents = Schema.Struct(centsFields(["kept", "waived", "net"]));

/** The cancels that kept a penalty and the waivers that gave one back, and their cents. */
const PenaltiesFigures = Schema.Struct({ cancellations: Count, waivers: Count, ...PenaltiesCents.fields });

/** Penalties kept and waived for one agency (null: direct clients). */
export const PenaltiesByAgency = Schema.Struct({ ...agencyFields, ...PenaltiesFigures.fields });
export type PenaltiesByAgency = typeof PenaltiesByAgency.Type;

/** Penalties kept and waived in a month (`YYYY-MM`). */
export const PenaltiesByMonth = Schema.Struct({ month: Schema.String, ...PenaltiesCents.fields });
export type PenaltiesByMonth = typeof PenaltiesByMonth.Type;

/** A penalty kept by a cancel, or given back by a waiver (its amount negative), on its day in Ecuador. */
export const PenaltyEntry = Schema.Struct({
  day: Schema.String,
  kind: PenaltyEntryKind,
  ...reservationFields,
  ...departureFields,
  reason: Schema.String,
  amountCents: Int4,
});
export type PenaltyEntry = typeof PenaltyEntry.Type;

export const PenaltiesReport = Schema.Struct({
  ...periodFields,
  agencies: Schema.Array(PenaltiesByAgency),
  /** Every month the period touches, none left out, so the chart's gaps are true. */
  months: Schema.Array(PenaltiesByMonth),
  penalties: Schema.Array(PenaltyEntry),
  total: PenaltiesFigures,
});
export type PenaltiesReport = typeof PenaltiesReport.Type;

const fileText = "With `format=csv` or `format=xlsx` one of its tables (`table`, the first unless named) as a file, amounts as numbers, headers in `lang`";

export const receivablesReport = reportEndpoint("receivables", ReceivablesQuery, ReceivablesReport, `What the confirmed reservations (and canceled ones still owing) are owed today, by agency (null: direct clients) and by reservation, aged from each balance due date: not due, 1-30, 31-60, 61-90 and over 90 days overdue, in cents. ${fileText} (tables: ${receivablesTables.join(", ")}).`);

export const paymentsReport = reportEndpoint("payments", PaymentsReportQuery, PaymentsReport, `The money received in the period (recorded payments less refunds, by the day it moved; reported, rejected and voided ones do not count), by method, by month and method, and each payment, in cents. ${periodText}. ${fileText} (tables: ${paymentsTables.join(", ")}).`);

export const penaltiesReport = reportEndpoint("penalties", PenaltiesReportQuery, PenaltiesReport, `The cancellation penalties kept in the period (each sale's or space's cancel that kept one) and those waived by an admin (negative), by the day (in Ecuador) each was decided, by agency (null: direct clients), by month and each one, in cents. ${periodText}. ${fileText} (tables: ${penaltiesTables.join(", ")}).`);

export const reportEndpoints = [occupancyReport, salesReport, expiringReport, leadsReport, receivablesReport, paymentsReport, penaltiesReport] as const;
