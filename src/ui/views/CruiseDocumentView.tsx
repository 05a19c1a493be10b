import "./reservations.css";
import "./documents.css";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  type CruiseDocumentName,
  type DocumentLanguage,
  documentFormats,
  documentLanguages,
  type IncompleteBerth,
} from "../../api/documents.ts";
import { cruiseDocumentMachine, type DocumentFile } from "../../machines/cruiseDocument.machine.ts";
import { passengers } from "../../records/passengers.ts";
import { reservations } from "../../records/reservations.ts";
import { CruiseTabs } from "../components/CruiseTabs.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { useServices } from "../context.ts";
import { formatDate } from "../leadFormat.ts";
import { useFlowActor } from "../useFlow.ts";

/** The browser saves a downloaded file under its name. */
const saveFile = ({ blob, fileName }: DocumentFile): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** The incomplete berths of one reservation's cabin and what they lack, once, with how many they are. */
const byReservationCabin = (berths: ReadonlyArray<IncompleteBerth>): ReadonlyArray<{ readonly berth: IncompleteBerth; readonly count: number }> => {
  const groups = new Map<string, { berth: IncompleteBerth; count: number }>();
  for (const berth of berths) {
    const key = [berth.reservationId, berth.cabinName, berth.passengerId ?? "", ...berth.missing].join("\u0000");
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { berth, count: 1 });
    else group.count += 1;
  }
  return [...groups.values()];
};

const languageOf = (language: string): DocumentLanguage => (language.startsWith("en") ? "en" : "es");

/**
 * /panel/cruises/{id}/{document}: one of a departure's documents (DOMAIN.md section 8) as a table
 * per section, the berths whose data it lacks linked to where they are fixed, and the same
 * document downloaded as PDF or XLSX or printed. It opens in the panel's language; another may be
 * chosen for a reader abroad.
 */
export default function CruiseDocumentView({ id, document: name }: { readonly id: number; readonly document: CruiseDocumentName }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() => cruiseDocumentMachine.provide({ actions: { saveFile: (_, file) => saveFile(file) } }));
  const actor = useFlowActor(logic, { input: { client, cruiseId: id, document: name, language: languageOf(i18n.language) } });
  const content = useSelector(actor, (snapshot) => snapshot.context.content);
  const language = useSelector(actor, (snapshot) => snapshot.context.language);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const downloading = useSelector(actor, (snapshot) => snapshot.hasTag("downloading"));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const departure = content?.departure ?? null;

  return (
    <section aria-labelledby="page-title" className="cruise-document">
      <PageTitle title={departure === null ? t(`documents.titles.${name}`) : `${t(`documents.titles.${name}`)} · ${departure.code}`} />
      {departure !== null && (
        <p className="departure-line">{`${departure.yachtName} · ${departure.itineraryName} · ${formatDate(departure.startDate)} – ${formatDate(departure.endDate)}`}</p>
      )}
      <CruiseTabs id={id} current={name} />
      <div className="document-toolbar">
        <label>
          {t("documents.language")}
          <select
            value={language}
            disabled={fetching}
            onChange={(event) => actor.send({ type: "language.change", language: languageOf(event.currentTarget.value) })}
          >
            {documentLanguages.map((option) => (
              <option key={option} value={option}>
                {t(`language.${option}`)}
              </option>
            ))}
          </select>
        </label>
        {documentFormats.map((format) => (
          <button
            key={format}
            type="button"
            className="secondary"
            disabled={content === null || fetching || downloading}
            aria-busy={downloading}
            onClick={() => actor.send({ type: "download", format })}
          >
            {t(format === "pdf" ? "documents.downloadPdf" : "documents.downloadXlsx")}
          </button>
        ))}
        <button type="button" className="secondary outline" disabled={content === null} onClick={() => window.print()}>
          {t("documents.print")}
        </button>
      </div>
      <ErrorBanner message={error} />
      {failed ? (
        <button type="button" onClick={() => actor.send({ type: "retry" })}>
          {t("cruises.retry")}
        </button>
      ) : content === null ? (
        <Spinner />
      ) : (
        <>
          {content.incomplete.length === 0 ? (
            content.sections.length > 0 && <p className="document-complete">{t("documents.complete")}</p>
          ) : (
            <section className="document-incomplete" aria-labelledby="incomplete-title">
              <h2 id="incomplete-title">{t("documents.incompleteTitle")}</h2>
              <p>{t("documents.incompleteText")}</p>
              <ul>
                {byReservationCabin(content.incomplete).map(({ berth, count }) => (
                  <li key={berth.spaceId}>
                    {/* a berth without a passenger is fixed on its reservation, a passenger's data on their page */}
                    {berth.passengerId === null ? (
                      <Link href={reservations.path(berth.reservationId)}>{berth.reservationCode}</Link>
                    ) : (
                      <Link href={passengers.path(berth.passengerId)}>{berth.passengerName}</Link>
                    )}
                    {` · ${t("documents.cabin", { name: berth.cabinName })}: ${berth.missing.map((field) => t(`documents.missing.${field}`)).join(", ")}`}
                    {count > 1 && ` (${t("documents.berthCountOf", { count })})`}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="document-body" lang={content.language} aria-busy={fetching}>
            {content.sections.length === 0 ? (
              <p>{t("documents.empty")}</p>
            ) : (
              // one table, a row group per section under its title, so every section's columns line up;
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide list scrolls sideways in its box, which keyboard users focus to scroll (WCAG 2.1.1)
              <section className="document-section" tabIndex={0} aria-label={content.title}>
                <table className="document-table striped">
                  <caption>{content.title}</caption>
                  <thead>
                    <tr>
                      {content.columns.map((column) => (
                        <th key={column.label} scope="col">
                          {column.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  {content.sections.map((section) => (
                    <tbody key={section.title}>
                      <tr className="document-section-title">
                        <th colSpan={content.columns.length} scope="rowgroup">
                          {section.title}
                        </th>
                      </tr>
                      {section.rows.map((row) => (
                        <tr key={row.join("\u0000")}>
                          {row.map((cell, index) => (
                            <td key={content.columns[index]?.label ?? index} data-label={content.columns[index]?.label}>
                              {cell}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  ))}
                </table>
              </section>
            )}
            {content.totals.length > 0 && (
              <dl className="document-totals">
                {content.totals.map((total) => (
                  <div key={total.label}>
                    <dt>{total.label}</dt>
                    <dd>{total.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </>
      )}
    </section>
  );
}
