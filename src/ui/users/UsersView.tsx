import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { fullName, RESET_PASSWORD, userListMachine, userListSource } from "../../machines/users/users.ts";
import type { Column } from "../shared/DataTable.tsx";
import { RecordList } from "../shared/RecordList.tsx";
import { paths } from "../paths.ts";
import { exportColumns } from "../shared/tableExport.ts";
import { useRecordList } from "../shared/useRecord.ts";
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
