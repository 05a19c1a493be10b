import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { fullName, RESET_PASSWORD, userListMachine, userListSource } from "../../machines/users/users.ts";
import type { Column } from "../shared/DataTable.tsx";
import { PagedList } from "../shared/PagedList.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { paths } from "../paths.ts";
import { useRecordList } from "../shared/recordListProps.tsx";
import { userColumns } from "./userColumns.tsx";

/** /panel/users: the staff, with edit, temporary password and delete per row. */
export default function UsersView() {
  const { t } = useTranslation();
  const title = t("nav.users");
  const columns: ReadonlyArray<Column<User>> = [
    ...userColumns(t),
    {
      header: t("users.role"),
      sort: "role",
      cell: (user) => t(`roles.${user.user_rol.name}`),
      text: (user) => t(`roles.${user.user_rol.name}`),
    },
  ];
  const list = useRecordList<User>({
    machine: userListMachine,
    source: userListSource,
    id: "users",
    title,
    columns,
    buttons: (user) => ({
      edit: paths.user(user.id),
      deleteTitle: t("users.deleteTitle", { name: fullName(user) }),
      commands: [{ kind: "changePass", command: RESET_PASSWORD, title: t("users.resetTitle", { name: fullName(user) }) }],
    }),
  });

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={title} add={{ to: paths.usersNew, label: t("users.new") }} />
      <PagedList {...list} />
    </section>
  );
}
