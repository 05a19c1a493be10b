import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messages } from "../../api/messages.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { showToast } from "../shared/toast.ts";
import { type User, userFields } from "../../api/users.ts";
import { userFormMachine, userFormSource } from "../../machines/users/users.ts";
import { formFlag } from "../shared/CheckboxInput.tsx";
import { DeclaredField, DeclaredFields, type FormField } from "../shared/DeclaredFields.tsx";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { SelectInput } from "../shared/SelectInput.tsx";
import { fieldText, formText } from "../shared/forms.ts";
import { paths } from "../paths.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";

/** The names side by side, then the email; the role (a choice of the loaded roles) and 'Activo' follow. */
const names: ReadonlyArray<FormField<User>> = [
  { kind: "text", name: "firstName", label: "users.firstName", rule: userFields.firstName, value: (user) => user.first_name },
  { kind: "text", name: "lastName", label: "users.lastName", rule: userFields.lastName, value: (user) => user.last_name },
];
const email: FormField<User> = { kind: "text", name: "email", label: "users.email", rule: userFields.email, value: (user) => user.email };
const active: FormField<User> = { kind: "checkbox", name: "active", label: "form.active", value: (user) => user.active, initial: true };

/** /panel/users_new 'Nuevo usuario' and /panel/users/{id} 'Editar usuario'. */
export default function UserFormView({ id }: { readonly id: number | null }) {
  const { t } = useTranslation();
  const actor = useRecordForm(userFormMachine, {
    source: userFormSource,
    id,
    listPath: paths.users,
    // a new user signs in with the temporary password the server mailed: the toast says so
    notify: (message) => void showToast(message === messages.created ? t("users.createdMailed") : translateMessage(t, message)),
  });
  const state = useRecordFormState(actor);
  const { item: user, problems } = state;
  const roles = state.options?.roles ?? [];
  const agencyRole = roles.find((role) => role.name === "agency")?.id;
  // the agency field shows for an agency user only: the role chosen now, else the saved one
  const [chosenRole, chooseRole] = useState<string | null>(null);
  const roleShown = chosenRole ?? (user === null ? "" : String(user.role_id));
  const agencyOffered = (state.options?.agencies ?? []).filter((agency) => agency.active || agency.id === user?.agency_id);

  const submit = (form: FormData) =>
    actor.send({
      type: "form.submit",
      draft: {
        firstName: formText(form, "firstName"),
        lastName: formText(form, "lastName"),
        email: formText(form, "email"),
        // an unchosen role reads as 0, which the contract's rule refuses as missing
        roleId: Number(formText(form, "roleId")),
        agencyId: formText(form, "agencyId") === "" ? null : Number(formText(form, "agencyId")),
        active: formFlag(form, "active"),
      },
    });

  return (
    <RecordFormFrame
      title={id === null ? t("users.new") : t("users.edit")}
      back={paths.users}
      history={id === null ? null : { stream: "user", id }}
      status={state}
      submit={submit}
    >
      <DeclaredFields fields={names} item={user} problems={problems} columns />
      <DeclaredField field={email} item={user} problems={problems} />
      <SelectInput
        name="roleId"
        label={t("users.role")}
        placeholder={t("users.chooseRole")}
        options={roles.map((role) => ({ value: String(role.id), label: t(`roles.${role.name}`) }))}
        defaultValue={user === null ? undefined : String(user.role_id)}
        problem={fieldText(t, problems.roleId)}
        onChange={chooseRole}
      />
      {agencyRole !== undefined && roleShown === String(agencyRole) && (
        <SelectInput
          name="agencyId"
          label={t("users.agency")}
          placeholder={t("users.chooseAgency")}
          options={agencyOffered.map((agency) => ({ value: String(agency.id), label: agency.name }))}
          defaultValue={user?.agency_id === null || user === null ? undefined : String(user.agency_id)}
          problem={fieldText(t, problems.agencyId)}
        />
      )}
      <DeclaredField field={active} item={user} problems={problems} />
    </RecordFormFrame>
  );
}
