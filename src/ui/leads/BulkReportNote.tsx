import { useTranslation } from "react-i18next";
import { translateMessage } from "../../i18n/messages.ts";
import type { BulkReport } from "../../machines/shared/pagedList.machine.ts";

/** What BulkReportBanner shows once the messages' texts are there. */
export default function BulkReportNote({ report }: { readonly report: BulkReport }) {
  const { t } = useTranslation("messages");
  const refused = report.refused.length > 0;
  return (
    <div className={refused ? "bulk-report error-banner" : "bulk-report"} role={refused ? "alert" : "status"}>
      <p>
        {t(`table.report_${report.action}`, { count: report.succeeded })}
        {refused && ` ${t("table.reportRefused", { count: report.refused.length })}`}
      </p>
      {(refused || (report.done ?? []).length > 0) && (
        <ul>
          {(report.done ?? []).map((outcome) => (
            <li key={outcome.id} className="bulk-done">
              <strong>{outcome.title}</strong>: {translateMessage(t, outcome.message)}
            </li>
          ))}
          {report.refused.map((refusal) => (
            <li key={refusal.id}>
              <strong>{refusal.title}</strong>: {translateMessage(t, refusal.message)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
