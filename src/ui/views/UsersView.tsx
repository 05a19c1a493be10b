import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { fullName, RESET_PASSWORD, userListMachine, userListSource } from "../../machines/users.ts";
import { ActiveIndicator } from "../components/ActiveIndicator.tsx";
import type { Column } from "../components/DataTable.tsx";
import { RecordList } from "../components/RecordList.tsx";
import { paths } from "../paths.ts";
import { exportColumns } from "../tableExport.ts";
import { useRecordList } from "../useRecord.ts";

/** /panel/users: the staff, with edit, temporary password and delete per row. */
export default function UsersView() {
  const { t } = useTranslation();
  const title = t("nav.users");
  const columns: ReadonlyArray<Column<User>> = [
    {
      header: t("status.active"),
      narrow: true,
      sort: "active",
      cell: (user) => <ActiveIndicator active={user.active} />,
      text: (user) => t(user.active ? "status.active" : "status.inactive"),
    },
    { header: t("users.name"), sort: "name", cell: fullName, text: fullName },
    { header: t("users.email"), sort: "email", wrap: true, cell: (user) => user.email, text: (user) => user.email },
    {
      header: t("users.role"),
      sort: "role",
      cell: (user) => t(`roles.${user.user_rol.name}`),
      text: (user) => t(`roles.${user.user_rol.name}`),
    },
  ];
  const actor = useRecordList(userListMachine, userListSource, { title, columns: exportColumns(columns) });

  return (
    <section aria-labelledby="page-title">
      <RecordList<User>
        actor={actor}
        id="users"
        title={title}
        add={{ to: paths.usersNew, label: t("users.new") }}
        columns={columns}
        buttons={(user) => ({
          edit: paths.user(user.id),
          deleteTitle: t("users.deleteTitle", { name: fullName(user) }),
          commands: [
            { kind: "changePass", command: RESET_PASSWORD, title: t("users.resetTitle", { name: fullName(user) }) },
          ],
        })}
      />
    </section>
  );
}
