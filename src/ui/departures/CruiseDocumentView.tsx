import "../reservations/reservations.css";
import "./documents.css";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  type CruiseDocument,
  type CruiseDocumentName,
  type DocumentColumn,
  type DocumentLanguage,
  type DocumentSection,
  documentFormats,
  documentLanguages,
  type IncompleteBerth,
  sectionColumns,
  sendVoucher,
} from "../../api/documents.ts";
import { cruiseDocumentMachine, type DocumentSource } from "../../machines/departures/cruiseDocument.machine.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { departures } from "../../machines/departures/record.ts";
import { loadRefusal } from "../../machines/shared/actions.ts";
import { ProblemPage } from "../shared/ProblemPage.tsx";
import { voucherSendDialog } from "../shared/confirmDialog.ts";
import { CruiseTabs } from "./CruiseTabs.tsx";
import { Loaded } from "../shared/Loaded.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { saveFile } from "../shared/saveFile.ts";
import { showToast } from "../shared/toast.ts";
import { useServices } from "../shared/context.ts";
import { formatDate } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { ChoiceSelect } from "../shared/ChoiceSelect.tsx";
import { ColumnHeads } from "../shared/ColumnHeads.tsx";

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

/** The document's tables: consecutive sections in the document's columns share one, a section with its own columns has its own. */
const tablesOf = (content: CruiseDocument): ReadonlyArray<{ readonly columns: ReadonlyArray<DocumentColumn>; readonly sections: ReadonlyArray<DocumentSection> }> => {
  const tables: { columns: ReadonlyArray<DocumentColumn>; sections: DocumentSection[] }[] = [];
  for (const section of content.sections) {
    const columns = sectionColumns(content, section);
    const last = tables.at(-1);
    if (last !== undefined && section.columns === undefined && last.columns === columns) last.sections.push(section);
    else tables.push({ columns, sections: [section] });
  }
  return tables;
};

/**
 * A table of the document: its columns and a row group per section under its title; a table of
 * one section among others is captioned by the section instead (the zarpe's crew, the voucher's
 * terms).
 */
function DocumentTable({
  caption,
  columns,
  sections,
  alone,
}: {
  readonly caption: string;
  readonly columns: ReadonlyArray<DocumentColumn>;
  readonly sections: ReadonlyArray<DocumentSection>;
  readonly alone: boolean;
}) {
  const bySection = !alone && sections.length === 1;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide list scrolls sideways in its box, which keyboard users focus to scroll (WCAG 2.1.1)
    <section className="document-section" tabIndex={0} aria-label={bySection ? (sections[0]?.title ?? caption) : caption}>
      {/* on a phone a list of one or two columns (terms, a label and its value) reads without the column's labels */}
      <table className={columns.length <= 2 ? "document-table document-plain striped" : "document-table striped"}>
        <caption>{bySection ? sections[0]?.title : caption}</caption>
        <ColumnHeads labels={columns.map((column) => column.label)} />
        {sections.map((section) => (
          <tbody key={section.title}>
            {!bySection && (
              <tr className="document-section-title">
                <th colSpan={columns.length} scope="rowgroup">
                  {section.title}
                </th>
              </tr>
            )}
            {section.rows.map((row) => (
              <tr key={row.join("\u0000")}>
                {row.map((cell, index) => (
                  <td key={columns[index]?.label ?? index} data-label={columns[index]?.label}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}

/**
 * A document's page: one of a departure's (DOMAIN.md section 8, /panel/cruises/{id}/{document})
 * or a reservation's voucher (/panel/reservations/{id}/voucher), as tables, the berths whose data
 * it lacks linked to where they are fixed, and the same document downloaded as PDF or XLSX or
 * printed. A departure's opens in the panel's language, a voucher in its agency's; another may be
 * chosen for a reader abroad. A voucher is mailed to its agency from here.
 */
function DocumentPage({ source }: { readonly source: DocumentSource }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const sends = useRoleIn(sendVoucher.access.kind === "session" ? sendVoucher.access.roles : []);
  const [logic] = useState(() =>
    cruiseDocumentMachine.provide({
      actions: {
        saveFile: (_, file) => saveFile(file.blob, file.fileName),
        notifySent: (_, sent) => void showToast(i18n.t("documents.voucherSent", { to: sent.to })),
      },
      actors: { confirmSend: voucherSendDialog(i18n) },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, source, language: source.kind === "cruise" ? languageOf(i18n.language) : null } });
  const content = useSelector(actor, (snapshot) => snapshot.context.content);
  const language = useSelector(actor, (snapshot) => snapshot.context.language);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const downloading = useSelector(actor, (snapshot) => snapshot.hasTag("downloading"));
  const sending = useSelector(actor, (snapshot) => snapshot.hasTag("sending"));
  const canSend = useSelector(actor, (snapshot) => snapshot.can({ type: "voucher.send" }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const refused = useSelector(actor, (snapshot) => (snapshot.matches("failed") ? loadRefusal(snapshot.context.error) : null));
  const departure = content?.departure ?? null;
  const title = source.kind === "cruise" ? t(`documents.titles.${source.document}`) : t("documents.voucher");

  if (refused !== null) {
    // a departure's document goes back to the departures, a voucher to its reservation's list
    const [back, place] = source.kind === "cruise" ? [departures.listPath, "nav.cruises"] : [reservations.listPath, "nav.reservations"];
    return <ProblemPage problem={refused} back={back} backLabel={t("problem.backTo", { place: t(place) })} />;
  }
  return (
    <section aria-labelledby="page-title" className="cruise-document">
      <PageTitle title={content === null ? title : `${title} · ${content.code}`} />
      {departure !== null && (
        <p className="departure-line">{`${departure.yachtName} · ${departure.itineraryName} · ${formatDate(departure.startDate)} – ${formatDate(departure.endDate)}`}</p>
      )}
      {source.kind === "cruise" ? (
        <CruiseTabs id={source.cruiseId} current={source.document} />
      ) : (
        <p>
          <Link href={reservations.path(source.reservationId)}>{t("documents.backToReservation")}</Link>
        </p>
      )}
      <div className="document-toolbar">
        <ChoiceSelect
          label={t("documents.language")}
          choices={documentLanguages.map((option) => ({ value: option, text: t(`language.${option}`) }))}
          value={language ?? ""}
          disabled={fetching || language === null}
          onChange={(event) => actor.send({ type: "language.change", language: languageOf(event.currentTarget.value) })}
        />
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
        {source.kind === "voucher" && sends && (
          <button type="button" disabled={!canSend} aria-busy={sending} onClick={() => actor.send({ type: "voucher.send" })}>
            {t("documents.sendVoucher")}
          </button>
        )}
      </div>
      <Loaded error={error} failed={failed} content={content} onRetry={() => actor.send({ type: "retry" })}>
        {(content) => (
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
                tablesOf(content).map((table, _, tables) => (
                  <DocumentTable
                    key={table.sections[0]?.title}
                    caption={content.title}
                    columns={table.columns}
                    sections={table.sections}
                    alone={tables.length === 1}
                  />
                ))
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
      </Loaded>
    </section>
  );
}

/** /panel/cruises/{id}/{document}: one of a departure's documents. */
export default function CruiseDocumentView({ id, document }: { readonly id: number; readonly document: CruiseDocumentName }) {
  return <DocumentPage source={{ kind: "cruise", cruiseId: id, document }} />;
}

/** /panel/reservations/{id}/voucher: a reservation's voucher. */
export function VoucherView({ id }: { readonly id: number }) {
  return <DocumentPage source={{ kind: "voucher", reservationId: id }} />;
}
