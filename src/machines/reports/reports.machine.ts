import { assign, fromPromise, setup } from "xstate";
import type { ApiClient } from "../../api/client.ts";
import {
  type ExpiringReport,
  expiringReport,
  hoursProblem,
  type LeadsReport,
  leadsReport,
  type OccupancyReport,
  occupancyReport,
  type PaymentsReport,
  paymentsReport,
  type PenaltiesReport,
  penaltiesReport,
  periodProblem,
  type ReceivablesReport,
  receivablesReport,
  type ReportName,
  type ReportQueryProblem,
  type SalesReport,
  salesReport,
} from "../../api/reports.ts";
import { reportQueryMachine } from "../domain/reportQuery.machine.ts";
import { judge } from "../domain/verdict.ts";
import type { ExportFormat } from "../shared/pagedList.machine.ts";
import { errorActions, showError } from "../shared/actions.ts";
import { machineTypes } from "../shared/machineTypes.ts";

/** What the report's form asks, as typed: days `YYYY-MM-DD`, a yacht's id ("" for all), hours ahead. */
export interface ReportQuestion {
  readonly from: string;
  readonly to: string;
  readonly yachtId: string;
  readonly hours: string;
}

/** A report as the server answered it, named. */
export type ReportContent =
  | { readonly report: "occupancy"; readonly data: OccupancyReport }
  | { readonly report: "sales"; readonly data: SalesReport }
  | { readonly report: "expiring"; readonly data: ExpiringReport }
  | { readonly report: "leads"; readonly data: LeadsReport }
  | { readonly report: "receivables"; readonly data: ReceivablesReport }
  | { readonly report: "payments"; readonly data: PaymentsReport }
  | { readonly report: "penalties"; readonly data: PenaltiesReport };

export interface ReportsInput {
  readonly client: ApiClient;
  readonly report: ReportName;
  readonly question: ReportQuestion;
}

export interface ReportsContext extends ReportsInput {
  readonly content: ReportContent | null;
  readonly error: string | null;
}

/** One of a report's tables saved as a file: its key in the report, and the format. */
export interface TableExport {
  readonly table: string;
  readonly format: ExportFormat;
}

export type ReportsEvent =
  | { readonly type: "question.submit"; readonly question: ReportQuestion }
  | { readonly type: "table.export"; readonly table: string; readonly format: ExportFormat }
  | { readonly type: "retry" };

const DAY = 86_400_000;
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * The question a report opens with (decision 043): occupancy and sales this month and the next
 * two; the leads the last twelve weeks up to today; the holds of the next 48 hours; the payments
 * received and the penalties kept this month and the two before, up to today; the receivables as
 * they stand (no question).
 */
export const defaultQuestion = (report: ReportName, today: Date): ReportQuestion => {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  if (report === "leads") return { from: isoDay(today.getTime() - 12 * 7 * DAY), to: isoDay(today.getTime()), yachtId: "", hours: "" };
  if (report === "expiring") return { from: "", to: "", yachtId: "", hours: "48" };
  if (report === "receivables") return { from: "", to: "", yachtId: "", hours: "" };
  if (report === "payments" || report === "penalties") return { from: isoDay(Date.UTC(year, month - 2, 1)), to: isoDay(today.getTime()), yachtId: "", hours: "" };
  return { from: isoDay(Date.UTC(year, month, 1)), to: isoDay(Date.UTC(year, month + 3, 0)), yachtId: "", hours: "" };
};

const questionKeys = ["from", "to", "yachtId", "hours"] as const;

/**
 * The question a report's address asks (issue 37 item 8: a report keeps its period in the URL,
 * so a reload or a shared link shows the same period): each of `from`, `to`, `yachtId`, `hours`
 * the address holds, the report's default for the others.
 */
export const questionFromAddress = (report: ReportName, search: string, today: Date): ReportQuestion => {
  const asked = new URLSearchParams(search);
  const question = defaultQuestion(report, today);
  return Object.fromEntries(questionKeys.map((key) => [key, asked.get(key) ?? question[key]])) as unknown as ReportQuestion;
};

/** The address's query of a question: its filled fields, in a fixed order (`from=...&to=...`). */
export const questionSearch = (question: ReportQuestion): string => {
  const search = new URLSearchParams();
  for (const key of questionKeys) if (question[key] !== "") search.set(key, question[key]);
  return search.toString();
};

/** What is wrong with a question for its report, by the contract's own rules. */
export const questionProblem = (report: ReportName, question: ReportQuestion): ReportQueryProblem => {
  if (report === "receivables") return null;
  if (report !== "expiring") return periodProblem(question);
  const hours = Number(question.hours);
  return question.hours.trim() === "" || !Number.isInteger(hours) ? "hoursOutOfRange" : hoursProblem({ hours });
};

/** The refusal the report query machine gives a question, or null when it is accepted. */
const refusalOf = (report: ReportName, question: ReportQuestion) => {
  const verdict = judge(reportQueryMachine, null, { type: "report.ask" }, { problem: questionProblem(report, question) });
  return verdict.kind === "refused" ? verdict.refusal : null;
};

const period = (question: ReportQuestion) => ({ from: question.from, to: question.to });

/** Asks the server for a report with the question as the contract takes it. */
const fetchReport = async (input: Pick<ReportsContext, "client" | "report" | "question">): Promise<ReportContent> => {
  const { client, question } = input;
  switch (input.report) {
    case "occupancy": {
      const yachtId = /^[1-9]\d{0,9}$/.test(question.yachtId) ? { yachtId: Number(question.yachtId) } : {};
      return { report: "occupancy", data: await client.call(occupancyReport, { query: { ...period(question), ...yachtId } }) };
    }
    case "sales":
      return { report: "sales", data: await client.call(salesReport, { query: period(question) }) };
    case "expiring":
      return { report: "expiring", data: await client.call(expiringReport, { query: { hours: Number(question.hours) } }) };
    case "leads":
      return { report: "leads", data: await client.call(leadsReport, { query: period(question) }) };
    case "receivables":
      return { report: "receivables", data: await client.call(receivablesReport) };
    case "payments":
      return { report: "payments", data: await client.call(paymentsReport, { query: period(question) }) };
    case "penalties":
      return { report: "penalties", data: await client.call(penaltiesReport, { query: period(question) }) };
  }
};

/** The question submitted and the report it is asked of, as the rules that refuse one read them. */
const questionOf = ({ context, event }: { readonly context: { readonly report: ReportName }; readonly event: { readonly question: ReportQuestion } }) => ({
  question: event.question,
  report: context.report,
});

/** A question submitted: refused by the rules before it is sent (their message shows), or fetched. */
const questionAsked = (refused: string, accepted: string) =>
  [
    { guard: { type: "isQuestionRefused", params: questionOf }, actions: { type: "assignRefusal", params: questionOf }, description: refused },
    {
      target: "fetching",
      actions: [{ type: "assignQuestion", params: ({ event }: { readonly event: { readonly question: ReportQuestion } }) => ({ question: event.question }) }, "clearError"],
      description: accepted,
    },
  ] as const;

/**
 * A report's screen (decision 043): its question (a period, a yacht, hours ahead) judged by the
 * report query machine before it is sent, so a reversed or missing period is told at once and
 * nothing is fetched; the answer shown as charts with their tables; each table saved as CSV or
 * XLSX by the browser (the view provides the saving).
 */
export const reportsMachine = setup({
  types: machineTypes<ReportsInput, ReportsContext, ReportsEvent, "fetching" | "exporting">(),
  actions: {
    ...errorActions<ReportsContext, ReportsEvent>(),
    assignContent: assign({ content: (_, params: { content: ReportContent }) => params.content }),
    assignQuestion: assign({ question: (_, params: { question: ReportQuestion }) => params.question }),
    assignRefusal: assign({ error: (_, params: { question: ReportQuestion; report: ReportName }) => refusalOf(params.report, params.question)?.message ?? null }),
  },
  guards: {
    isQuestionRefused: (_, params: { question: ReportQuestion; report: ReportName }) => refusalOf(params.report, params.question) !== null,
  },
  actors: {
    fetchReport: fromPromise<ReportContent, Pick<ReportsContext, "client" | "report" | "question">>(({ input }) => fetchReport(input)),
    saveExport: fromPromise<void, TableExport & { readonly content: ReportContent | null }>(async () => {}),
  },
}).createMachine({
  id: "reports",
  description: "A report of the Reportes section: asked for a period (or hours ahead), shown as charts beside their tables, each table saved as CSV or XLSX.",
  context: ({ input }) => ({ ...input, content: null, error: null }),
  initial: "fetching",
  states: {
    fetching: {
      description: "The report is being computed by the server for the question asked.",
      tags: "fetching",
      invoke: {
        id: "fetchReport",
        src: "fetchReport",
        input: ({ context }) => context,
        onDone: {
          target: "shown",
          actions: [{ type: "assignContent", params: ({ event }) => ({ content: event.output }) }, "clearError"],
          description: "The report shows: its charts and their tables.",
        },
        onError: showError("failed", "It could not be fetched: the message shows with a retry."),
      },
    },
    shown: {
      description: "The report is on screen; another question can be asked, or a table saved.",
      on: {
        "question.submit": questionAsked(
          "Refused before sending: a missing, reversed or too long period, a day that is none, hours out of range; the report stays.",
          "A question the rules accept: the report is fetched for it.",
        ),
        "table.export": { target: "exporting", actions: "clearError", description: "A table was asked for as a CSV or XLSX file." },
      },
    },
    exporting: {
      description: "The table's file is being written; the report stays on screen.",
      tags: "exporting",
      invoke: {
        id: "saveExport",
        src: "saveExport",
        input: ({ context, event }) => ({
          content: context.content,
          table: event.type === "table.export" ? event.table : "",
          format: event.type === "table.export" ? event.format : "csv",
        }),
        onDone: { target: "shown", description: "The file is handed to the browser's download." },
        onError: showError("shown", "The file could not be written: the message shows above the report."),
      },
    },
    failed: {
      description: "The report could not be fetched.",
      on: {
        retry: { target: "fetching", actions: "clearError", description: "Retry was pressed." },
        "question.submit": questionAsked(
          "Refused before sending: the message replaces the last one.",
          "Another question the rules accept: the report is fetched for it.",
        ),
      },
    },
  },
});
