import type { TFunction } from "i18next";
import type { User } from "../../api/users.ts";
import { fullName } from "../../machines/users/users.ts";
import { ActiveIndicator } from "../shared/ActiveIndicator.tsx";
import type { Column } from "../shared/DataTable.tsx";

/** A users list's first columns, in the users screen and an agency's: whether active, the name, the email. */
export const userColumns = (t: TFunction): ReadonlyArray<Column<User>> => [
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
