import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { agencyUsersSource, fullName, userListMachine } from "../../machines/users.ts";
import { ActiveIndicator } from "../components/ActiveIndicator.tsx";
import type { Column } from "../components/DataTable.tsx";
import { RecordList } from "../components/RecordList.tsx";
import { exportColumns } from "../tableExport.ts";
import { useRecordList } from "../useRecord.ts";

/**
 * /panel/agency 'Mi agencia': where an agency user lands (DOMAIN.md section 2), their agency's
 * users to read; the operator's admins add and remove them.
 */
export default function AgencyView() {
  const { t } = useTranslation();
  const title = t("agency.title");
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
  ];
  const actor = useRecordList(userListMachine, agencyUsersSource, { title, columns: exportColumns(columns) });

  return (
    <section aria-labelledby="page-title">
      <RecordList<User> actor={actor} id="agency-users" title={title} columns={columns} />
      <p className="list-note">{t("agency.intro")}</p>
    </section>
  );
}
