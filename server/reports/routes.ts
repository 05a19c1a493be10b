import type { FastifyInstance } from "fastify";
import { ApiError } from "../../src/api/errors.ts";
import {
  DEFAULT_EXPIRING_HOURS,
  expiringReport,
  hoursProblem,
  leadsReport,
  occupancyReport,
  type PeriodQuery,
  periodProblem,
  type ReportQueryProblem,
  salesReport,
} from "../../src/api/reports.ts";
import { reportQueryMachine } from "../../src/machines/domain/reportQuery.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { type RouteContext, registerEndpoint } from "../http/register.ts";
import { expiringOf } from "./expiring.ts";
import { leadsOf } from "./leads.ts";
import { occupancyOf } from "./occupancy.ts";
import { salesOf } from "./sales.ts";

/** Asks the report query machine about a question's problem; a refusal is answered with its message and nothing is read. */
const judgeQuestion = (problem: ReportQueryProblem): void => {
  const verdict = judge(reportQueryMachine, null, { type: "report.ask" }, { problem });
  if (verdict.kind === "refused") throw new ApiError(verdict.refusal.status, verdict.refusal.message);
};

/** The period once judged: both days are there. */
const judgedPeriod = (query: PeriodQuery): { readonly from: string; readonly to: string } => {
  judgeQuestion(periodProblem(query));
  return { from: query.from ?? "", to: query.to ?? "" };
};

/** `GET /reports/*` (decision 043): each question judged by the report query machine, then read from the tables. */
export const registerReportRoutes = (app: FastifyInstance, context: RouteContext): void => {
  registerEndpoint(app, context, occupancyReport, async ({ query }) =>
    occupancyOf(context.db, { ...judgedPeriod(query), ...(query.yachtId === undefined ? {} : { yachtId: query.yachtId }) }),
  );
  registerEndpoint(app, context, salesReport, async ({ query }) => salesOf(context.db, judgedPeriod(query)));
  registerEndpoint(app, context, expiringReport, async ({ query }) => {
    judgeQuestion(hoursProblem(query));
    return expiringOf(context.db, query.hours ?? DEFAULT_EXPIRING_HOURS, context.now());
  });
  registerEndpoint(app, context, leadsReport, async ({ query }) => leadsOf(context.db, judgedPeriod(query)));
};
