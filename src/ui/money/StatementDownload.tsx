import "./money.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentFormat } from "../../api/documents.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { documentLanguageOf, useMoneyFiles } from "./useMoneyFiles.ts";

/** This month up to today, in the browser's calendar: the period a statement opens with. */
const thisMonth = (today: Date): { readonly from: string; readonly to: string } => {
  const month = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${month}-${String(today.getDate()).padStart(2, "0")}` };
};

/**
 * An agency's statement for a period (decision 068), downloaded as PDF or XLSX in the panel's
 * language: on the agency's page for staff, and in the agency portal for its own agency
 * (`agencyId` null). Not a form of its own: it may stand beside a record's form.
 */
export function StatementDownload({ agencyId }: { readonly agencyId: number | null }) {
  const { t, i18n } = useTranslation();
  const files = useMoneyFiles();
  const [period, setPeriod] = useState(() => thisMonth(new Date()));
  const download = (format: DocumentFormat) => files.download({ kind: "statement", agencyId, ...period, format, language: documentLanguageOf(i18n.language) });
  return (
    <section aria-labelledby="statement-title" className="agency-statement">
      <h2 id="statement-title">{t("money.statement.heading")}</h2>
      <p className="muted">{t("money.statement.intro")}</p>
      <div className="statement-period">
        <label>
          {t("reports.from")}
          <input type="date" value={period.from} onChange={(event) => setPeriod({ ...period, from: event.currentTarget.value })} />
        </label>
        <label>
          {t("reports.to")}
          <input type="date" value={period.to} onChange={(event) => setPeriod({ ...period, to: event.currentTarget.value })} />
        </label>
        {(["pdf", "xlsx"] as const).map((format) => (
          <button key={format} type="button" className="secondary" disabled={files.busy} aria-busy={files.busy} onClick={() => download(format)}>
            {t(format === "pdf" ? "money.statement.downloadPdf" : "money.statement.downloadXlsx")}
          </button>
        ))}
      </div>
      <ErrorBanner message={files.error} />
    </section>
  );
}
