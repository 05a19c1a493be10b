import { useTranslation } from "react-i18next";
import { catalogueFormMachine } from "../../machines/catalogues.ts";
import type { CatalogueDeclaration } from "../../records/catalogue.ts";
import { DeclaredFields, declaredValues } from "../components/DeclaredFields.tsx";
import { RecordFormFrame } from "../components/FormFrame.tsx";
import { useRecordForm, useRecordFormState } from "../useRecord.ts";

/**
 * The new and edit forms of any declared catalogue: its title `catalogue.<key>.new` / `.edit`,
 * its declared fields (each text input with the contract's `maxLength`), and back to its list
 * once saved. Nothing here names a catalogue.
 */
export default function RecordFormView({
  record,
  id,
}: {
  readonly record: CatalogueDeclaration;
  /** The item of a detail route; null on a _new route. */
  readonly id: number | null;
}) {
  const { t } = useTranslation();
  const actor = useRecordForm(catalogueFormMachine, { source: record.formSource, id, listPath: record.listPath });
  const state = useRecordFormState(actor);
  const { stream } = record;

  return (
    <RecordFormFrame
      title={t(`catalogue.${record.key}.${id === null ? "new" : "edit"}`)}
      back={record.listPath}
      history={id === null ? null : { stream, id }}
      status={state}
      submit={(form) => actor.send({ type: "form.submit", draft: declaredValues(record.fields, form) })}
    >
      <DeclaredFields fields={record.fields} item={state.item} problems={state.problems} />
    </RecordFormFrame>
  );
}
