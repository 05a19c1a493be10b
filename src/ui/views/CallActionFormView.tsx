import "./home.css";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { callActionFields } from "../../api/home.ts";
import { type CallActionDraft, callActionFormMachine, callActionFormSource } from "../../machines/home.ts";
import { CheckboxInput } from "../components/CheckboxInput.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { FormFrame } from "../components/FormFrame.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { fieldText, formFlag, formText } from "../forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../useRecord.ts";

const readDraft = (form: FormData): CallActionDraft => ({
  title: formText(form, "title"),
  text: formText(form, "text"),
  buttonLabel: formText(form, "buttonLabel"),
  link: formText(form, "link"),
  active: formFlag(form, "active"),
});

/** /panel/home/call_action_new and /panel/home/call_action/{id}. */
export default function CallActionFormView({ id }: { readonly id: number | null }) {
  const { t } = useTranslation();
  const actor = useRecordForm(callActionFormMachine, { source: callActionFormSource, id, listPath: paths.home });
  const { item: callAction, problems, error, fetching, processing, open } = useRecordFormState(actor);
  // 'Información requerida', or the dialog rule's 'Invalid URL' (SPEC.md section 5), translated
  const problem = (name: keyof CallActionDraft): string | null => fieldText(t, problems[name]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "form.submit", draft: readDraft(new FormData(event.currentTarget)) });
  };

  return (
    <section aria-labelledby="page-title" className="home">
      <FormFrame
        title={t(id === null ? "home.newCallAction" : "home.editCallAction")}
        error={error}
        fetching={fetching}
        open={open}
        back={paths.home}
        history={id === null ? null : { stream: "callAction", id }}
      >
        <form onSubmit={submit} noValidate className="record-form">
          <fieldset disabled={processing}>
            <TextInput
              name="title"
              type="text"
              label={t("home.title")}
              autoComplete="off"
              maxLength={callActionFields.title.maxLength}
              defaultValue={callAction?.title}
              problem={problem("title")}
            />
            <TextInput
              name="text"
              type="text"
              label={t("home.text")}
              autoComplete="off"
              maxLength={callActionFields.text.maxLength}
              defaultValue={callAction?.text}
              problem={problem("text")}
            />
            <TextInput
              name="buttonLabel"
              type="text"
              label={t("home.buttonLabel")}
              autoComplete="off"
              maxLength={callActionFields.buttonLabel.maxLength}
              defaultValue={callAction?.buttonLabel}
              problem={problem("buttonLabel")}
            />
            <TextInput
              name="link"
              type="text"
              inputMode="url"
              label={t("home.link")}
              autoComplete="url"
              maxLength={callActionFields.link.maxLength}
              defaultValue={callAction?.link}
              problem={problem("link")}
            />
            <CheckboxInput name="active" label={t("form.active")} defaultChecked={callAction?.active ?? true} />
          </fieldset>
          <FormActions busy={processing} back={paths.home} />
        </form>
      </FormFrame>
    </section>
  );
}
