import { useTranslation } from "react-i18next";
import { reservations } from "../../machines/reservations/record.ts";
import { RequireRole } from "../session/RequireRole.tsx";
import { WithId } from "../shared/idRoutes.tsx";
import ReservationView from "./ReservationView.tsx";

/**
 * A reservation's page, routed by the panel's shell rather than with the other records' routes:
 * it loads the reservation's declaration and contracts but not every catalogue's, whose schemas
 * and declarations took the longest task of the page's start (decision 087).
 */
export default function ReservationRoute() {
  // the page reads its texts from the records' group too: drawn once it is there
  useTranslation("records");
  return (
    <RequireRole roles={reservations.readers}>
      <WithId render={(id) => <ReservationView key={id} id={id} />} />
    </RequireRole>
  );
}
