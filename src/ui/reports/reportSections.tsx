import type { TFunction } from "i18next";
import type { ApiClient } from "../../api/client.ts";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { amountLocale, formatMoney } from "../../api/amounts.ts";
import type { ExpiringReservation, OccupancyFigures } from "../../api/reports.ts";
import type { ReportContent } from "../../machines/reports/reports.machine.ts";
import type { ExportFormat } from "../../machines/shared/pagedList.machine.ts";
import { reservations } from "../../machines/reservations/record.ts";
import type { ChartFigures } from "./ReportChart.tsx";
import { DataTable } from "../shared/DataTable.tsx";
import { formatDate, formatDateTime } from "../leads/leadFormat.ts";
import { saveTable } from "../shared/tableExport.ts";
import { moneyReportFigures, moneyReportSections } from "./moneyReportSections.tsx";

/** One table of a report, drawn beside its chart (if any) and saved as a file. */
export interface ReportSection {
  /** Its name in the report, as the export event names it. */
  readonly key: string;
  readonly title: string;
  readonly rows: number;
  readonly table: ReactNode;
  readonly chart: ChartFigures | null;
  /** A table of many columns: its chart goes above it, as beside it the table would not fit. */
  readonly wide: boolean;
  readonly save: (format: ExportFormat) => Promise<void>;
}

/** A headline figure above a report's tables. */
export interface ReportFigure {
  readonly label: string;
  readonly value: string;
}

/** A column: its header, its text (shown and exported), and a richer cell where the screen links. */
export interface ReportColumn<Row> {
  readonly header: string;
  readonly text: (row: Row) => string;
  readonly cell?: (row: Row) => ReactNode;
}

export interface SectionDeclaration<Row> {
  readonly key: string;
  readonly title: string;
  readonly rows: ReadonlyArray<Row>;
  readonly columns: ReadonlyArray<ReportColumn<Row>>;
  readonly chart: ((rows: ReadonlyArray<Row>) => ChartFigures) | null;
  readonly empty: string;
  /** How its file is saved, when not from the columns' texts (money's reports: the server's file, amounts as numbers). */
  readonly save?: (format: ExportFormat) => Promise<void>;
}

/** More columns than this and a table needs the screen's width. */
const WIDE_TABLE_COLUMNS = 3;

/** A section from its declaration: the table, its chart's figures and its file share the same columns. */
export const section = <Row,>(declaration: SectionDeclaration<Row>): ReportSection => {
  const numbered = declaration.rows.map((row, index) => ({ id: index + 1, row }));
  return {
    key: declaration.key,
    title: declaration.title,
    rows: declaration.rows.length,
    chart: declaration.chart === null ? null : declaration.chart(declaration.rows),
    wide: declaration.columns.length > WIDE_TABLE_COLUMNS,
    table: (
      <DataTable
        caption={declaration.title}
        columns={declaration.columns.map((column) => ({
          header: column.header,
          cell: (numberedRow: { readonly row: Row }) => (column.cell ?? column.text)(numberedRow.row),
        }))}
        rows={numbered}
        empty={declaration.empty}
      />
    ),
    save:
      declaration.save ??
      ((format) => saveTable({ title: declaration.title, columns: declaration.columns.map(({ header, text }) => ({ header, text })) }, declaration.rows, format)),
  };
};

/** The chart's colours: sold, held and free berths; money in and out; leads. */
const colours = { sold: "#2e7d32", held: "#e0a100", free: "#8fa3b0", revenue: "#1e6091", commission: "#d1495b", leads: "#1e6091" } as const;

const numberIn = (language: string, digits = 0) => new Intl.NumberFormat(amountLocale(language), { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The texts of every report, in the user's language. */
const formats = (t: TFunction, language: string) => {
  const count = (value: number) => numberIn(language).format(value);
  // a no-break space keeps the figure and its unit on one line in a narrow column
  const percent = (value: number) => `${numberIn(language, 1).format(value)}\u00a0%`;
  const hours = (value: number | null) => (value === null ? "—" : `${numberIn(language, 1).format(value)}\u00a0h`);
  const money = (value: number) => formatMoney(value, language);
  const column = (key: string) => t(`reports.columns.${key}`);
  return { count, percent, hours, money, column };
};

/** Sold, held and free berths of some rows, stacked per row. */
const berthsChart = <Row extends OccupancyFigures>(t: TFunction, label: (row: Row) => string) => (rows: ReadonlyArray<Row>): ChartFigures => ({
  labels: rows.map(label),
  stacked: true,
  horizontal: false,
  series: [
    { label: t("reports.columns.sold"), values: rows.map((row) => row.sold), colour: colours.sold },
    { label: t("reports.columns.held"), values: rows.map((row) => row.held), colour: colours.held },
    { label: t("reports.columns.free"), values: rows.map((row) => row.free), colour: colours.free },
  ],
});

const berthColumns = <Row extends OccupancyFigures>(f: ReturnType<typeof formats>): ReadonlyArray<ReportColumn<Row>> => [
  { header: f.column("capacity"), text: (row) => f.count(row.capacity) },
  { header: f.column("sold"), text: (row) => f.count(row.sold) },
  { header: f.column("held"), text: (row) => f.count(row.held) },
  { header: f.column("free"), text: (row) => f.count(row.free) },
  { header: f.column("waiting"), text: (row) => f.count(row.waiting) },
  { header: f.column("soldPercent"), text: (row) => f.percent(row.soldPercent) },
  { header: f.column("heldPercent"), text: (row) => f.percent(row.heldPercent) },
];

/** Each report's tables, in the order they show; money's are saved as the server draws them, through the client. */
export const reportSections = (content: ReportContent, t: TFunction, language: string, client: ApiClient): ReadonlyArray<ReportSection> => {
  const f = formats(t, language);
  const empty = t("reports.empty");
  switch (content.report) {
    case "receivables":
    case "payments":
    case "penalties":
      return moneyReportSections(content, t, language, client);
    case "occupancy":
      return [
        section({
          key: "yachts",
          title: t("reports.sections.yachts"),
          rows: content.data.yachts,
          chart: berthsChart(t, (row) => row.yachtName),
          empty,
          columns: [{ header: f.column("yacht"), text: (row) => row.yachtName }, { header: f.column("departures"), text: (row) => f.count(row.departures) }, ...berthColumns(f)],
        }),
        section({
          key: "departures",
          title: t("reports.sections.departures"),
          rows: content.data.departures,
          chart: berthsChart(t, (row) => row.code),
          empty,
          columns: [
            { header: f.column("departure"), text: (row) => row.code },
            { header: f.column("yacht"), text: (row) => row.yachtName },
            { header: f.column("sails"), text: (row) => formatDate(row.startDate) },
            ...berthColumns(f),
          ],
        }),
      ];
    case "sales": {
      const salesColumns = (who: string, nobody: string) =>
        [
          { header: f.column(who), text: (row) => row.name ?? nobody },
          { header: f.column("reservations"), text: (row) => f.count(row.reservations) },
          { header: f.column("berths"), text: (row) => f.count(row.berths) },
          { header: f.column("revenue"), text: (row) => f.money(row.revenue) },
          { header: f.column("commission"), text: (row) => f.money(row.commission) },
          { header: f.column("net"), text: (row) => f.money(row.net) },
        ] satisfies ReadonlyArray<ReportColumn<(typeof content.data.agencies)[number]>>;
      const moneyChart = (nobody: string) => (rows: typeof content.data.agencies): ChartFigures => ({
        labels: rows.map((row) => row.name ?? nobody),
        stacked: false,
        horizontal: true,
        series: [
          { label: f.column("revenue"), values: rows.map((row) => row.revenue), colour: colours.revenue },
          { label: f.column("commission"), values: rows.map((row) => row.commission), colour: colours.commission },
        ],
      });
      return [
        section({ key: "agencies", title: t("reports.sections.agencies"), rows: content.data.agencies, chart: moneyChart(t("reports.direct")), empty, columns: salesColumns("agency", t("reports.direct")) }),
        section({
          key: "executives",
          title: t("reports.sections.executives"),
          rows: content.data.executives,
          chart: moneyChart(t("reports.noExecutive")),
          empty,
          columns: salesColumns("executive", t("reports.noExecutive")),
        }),
      ];
    }
    case "expiring":
      return [
        section({
          key: "days",
          title: t("reports.sections.days"),
          rows: content.data.days,
          empty,
          chart: (rows) => ({
            labels: rows.map((row) => formatDate(row.day)),
            stacked: false,
            horizontal: false,
            series: [
              { label: f.column("held"), values: rows.map((row) => row.held), colour: colours.held },
              { label: f.column("reservations"), values: rows.map((row) => row.reservations), colour: colours.revenue },
            ],
          }),
          columns: [
            { header: f.column("day"), text: (row) => formatDate(row.day) },
            { header: f.column("reservations"), text: (row) => f.count(row.reservations) },
            { header: f.column("held"), text: (row) => f.count(row.held) },
          ],
        }),
        section<ExpiringReservation>({
          key: "reservations",
          title: t("reports.sections.reservations"),
          rows: content.data.reservations,
          empty,
          chart: null,
          columns: [
            { header: f.column("reservation"), text: (row) => row.code, cell: (row) => <Link href={reservations.path(row.id)}>{row.code}</Link> },
            { header: f.column("departure"), text: (row) => `${row.cruiseCode} · ${row.yachtName}` },
            { header: f.column("agency"), text: (row) => row.agencyName ?? t("reports.direct") },
            { header: f.column("executive"), text: (row) => row.executiveName ?? t("reports.noExecutive") },
            { header: f.column("timeLimit"), text: (row) => formatDateTime(row.timeLimit) },
            { header: f.column("hoursLeft"), text: (row) => f.hours(row.hoursLeft) },
            { header: f.column("held"), text: (row) => f.count(row.held) },
            { header: f.column("revenue"), text: (row) => f.money(row.revenue) },
          ],
        }),
      ];
    case "leads": {
      const leadsChart = <Row extends { readonly leads: number }>(label: (row: Row) => string, horizontal: boolean) => (rows: ReadonlyArray<Row>): ChartFigures => ({
        labels: rows.map(label),
        stacked: false,
        horizontal,
        series: [{ label: f.column("leads"), values: rows.map((row) => row.leads), colour: colours.leads }],
      });
      const agentName = (row: { readonly agentName: string | null }) => row.agentName ?? t("reports.unassigned");
      return [
        section({
          key: "weeks",
          title: t("reports.sections.weeks"),
          rows: content.data.weeks,
          empty,
          chart: leadsChart((row) => formatDate(row.week), false),
          columns: [
            { header: f.column("week"), text: (row) => formatDate(row.week) },
            { header: f.column("leads"), text: (row) => f.count(row.leads) },
          ],
        }),
        section({
          key: "countries",
          title: t("reports.sections.countries"),
          rows: content.data.countries,
          empty,
          chart: leadsChart((row) => row.country, true),
          columns: [
            { header: f.column("country"), text: (row) => row.country },
            { header: f.column("leads"), text: (row) => f.count(row.leads) },
          ],
        }),
        section({
          key: "agents",
          title: t("reports.sections.agents"),
          rows: content.data.agents,
          empty,
          chart: leadsChart<(typeof content.data.agents)[number]>(agentName, true),
          columns: [
            { header: f.column("agent"), text: agentName },
            { header: f.column("leads"), text: (row) => f.count(row.leads) },
            { header: f.column("commented"), text: (row) => f.count(row.commented) },
            { header: f.column("averageHours"), text: (row) => f.hours(row.averageHours) },
            { header: f.column("medianHours"), text: (row) => f.hours(row.medianHours) },
          ],
        }),
      ];
    }
  }
};

/** Each report's headline figures. */
export const reportFigures = (content: ReportContent, t: TFunction, language: string): ReadonlyArray<ReportFigure> => {
  const f = formats(t, language);
  const figure = (key: string, value: string): ReportFigure => ({ label: t(`reports.figures.${key}`), value });
  switch (content.report) {
    case "receivables":
    case "payments":
    case "penalties":
      return moneyReportFigures(content, t, language);
    case "occupancy": {
      const { total } = content.data;
      return [
        figure("departures", f.count(content.data.departures.length)),
        figure("capacity", f.count(total.capacity)),
        figure("sold", `${f.count(total.sold)} (${f.percent(total.soldPercent)})`),
        figure("held", `${f.count(total.held)} (${f.percent(total.heldPercent)})`),
        figure("free", `${f.count(total.free)} (${f.percent(total.freePercent)})`),
      ];
    }
    case "sales": {
      const { total } = content.data;
      return [
        figure("reservations", f.count(total.reservations)),
        figure("revenue", f.money(total.revenue)),
        figure("commission", f.money(total.commission)),
        figure("net", f.money(total.net)),
      ];
    }
    case "expiring":
      return [
        figure("reservations", f.count(content.data.reservations.length)),
        figure("held", f.count(content.data.reservations.reduce((total, row) => total + row.held, 0))),
        figure("hours", f.count(content.data.hours)),
      ];
    case "leads": {
      const { firstComment } = content.data;
      return [
        figure("leads", f.count(content.data.total)),
        figure("commented", f.count(firstComment.commented)),
        figure("averageHours", f.hours(firstComment.averageHours)),
        figure("medianHours", f.hours(firstComment.medianHours)),
      ];
    }
  }
};
