import { Schema } from "effect";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { HistoryStream } from "../../api/history.ts";
import { catalogueFormMachine } from "../../machines/catalogues.ts";
import type { CatalogueDeclaration } from "../../records/catalogue.ts";
import { DeclaredFields, declaredValues } from "../components/DeclaredFields.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { FormFrame } from "../components/FormFrame.tsx";
import { useRecordForm, useRecordFormState } from "../useRecord.ts";

/** Whether the server keeps a readable history for a stream. */
const isHistoryStream = Schema.is(HistoryStream);

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
  const { item, problems, error, fetching, processing, open } = useRecordFormState(actor);
  const { stream } = record;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "form.submit", draft: declaredValues(record.fields, new FormData(event.currentTarget)) });
  };

  return (
    <section aria-labelledby="page-title">
      <FormFrame
        title={t(`catalogue.${record.key}.${id === null ? "new" : "edit"}`)}
        error={error}
        fetching={fetching}
        open={open}
        back={record.listPath}
        history={id !== null && isHistoryStream(stream) ? { stream, id } : null}
      >
        <form onSubmit={submit} noValidate className="record-form">
          <DeclaredFields fields={record.fields} item={item} problems={problems} />
          <FormActions busy={processing} back={record.listPath} />
        </form>
      </FormFrame>
    </section>
  );
}
