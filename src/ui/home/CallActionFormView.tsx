import "./home.css";
import { useTranslation } from "react-i18next";
import { type CallAction, callActionFields } from "../../api/home.ts";
import { type CallActionDraft, callActionFormMachine, callActionFormSource } from "../../machines/home/home.ts";
import { formFlag } from "../shared/CheckboxInput.tsx";
import { DeclaredFields, EnglishFields, englishField, type FormField, textFieldsOf } from "../shared/DeclaredFields.tsx";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { formText } from "../shared/forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";

const field = textFieldsOf<CallAction, typeof callActionFields>("home", callActionFields);
const title = field("title", (action) => action.title);
const text = field("text", (action) => action.text);
const buttonLabel = field("buttonLabel", (action) => action.buttonLabel);

/** The same texts in English (decision 041); the link is one for both languages. */
const englishTexts = [
  englishField(title, (action) => action.titleEn),
  englishField(text, (action) => action.textEn),
  englishField(buttonLabel, (action) => action.buttonLabelEn),
];

/** The form's fields: the contract's rules ('Información requerida', the link's 'Invalid URL'). */
const fields: ReadonlyArray<FormField<CallAction>> = [
  title,
  text,
  buttonLabel,
  field("link", (action) => action.link, { autoComplete: "url" }),
  { kind: "checkbox", name: "active", label: "form.active", value: (action) => action.active, initial: true },
];

const readDraft = (form: FormData): CallActionDraft => ({
  title: formText(form, "title"),
  text: formText(form, "text"),
  buttonLabel: formText(form, "buttonLabel"),
  titleEn: formText(form, "titleEn"),
  textEn: formText(form, "textEn"),
  buttonLabelEn: formText(form, "buttonLabelEn"),
  link: formText(form, "link"),
  active: formFlag(form, "active"),
});

/** /panel/home/call_action_new and /panel/home/call_action/{id}. */
export default function CallActionFormView({ id }: { readonly id: number | null }) {
  const { t } = useTranslation();
  const actor = useRecordForm(callActionFormMachine, { source: callActionFormSource, id, listPath: paths.home });
  const state = useRecordFormState(actor);

  return (
    <RecordFormFrame
      className="home"
      title={t(id === null ? "home.newCallAction" : "home.editCallAction")}
      back={paths.home}
      history={id === null ? null : { stream: "callAction", id }}
      status={state}
      submit={(form) => actor.send({ type: "form.submit", draft: readDraft(form) })}
    >
      <fieldset disabled={state.processing}>
        <DeclaredFields fields={fields} item={state.item} problems={state.problems} />
        <EnglishFields fields={englishTexts} item={state.item} problems={state.problems} />
      </fieldset>
    </RecordFormFrame>
  );
}
