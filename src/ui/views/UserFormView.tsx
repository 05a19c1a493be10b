import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { userFormMachine } from "../../machines/userForm.machine.ts";
import { CheckboxInput } from "../components/CheckboxInput.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { HistoryPanel } from "../components/HistoryPanel.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { SelectInput } from "../components/SelectInput.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { useServices } from "../context.ts";
import { formImplementations } from "../flows.ts";
import { fieldText, formText } from "../forms.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../useFlow.ts";

/** /panel/users_new 'Nuevo usuario' and /panel/users/{id} 'Editar usuario'. */
export default function UserFormView({ id }: { readonly id: number | null }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    userFormMachine.provide(formImplementations(i18n, () => navigate(paths.users))),
  );
  const actor = useFlowActor(logic, { input: { client, userId: id } });
  const user = useSelector(actor, (snapshot) => snapshot.context.user);
  const roles = useSelector(actor, (snapshot) => snapshot.context.roles);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const open = useSelector(actor, (snapshot) => snapshot.matches("editing") || snapshot.matches("saving"));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    actor.send({
      type: "user.submit",
      payload: {
        firstName: formText(form, "firstName"),
        lastName: formText(form, "lastName"),
        email: formText(form, "email"),
        // an unchosen role reads as 0, which the machine's rule refuses as missing
        roleId: Number(formText(form, "roleId")),
        active: form.get("active") === "on",
      },
    });
  };

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={id === null ? t("users.new") : t("users.edit")} />
      <ErrorBanner message={error} />
      {fetching && <Spinner />}
      {open && (
        <form onSubmit={submit} noValidate className="record-form">
          <div className="grid">
            <div>
              <TextInput
                name="firstName"
                type="text"
                label={t("users.firstName")}
                autoComplete="off"
                defaultValue={user?.first_name}
                problem={fieldText(t, problems.firstName ?? null)}
              />
            </div>
            <div>
              <TextInput
                name="lastName"
                type="text"
                label={t("users.lastName")}
                autoComplete="off"
                defaultValue={user?.last_name}
                problem={fieldText(t, problems.lastName ?? null)}
              />
            </div>
          </div>
          <TextInput
            name="email"
            type="email"
            label={t("users.email")}
            autoComplete="off"
            defaultValue={user?.email}
            problem={fieldText(t, problems.email ?? null)}
          />
          <SelectInput
            name="roleId"
            label={t("users.role")}
            placeholder={t("users.chooseRole")}
            options={roles.map((role) => ({ value: String(role.id), label: t(`roles.${role.name}`) }))}
            defaultValue={user === null ? undefined : String(user.role_id)}
            problem={fieldText(t, problems.roleId ?? null)}
          />
          <CheckboxInput name="active" label={t("form.active")} defaultChecked={user?.active ?? true} />
          <FormActions busy={processing} back={paths.users} />
        </form>
      )}
      {!open && !fetching && <Link href={paths.users}>{t("form.back")}</Link>}
      {id !== null && <HistoryPanel stream={"user"} id={id} />}
    </section>
  );
}
