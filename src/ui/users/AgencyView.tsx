import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { agencyUsersSource, userListMachine } from "../../machines/users/users.ts";
import { RecordList } from "../shared/RecordList.tsx";
import { exportColumns } from "../shared/tableExport.ts";
import { useRecordList } from "../shared/useRecord.ts";
import { userColumns } from "./userColumns.tsx";
import { StatementDownload } from "../money/StatementDownload.tsx";

/**
 * /panel/agency 'Mi agencia': where an agency user lands (DOMAIN.md section 2), their agency's
 * users to read (the operator's admins add and remove them), and its statement for a period.
 */
export default function AgencyView() {
  const { t } = useTranslation(["panel", "screens", "records"]);
  const title = t("agency.title");
  const columns = userColumns(t);
  const actor = useRecordList(userListMachine, agencyUsersSource, { title, columns: exportColumns(columns) });

  return (
    <section aria-labelledby="page-title">
      <RecordList<User> actor={actor} id="agency-users" title={title} columns={columns} />
      <p className="list-note">{t("agency.intro")}</p>
      <StatementDownload agencyId={null} />
    </section>
  );
}
