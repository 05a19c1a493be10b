import { useTranslation } from "react-i18next";
import type { User } from "../../api/users.ts";
import { agencyUsersSource, userListMachine } from "../../machines/users/users.ts";
import { PagedList } from "../shared/PagedList.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { useRecordList } from "../shared/recordListProps.tsx";
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
  const list = useRecordList<User>({ machine: userListMachine, source: agencyUsersSource, id: "agency-users", title, columns });

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={title} />
      <PagedList {...list} />
      <p className="list-note">{t("agency.intro")}</p>
      <StatementDownload agencyId={null} />
    </section>
  );
}
