import { useTranslation } from "react-i18next";
import { CruiseTabs } from "./CruiseTabs.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { ReservationsList } from "../reservations/ReservationsList.tsx";

/**
 * /panel/cruises/{id}/voucher: the departure's Voucher tab (DOMAIN.md section 8). A voucher is a
 * reservation's, so the tab lists the departure's reservations, each linked to its voucher, where
 * it is read, downloaded, printed or mailed to its agency.
 */
export default function CruiseVouchersView({ id }: { readonly id: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("documents.vouchersTitle")} />
      <CruiseTabs id={id} current="voucher" />
      <p>{t("documents.vouchersIntro")}</p>
      <ReservationsList cruiseId={id} withAgencies withVouchers />
    </section>
  );
}
