import { useTranslation } from "react-i18next";
import type { Cruise } from "../../api/cruises.ts";
import { cruiseFormMachine } from "../../machines/departures/cruises.ts";
import { departures } from "../../machines/departures/record.ts";
import { CruiseTabs } from "./CruiseTabs.tsx";
import { DetailInput, detailFormValue } from "../shared/DetailInput.tsx";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { SummaryList } from "../shared/SummaryList.tsx";
import { formatDate } from "../leads/leadFormat.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { cruiseStatusKey } from "./DeparturesView.tsx";

/** What a saved departure shows above its fields: its code, days, berths, and why it was canceled. */
function CruiseSummary({ cruise }: { readonly cruise: Cruise }) {
  const { t } = useTranslation();
  const entries: ReadonlyArray<readonly [string, string]> = [
    ["cruises.code", cruise.code],
    ["cruises.dates", `${formatDate(cruise.startDate)} – ${formatDate(cruise.endDate)}`],
    ["cruises.status", t(cruiseStatusKey(cruise))],
    ["cruises.berths", t("cruises.freeOf", { count: cruise.availability.free, free: cruise.availability.free, capacity: cruise.availability.capacity })],
    ...(cruise.cancelReason === null ? [] : [["cruises.cancelReason", cruise.cancelReason] as const]),
  ];
  return (
    <SummaryList entries={entries} className="lifecycle-summary" />
  );
}

/**
 * A departure's new and edit forms (its page's Edit tab): the yacht, one of its itineraries, the
 * start day, guides, languages, captain, hotelier and notes, with the contract's rules. A canceled
 * departure, or a reader's, shows read only.
 */
export default function CruiseFormView({ id }: { readonly id: number | null }) {
  const { t, i18n } = useTranslation();
  const actor = useRecordForm(cruiseFormMachine, { source: departures.formSource, id, listPath: departures.listPath });
  const state = useRecordFormState(actor);
  const writable = useRoleIn(departures.writers);
  const { item } = state;
  const settled = item !== null && !departures.offers(item, "cruise.edit");
  const readOnly = !writable || settled;
  const title = id === null ? t("cruises.new") : readOnly ? (item?.code ?? t("nav.cruises")) : t("cruises.edit", { code: item?.code ?? "" });

  return (
    <RecordFormFrame
      title={title}
      readOnly={readOnly}
      back={departures.listPath}
      history={id === null ? null : { stream: departures.stream, id }}
      status={state}
      submit={(form) =>
        actor.send({
          type: "form.submit",
          draft: Object.fromEntries(departures.fields.map((field) => [field.name, field.kind === "detail" ? detailFormValue(field, form, i18n.language) : ""])),
        })
      }
    >
      {id !== null && <CruiseTabs id={id} current="edit" />}
      {item !== null && <CruiseSummary cruise={item} />}
      <div className="record-fields">
        {departures.fields.map((field) =>
          field.kind === "detail" ? (
            <div key={field.name} className={field.rule.kind === "references" ? "record-field-wide" : undefined}>
              <DetailInput<Cruise> field={field} item={item} choices={state.options} problems={state.problems} />
            </div>
          ) : null,
        )}
      </div>
    </RecordFormFrame>
  );
}
