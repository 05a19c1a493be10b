import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { userFields } from "../../api/users.ts";
import { userFormMachine, userFormSource } from "../../machines/users.ts";
import { CheckboxInput } from "../components/CheckboxInput.tsx";
import { FormActions } from "../components/FormActions.tsx";
import { FormFrame } from "../components/FormFrame.tsx";
import { SelectInput } from "../components/SelectInput.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { fieldText, formFlag, formText } from "../forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../useRecord.ts";

/** /panel/users_new 'Nuevo usuario' and /panel/users/{id} 'Editar usuario'. */
export default function UserFormView({ id }: { readonly id: number | null }) {
  const { t } = useTranslation();
  const actor = useRecordForm(userFormMachine, { source: userFormSource, id, listPath: paths.users });
  const { item: user, options, problems, error, fetching, processing, open } = useRecordFormState(actor);
  const roles = options?.roles ?? [];
  const problem = (name: string) => fieldText(t, problems[name]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    actor.send({
      type: "form.submit",
      draft: {
        firstName: formText(form, "firstName"),
        lastName: formText(form, "lastName"),
        email: formText(form, "email"),
        // an unchosen role reads as 0, which the contract's rule refuses as missing
        roleId: Number(formText(form, "roleId")),
        active: formFlag(form, "active"),
      },
    });
  };

  return (
    <section aria-labelledby="page-title">
      <FormFrame
        title={id === null ? t("users.new") : t("users.edit")}
        error={error}
        fetching={fetching}
        open={open}
        back={paths.users}
        history={id === null ? null : { stream: "user", id }}
      >
        <form onSubmit={submit} noValidate className="record-form">
          <div className="grid">
            <div>
              <TextInput
                name="firstName"
                type="text"
                label={t("users.firstName")}
                autoComplete="off"
                maxLength={userFields.firstName.maxLength}
                defaultValue={user?.first_name}
                problem={problem("firstName")}
              />
            </div>
            <div>
              <TextInput
                name="lastName"
                type="text"
                label={t("users.lastName")}
                autoComplete="off"
                maxLength={userFields.lastName.maxLength}
                defaultValue={user?.last_name}
                problem={problem("lastName")}
              />
            </div>
          </div>
          <TextInput
            name="email"
            type="email"
            label={t("users.email")}
            autoComplete="off"
            maxLength={userFields.email.maxLength}
            defaultValue={user?.email}
            problem={problem("email")}
          />
          <SelectInput
            name="roleId"
            label={t("users.role")}
            placeholder={t("users.chooseRole")}
            options={roles.map((role) => ({ value: String(role.id), label: t(`roles.${role.name}`) }))}
            defaultValue={user === null ? undefined : String(user.role_id)}
            problem={problem("roleId")}
          />
          <CheckboxInput name="active" label={t("form.active")} defaultChecked={user?.active ?? true} />
          <FormActions busy={processing} back={paths.users} />
        </form>
      </FormFrame>
    </section>
  );
}
