import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import type { DocumentLanguage } from "../../src/api/documents.ts";
import {
  DEFAULT_EXPIRING_HOURS,
  expiringReport,
  hoursProblem,
  leadsReport,
  occupancyReport,
  paymentsReport,
  paymentsTables,
  penaltiesReport,
  penaltiesTables,
  type PeriodQuery,
  periodProblem,
  type ReportFileFormat,
  reportFileMimeTypes,
  reportFileName,
  type ReportName,
  type ReportQueryProblem,
  receivablesReport,
  receivablesTables,
  salesReport,
} from "../../src/api/reports.ts";
import { ecuadorDay } from "../../src/machines/domain/calendar.ts";
import { reportQueryMachine } from "../../src/machines/domain/reportQuery.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import type { DocumentFiles } from "../documents/routes.ts";
import type { MoneySection } from "../documents/moneyFiles.ts";
import { documentDate, documentTexts } from "../documents/texts.ts";
import { Download, type RouteContext, registerEndpoint } from "../http/register.ts";
import { expiringOf } from "./expiring.ts";
import { leadsOf } from "./leads.ts";
import { csvOf, paymentsTable, penaltiesTable, receivablesTable, tableDocument } from "./exports.ts";
import { occupancyOf } from "./occupancy.ts";
import { paymentsOf } from "./payments.ts";
import { penaltiesOf } from "./penalties.ts";
import { receivablesOf } from "./receivables.ts";
import { salesOf } from "./sales.ts";

/** Asks the report query machine about a question's problem; a refusal is answered with its message and nothing is read. */
const judgeQuestion = (problem: ReportQueryProblem): void => {
  const verdict = judge(reportQueryMachine, null, { type: "report.ask" }, { problem });
  if (verdict.kind === "refused") throw new ApiError(verdict.refusal.status, verdict.refusal.message);
};

/** The period once judged by the report query machine (refused with its message): both days are there. */
export const judgedPeriod = (query: PeriodQuery): { readonly from: string; readonly to: string } => {
  judgeQuestion(periodProblem(query));
  return { from: query.from ?? "", to: query.to ?? "" };
};

/** What a report over a period covers, above its table in the XLSX: its first and last day. */
const periodCovered = (period: { readonly from: string; readonly to: string }): string => `${documentDate(period.from)} – ${documentDate(period.to)}`;

/** What a money report's file is asked as: its format, which table, in which language. */
interface FileQuestion {
  readonly format: ReportFileFormat;
  readonly language: DocumentLanguage;
  readonly report: ReportName;
  readonly table: string;
  /** What the report covers, above its table in the XLSX. */
  readonly covers: string;
}

/**
 * `GET /reports/*` (decisions 043, 067, 068): each question judged by the report query machine,
 * then read from the tables (the penalties from the reservations' events); money's reports also
 * download one table as CSV (written here) or XLSX (drawn in the documents' worker).
 */
export const registerReportRoutes = (app: FastifyInstance, context: RouteContext & { readonly files: DocumentFiles }): void => {
  const download = async (section: MoneySection, question: FileQuestion): Promise<Download> => {
    const now = context.now();
    const name = reportFileName(question.report, question.table, ecuadorDay(now.getTime()), question.format);
    const title = documentTexts(question.language)(`reports.title.${question.report}`);
    const bytes =
      question.format === "csv"
        ? new TextEncoder().encode(csvOf(section))
        : await context.files.draw({ format: "xlsx", money: tableDocument(section, title, question.covers, question.language, now), logo: null });
    return new Download(bytes, reportFileMimeTypes[question.format], name);
  };

  /**
   * A money report as asked: the report itself, or with a `format` one of its tables as that file
   * (its first table unless `table` names another), in `lang` (Spanish unless asked otherwise).
   */
  const reportOrFile = async <Report, Table extends string>(
    report: Report,
    query: { readonly format?: ReportFileFormat; readonly lang?: DocumentLanguage; readonly table?: Table },
    name: ReportName,
    tables: readonly [Table, ...ReadonlyArray<Table>],
    tableOf: (report: Report, table: Table, language: DocumentLanguage) => MoneySection,
    covers: (language: DocumentLanguage) => string,
  ): Promise<Report | Download> => {
    if (query.format === undefined) return report;
    const language = query.lang ?? "es";
    const table = query.table ?? tables[0];
    return download(tableOf(report, table, language), { format: query.format, language, report: name, table, covers: covers(language) });
  };

  registerEndpoint(app, context, occupancyReport, async ({ query }) =>
    occupancyOf(context.db, { ...judgedPeriod(query), ...(query.yachtId === undefined ? {} : { yachtId: query.yachtId }) }),
  );
  registerEndpoint(app, context, salesReport, async ({ query }) => salesOf(context.db, judgedPeriod(query)));
  registerEndpoint(app, context, expiringReport, async ({ query }) => {
    judgeQuestion(hoursProblem(query));
    return expiringOf(context.db, query.hours ?? DEFAULT_EXPIRING_HOURS, context.now());
  });
  registerEndpoint(app, context, leadsReport, async ({ query }) => leadsOf(context.db, judgedPeriod(query)));
  registerEndpoint(app, context, receivablesReport, async ({ query }) => {
    const report = await receivablesOf(context.db, context.now());
    return reportOrFile(report, query, "receivables", receivablesTables, receivablesTable, (language) =>
      documentTexts(language)("reports.at", { day: documentDate(report.at) }),
    );
  });
  registerEndpoint(app, context, paymentsReport, async ({ query }) => {
    const report = await paymentsOf(context.db, judgedPeriod(query));
    return reportOrFile(report, query, "payments", paymentsTables, paymentsTable, () => periodCovered(report));
  });
  registerEndpoint(app, context, penaltiesReport, async ({ query }) => {
    const report = await penaltiesOf(context.db, judgedPeriod(query));
    return reportOrFile(report, query, "penalties", penaltiesTables, penaltiesTable, () => periodCovered(report));
  });
};
