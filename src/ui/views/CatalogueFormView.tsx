import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { itemCatalogueMachine } from "../../machines/catalogue.machine.ts";
import { CheckboxInput } from "../components/CheckboxInput.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { HistoryPanel } from "../components/HistoryPanel.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { useServices } from "../context.ts";
import { formImplementations } from "../flows.ts";
import { fieldText, formText } from "../forms.ts";
import type { CatalogueScreen } from "../resources.ts";
import { useFlowActor } from "../useFlow.ts";

/** The new and edit forms of feeding, activities and courtesies: name (required) and active. */
export default function CatalogueFormView({
  resource,
  id,
}: {
  readonly resource: CatalogueScreen;
  /** The item of a detail route; null on the _new route. */
  readonly id: number | null;
}) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    itemCatalogueMachine.provide(formImplementations(i18n, () => navigate(resource.listPath))),
  );
  const actor = useFlowActor(logic, {
    input: { client, contract: resource.contract, mode: id === null ? { kind: "new" } : { kind: "edit", id } },
  });
  const item = useSelector(actor, (snapshot) => snapshot.context.item);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const open = useSelector(actor, (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    actor.send({
      type: "item.submit",
      payload: { name: formText(form, "name"), active: form.get("active") === "on" },
    });
  };

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t(`catalogue.${resource.key}.${id === null ? "new" : "edit"}`)} />
      <ErrorBanner message={error} />
      {fetching && <Spinner />}
      {open && (
        <form onSubmit={submit} noValidate className="record-form">
          <TextInput
            name="name"
            type="text"
            label={t("catalogue.name")}
            defaultValue={item?.name}
            problem={fieldText(t, problems.name ?? null)}
          />
          <CheckboxInput name="active" label={t("form.active")} defaultChecked={item?.active ?? true} />
          <FormActions busy={processing} back={resource.listPath} />
        </form>
      )}
      {!open && !fetching && <Link href={resource.listPath}>{t("form.back")}</Link>}
      {id !== null && <HistoryPanel stream={resource.historyStream} id={id} />}
    </section>
  );
}
