import { useTranslation } from "react-i18next";
import { catalogueFormMachine, type FieldValues, formSourceOf } from "../../machines/catalogues/catalogues.ts";
import { type CatalogueDeclaration, stampText } from "../../records/catalogue.ts";
import { optionKey } from "../shared/options.ts";
import { DeclaredField } from "../shared/DeclaredFields.tsx";
import { DetailInput, detailFormValue } from "../shared/DetailInput.tsx";
import { ImageSlot } from "../shared/ImageSlot.tsx";
import { imagesIn } from "../../machines/shared/recordForm.machine.ts";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { formText } from "../shared/forms.ts";
import { formFlag } from "../shared/CheckboxInput.tsx";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { recordAside } from "./recordAsides.tsx";

/** The form's values by field: the name, the active flag, each detail as its rule reads it. */
const readDraft = (record: CatalogueDeclaration, form: FormData, language: string): FieldValues =>
  Object.fromEntries(
    record.fields.map((field) => {
      if (field.kind === "detail") return [field.name, detailFormValue(field, form, language)];
      return [field.name, field.kind === "text" ? formText(form, field.name) : formFlag(form, field.name)];
    }),
  );

/**
 * The new and edit forms of any declared catalogue: its title `catalogue.<key>.new` / `.edit`,
 * its declared fields (each text input with the contract's `maxLength`, each detail as its rule
 * says, references among the items they may choose), and back to its list once saved. Nothing here
 * names a catalogue.
 */
export default function RecordFormView({
  record,
  id,
}: {
  readonly record: CatalogueDeclaration;
  /** The item of a detail route; null on a _new route. */
  readonly id: number | null;
}) {
  const { t, i18n } = useTranslation();
  const actor = useRecordForm(catalogueFormMachine, { source: formSourceOf(record), id, listPath: record.listPath });
  const state = useRecordFormState(actor);
  const { stream } = record;
  const writable = useRoleIn(record.writers);
  const { item } = state;
  // an item whose machine takes no more edits (a deactivated Ikarus rate) shows as read only
  const settled = item !== null && !record.offers(item, "catalogueItem.edit");
  const stamps = item === null ? [] : (record.lifecycle?.stamps ?? []).filter((stamp) => stampText(stamp, item) !== "");

  return (
    <>
      <RecordFormFrame
        title={writable && !settled ? t(`catalogue.${record.key}.${id === null ? "new" : "edit"}`) : t(`nav.${record.key}`)}
        readOnly={!writable || settled}
        back={record.listPath}
        history={id === null ? null : { stream, id }}
        status={state}
        submit={(form) => actor.send({ type: "form.submit", draft: readDraft(record, form, i18n.language) })}
      >
        {record.lifecycle !== null && item !== null && (
          <dl className="lifecycle-summary">
            <div>
              <dt>{t("detail.lifecycleState")}</dt>
              <dd>{t(optionKey(String(item.state ?? "")))}</dd>
            </div>
            {stamps.map((stamp) => (
              <div key={stamp.name}>
                <dt>{t(stamp.label)}</dt>
                <dd>{stampText(stamp, item, i18n.language)}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className={record.fields.length > 4 ? "record-fields" : undefined}>
          {record.fields.map((field) => (
            <div key={field.name} className={field.kind === "detail" && (field.rule.kind === "references" || field.rule.kind === "rows") ? "record-field-wide" : undefined}>
              {field.kind === "detail" && field.rule.kind === "image" ? (
                <fieldset>
                  <legend>{t(field.label)}</legend>
                  <ImageSlot
                    label={t("form.chooseImage", { name: t(field.label) })}
                    alt={t(field.label)}
                    image={imagesIn(state.images, field.name)[0]}
                    readOnly={!writable}
                    onChoose={(file) => actor.send({ type: "images.add", files: [file], slot: field.name })}
                    onRemove={() => {
                      actor.send({ type: "image.remove", index: state.images.findIndex((image) => image.slot === field.name) });
                      actor.send({ type: "field.change", field: field.name });
                    }}
                  />
                </fieldset>
              ) : field.kind === "detail" ? (
                <DetailInput field={field} item={state.item} choices={state.options} problems={state.problems} />
              ) : (
                <DeclaredField field={field} item={state.item} problems={state.problems} />
              )}
            </div>
          ))}
        </div>
      </RecordFormFrame>
      {recordAside(record.key, id)}
    </>
  );
}
