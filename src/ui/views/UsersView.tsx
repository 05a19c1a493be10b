import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { RESET_PASSWORD, userListMachine, userListSource } from "../../machines/users.ts";
import { ActiveIndicator } from "../components/ActiveIndicator.tsx";
import type { Column } from "../components/DataTable.tsx";
import { RecordList } from "../components/RecordList.tsx";
import { paths } from "../paths.ts";
import { useRecordList } from "../useRecord.ts";

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

/** /panel/users: the staff, with edit, temporary password and delete per row. */
export default function UsersView() {
  const { t } = useTranslation();
  const actor = useRecordList(userListMachine, userListSource);

  const columns: ReadonlyArray<Column<User>> = [
    { header: t("status.active"), narrow: true, cell: (user) => <ActiveIndicator active={user.active} /> },
    { header: t("users.name"), cell: fullName },
    { header: t("users.email"), cell: (user) => user.email },
    { header: t("users.role"), cell: (user) => t(`roles.${user.user_rol.name}`) },
  ];

  return (
    <section aria-labelledby="page-title">
      <RecordList<User>
        actor={actor}
        title={t("nav.users")}
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
