import "./home.css";
import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import {
  type CallActionDraft,
  type CallActionProblem,
  callActionFormMachine,
} from "../../machines/callActionForm.machine.ts";
import { HistoryPanel } from "../components/HistoryPanel.tsx";
import { CheckboxInput } from "../components/CheckboxInput.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { useServices } from "../context.ts";
import { formImplementations } from "../flows.ts";
import { formText } from "../forms.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../useFlow.ts";

const readDraft = (form: FormData): CallActionDraft => ({
  title: formText(form, "title"),
  text: formText(form, "text"),
  buttonLabel: formText(form, "buttonLabel"),
  link: formText(form, "link"),
  active: form.get("active") === "on",
});

/** 'Información requerida', or the dialog rule's 'Invalid URL' (SPEC.md section 5), translated. */
const problemKeys: Record<CallActionProblem, string> = {
  required: "fields.required",
  invalidUrl: "messages.invalidUrl",
};

/** /panel/home/call_action_new and /panel/home/call_action/{id}. */
export default function CallActionFormView({ id }: { readonly id: number | null }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    callActionFormMachine.provide(formImplementations(i18n, () => navigate(paths.home))),
  );
  const actor = useFlowActor(logic, { input: { client, id } });
  const callAction = useSelector(actor, (snapshot) => snapshot.context.callAction);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const open = useSelector(actor, (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"));

  const problem = (name: keyof CallActionDraft): string | null => {
    const found = problems[name];
    return found === undefined ? null : t(problemKeys[found]);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "callAction.submit", draft: readDraft(new FormData(event.currentTarget)) });
  };

  return (
    <section aria-labelledby="page-title" className="home">
      <PageTitle title={t(id === null ? "home.newCallAction" : "home.editCallAction")} />
      <ErrorBanner message={error} />
      {loading && <Spinner />}
      {open && (
        <form onSubmit={submit} noValidate className="record-form">
          <fieldset disabled={processing}>
            <TextInput
              name="title"
              type="text"
              label={t("home.title")}
              autoComplete="off"
              defaultValue={callAction?.title}
              problem={problem("title")}
            />
            <TextInput
              name="text"
              type="text"
              label={t("home.text")}
              autoComplete="off"
              defaultValue={callAction?.text}
              problem={problem("text")}
            />
            <TextInput
              name="buttonLabel"
              type="text"
              label={t("home.buttonLabel")}
              autoComplete="off"
              defaultValue={callAction?.buttonLabel}
              problem={problem("buttonLabel")}
            />
            <TextInput
              name="link"
              type="text"
              inputMode="url"
              label={t("home.link")}
              autoComplete="url"
              defaultValue={callAction?.link}
              problem={problem("link")}
            />
            <CheckboxInput name="active" label={t("form.active")} defaultChecked={callAction?.active ?? true} />
          </fieldset>
          <FormActions busy={processing} back={paths.home} />
        </form>
      )}
      {!open && !loading && <Link href={paths.home}>{t("form.back")}</Link>}
      {id !== null && <HistoryPanel stream="callAction" id={id} />}
    </section>
  );
}
