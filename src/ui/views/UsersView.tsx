import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { userCatalogueMachine, userContract } from "../../machines/catalogue.machine.ts";
import { ActiveIndicator } from "../components/ActiveIndicator.tsx";
import { type Column, DataTable } from "../components/DataTable.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { RowActions } from "../components/RowActions.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { useServices } from "../context.ts";
import { listImplementations } from "../flows.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../useFlow.ts";

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

/** /panel/users: the staff, with edit, temporary password and delete per row. */
export default function UsersView() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() => userCatalogueMachine.provide(listImplementations(i18n)));
  const actor = useFlowActor(logic, { input: { client, contract: userContract, mode: { kind: "list" } } });
  const users = useSelector(actor, (snapshot) => snapshot.context.list);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));

  const columns: ReadonlyArray<Column<User>> = [
    { header: t("status.active"), narrow: true, cell: (user) => <ActiveIndicator active={user.active} /> },
    { header: t("users.name"), cell: fullName },
    { header: t("users.email"), cell: (user) => user.email },
    { header: t("users.role"), cell: (user) => t(`roles.${user.user_rol.name}`) },
    {
      header: t("actions.column"),
      narrow: true,
      cell: (user) => (
        <RowActions
          disabled={processing}
          actions={[
            { kind: "edit", to: paths.user(user.id) },
            {
              kind: "changePass",
              onClick: () =>
                actor.send({
                  type: "item.resetPassword",
                  id: user.id,
                  title: t("users.resetTitle", { name: fullName(user) }),
                }),
            },
            {
              kind: "delete",
              onClick: () =>
                actor.send({ type: "item.delete", id: user.id, title: t("users.deleteTitle", { name: fullName(user) }) }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("nav.users")} add={{ to: paths.usersNew, label: t("users.new") }} />
      <ErrorBanner message={error} />
      {fetching ? (
        <Spinner />
      ) : (
        <DataTable caption={t("nav.users")} columns={columns} rows={users} empty={t("table.empty")} />
      )}
    </section>
  );
}
