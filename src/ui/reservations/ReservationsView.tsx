import "./reservations.css";
import { useTranslation } from "react-i18next";
import { ReservationsList } from "./ReservationsList.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { useRoleIn } from "../shared/useRole.ts";

/** /panel/reservations: every reservation the user may see, newest first; an agency user's own agency's. */
export default function ReservationsView() {
  const { t } = useTranslation();
  const readsAgencies = useRoleIn(["admin", "sales"]);
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("nav.reservations")} />
      <ReservationsList cruiseId={null} withAgencies={readsAgencies} />
    </section>
  );
}
