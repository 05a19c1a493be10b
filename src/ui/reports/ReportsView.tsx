import "./reports.css";
import "../reservations/reservations.css";
import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import type { ReportName } from "../../api/reports.ts";
import { MAX_EXPIRING_HOURS } from "../../api/reports.ts";
import { questionFromAddress, questionSearch, type ReportContent, reportsMachine, type TableExport } from "../../machines/reports/reports.machine.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { ReportChart } from "./ReportChart.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { YachtSelect } from "../shared/YachtSelect.tsx";
import { PeriodInputs } from "../shared/PeriodInputs.tsx";
import { useServices } from "../shared/context.ts";
import { formText, submitted } from "../shared/forms.ts";
import { type ReportSection, reportSections, type ReportFigure, reportFigures } from "./reportSections.tsx";
import { useFlowActor } from "../shared/useFlow.ts";
import { showInAddress } from "../shared/address.ts";

/** A section's chart beside its table, and the table's export buttons. */
function Section({ section, exporting, onExport }: { readonly section: ReportSection; readonly exporting: boolean; readonly onExport: (format: TableExport["format"]) => void }) {
  const { t } = useTranslation();
  const headingId = `report-${section.key}`;
  return (
    <section className="report-section" aria-labelledby={headingId}>
      <div className="report-section-title">
        <h2 id={headingId}>{section.title}</h2>
        <fieldset className="list-export" aria-busy={exporting}>
          <legend className="visually-hidden">{t("reports.exportTable", { table: section.title })}</legend>
          <button type="button" className="secondary outline" disabled={exporting || section.rows === 0} onClick={() => onExport("csv")}>
            {t("table.exportCsv")}
          </button>
          <button type="button" className="secondary outline" disabled={exporting || section.rows === 0} onClick={() => onExport("xlsx")}>
            {t("table.exportXlsx")}
          </button>
        </fieldset>
      </div>
      <div className={section.chart === null || section.wide ? "report-body" : "report-body with-chart"}>
        {section.chart !== null && section.rows > 0 && <ReportChart label={t("reports.chartOf", { table: section.title })} figures={section.chart} />}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways in its box, which keyboard users focus to scroll (WCAG 2.1.1) */}
        <section className="report-table" aria-label={t("reports.tableOf", { table: section.title })} tabIndex={0}>
          {section.table}
        </section>
      </div>
    </section>
  );
}

/** The report's headline figures, as a list of terms and values. */
function Figures({ figures }: { readonly figures: ReadonlyArray<ReportFigure> }) {
  return (
    <dl className="report-figures">
      {figures.map((figure) => (
        <div key={figure.label}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /panel/reports/{report} (decision 043): the question (period, yacht, hours ahead), the report's
 * headline figures, and each of its tables beside the chart of its numbers, saved as CSV or XLSX.
 * The reports machine judges the question and fetches; this view draws what it holds.
 */
export default function ReportsView({ report }: { readonly report: ReportName }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() =>
    reportsMachine.provide({
      actors: {
        saveExport: fromPromise<void, TableExport & { readonly content: ReportContent | null }>(async ({ input }) => {
          const section = input.content === null ? undefined : reportSections(input.content, t, i18n.language, client).find((candidate) => candidate.key === input.table);
          if (section !== undefined) await section.save(input.format);
        }),
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, report, question: questionFromAddress(report, window.location.search, new Date()) } });
  const question = useSelector(actor, (snapshot) => snapshot.context.question);
  // the question asked stays in the address: a reload or a shared link asks it again
  useEffect(() => showInAddress(questionSearch(question), true), [question]);
  const content = useSelector(actor, (snapshot) => snapshot.context.content);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const exporting = useSelector(actor, (snapshot) => snapshot.hasTag("exporting"));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const sections = content === null ? [] : reportSections(content, t, i18n.language, client);
  const fleet = content?.report === "occupancy" ? content.data.fleet : [];

  return (
    <section aria-labelledby="page-title" className="reports">
      <PageTitle title={t(`reports.title.${report}`)} />
      <p className="muted">{t(`reports.about.${report}`)}</p>
      <form
        className="reservations-filters"
        noValidate
        key={JSON.stringify(question)}
        onSubmit={submitted((data) =>
          actor.send({
            type: "question.submit",
            question: { from: formText(data, "from"), to: formText(data, "to"), yachtId: formText(data, "yachtId"), hours: formText(data, "hours") },
          }),
        )}
      >
        {report === "expiring" ? (
          <label>
            {t("reports.hours")}
            <input type="number" name="hours" min={1} max={MAX_EXPIRING_HOURS} defaultValue={question.hours} inputMode="numeric" />
          </label>
        ) : (
          // the receivables are asked for as they stand today: no period
          report !== "receivables" && (
            <PeriodInputs labels={{ from: t("reports.from"), to: t("reports.to") }} from={question.from} to={question.to} />
          )
        )}
        {report === "occupancy" && (
          <YachtSelect yachts={fleet} name="yachtId" defaultValue={question.yachtId} />
        )}
        <button type="submit" aria-busy={fetching} disabled={fetching}>
          {t("reports.show")}
        </button>
      </form>
      <ErrorBanner message={error} />
      {failed && (
        <button type="button" className="secondary" onClick={() => actor.send({ type: "retry" })}>
          {t("reports.retry")}
        </button>
      )}
      {fetching && content === null && <Spinner />}
      {content !== null && (
        <div className="report-content" aria-busy={fetching}>
          <Figures figures={reportFigures(content, t, i18n.language)} />
          {sections.map((section) => (
            <Section key={section.key} section={section} exporting={exporting} onExport={(format) => actor.send({ type: "table.export", table: section.key, format })} />
          ))}
        </div>
      )}
    </section>
  );
}
