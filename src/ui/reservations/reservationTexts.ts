import type { TFunction } from "i18next";
import type { Reservation } from "../../api/reservations.ts";
import { EXPIRY_REASON } from "../../machines/domain/space.machine.ts";
import { formatDateTime } from "../leads/leadFormat.ts";

/** A reservation's time limit as staff read it, with how often it was extended. */
export const timeLimitText = (reservation: Pick<Reservation, "timeLimit" | "extensions">, t: TFunction): string =>
  reservation.timeLimit === null ? "—" : `${formatDateTime(reservation.timeLimit)}${reservation.extensions > 0 ? ` (${t("reservations.extended", { count: reservation.extensions })})` : ""}`;

/** A cancellation's reason as typed, or the server's own for an expired hold, in the panel's language. */
export const reasonText = (reason: string, t: TFunction): string => (reason === EXPIRY_REASON ? t("reservations.expired") : reason);
