import { Link } from "wouter";
import { useTranslation } from "react-i18next";
import type { Reservation } from "../../api/reservations.ts";
import type { ImportReport } from "../../api/passengers.ts";
import type { Money, PendingCommand } from "../../machines/reservations/reservationPage.machine.ts";
import { passengerPath } from "../../machines/passengers/paths.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { downloadTemplate, ImportReportTable } from "../passengers/PassengerImport.tsx";
import { AccountSection } from "../money/AccountSection.tsx";
import { HistoryPanel } from "../shared/HistoryPanel.tsx";
import { PriceBreakdown } from "./PriceBreakdown.tsx";
import { reasonText } from "./reservationTexts.ts";

/**
 * A reservation's page below its first screen: the bookings by cabin with each space's type,
 * state and passenger, the passengers' import, the account and payments, the price lines, the
 * notes and the history. A chunk of its own, fetched once the first screen (the summary and its
 * commands) has been painted: its code, its machines and its stylesheets are no part of the
 * page's first download (decision 087).
 */
export default function ReservationSections({
  reservation,
  money,
  busy,
  importing,
  importReport,
  writable,
  ask,
}: {
  readonly reservation: Reservation;
  readonly money: Money | null;
  readonly busy: boolean;
  readonly importing: boolean;
  readonly importReport: ImportReport | null;
  readonly writable: boolean;
  readonly ask: (command: PendingCommand) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t("reservations.bookings")}</h2>
      {reservation.bookings.map((booking) => (
        <article key={booking.cabinId} className="booking">
          <h3>
            {t("reservations.cabin", { name: booking.cabinName })}
            {writable && reservations.offers(reservation, "reservation.update") && booking.spaces.every((space) => space.state === "canceled") && (
              <button type="button" className="secondary outline booking-remove" disabled={busy} onClick={() => ask({ kind: "removeCabin", cabinId: booking.cabinId })}>
                {t("bookings.remove")}
              </button>
            )}
          </h3>
          <ul className="booking-spaces">
            {booking.spaces.map((space, index) => (
              <li key={space.id} className={`space space-${space.state}`}>
                <span>{t("reservations.space", { number: index + 1 })}</span>
                <span>{space.genderName}</span>
                <span className="space-state">{t(`reservations.states.${space.state}`)}</span>
                <span className="space-passenger">
                  {space.passengerId === null ? (
                    space.state !== "canceled" && <em>{t("passengers.unassigned")}</em>
                  ) : (
                    <Link href={passengerPath(space.passengerId)}>{space.passengerName}</Link>
                  )}
                </span>
                {space.cancelReason !== null && <span className="space-reason">{reasonText(space.cancelReason, t)}</span>}
                {writable && reservations.spaceOffers(space, "space.assign") && (
                  <button
                    type="button"
                    className="secondary outline"
                    disabled={busy}
                    onClick={() => ask({ kind: space.passengerId === null ? "assignPassenger" : "removePassenger", spaceId: space.id })}
                  >
                    {t(space.passengerId === null ? "passengers.assign" : "passengers.remove")}
                  </button>
                )}
                {writable && space.passengerId === null && reservations.spaceOffers(space, "space.assign") && (
                  <button type="button" className="secondary outline" disabled={busy} onClick={() => ask({ kind: "newPassenger", spaceId: space.id })}>
                    {t("passengers.newInSpace")}
                  </button>
                )}
                {writable && reservations.spaceOffers(space, "space.cancel") && (
                  <button type="button" className="secondary outline" disabled={busy} onClick={() => ask({ kind: "cancelSpace", spaceId: space.id })}>
                    {t("reservations.cancelSpace")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </article>
      ))}
      {writable && reservations.offers(reservation, "space.assign") && (
        <div className="reservation-commands">
          {reservations.offers(reservation, "reservation.update") && (
            <>
              <button type="button" className="secondary" disabled={busy} onClick={() => ask({ kind: "addCabin" })}>
                {t("bookings.add")}
              </button>
              <button type="button" className="secondary outline" disabled={busy} onClick={() => ask({ kind: "editNotes" })}>
                {t("bookings.editNotes")}
              </button>
            </>
          )}
          <button type="button" className="secondary" disabled={busy} aria-busy={importing} onClick={() => ask({ kind: "importPassengers" })}>
            {t("passengers.import")}
          </button>
          <button type="button" className="secondary outline" onClick={() => downloadTemplate(t)}>
            {t("passengers.template")}
          </button>
        </div>
      )}
      {importReport !== null && <ImportReportTable report={importReport} />}
      {money !== null && <AccountSection money={money} canceled={reservation.state === "canceled"} busy={busy} ask={ask} />}
      {reservation.lines.length > 0 && (
        <>
          <h2>{t("reservations.priceLines")}</h2>
          <PriceBreakdown
            lines={reservation.lines}
            sums={reservation.priceCents}
            cabinName={(cabinId) => t("holds.cabin", { name: reservation.bookings.find((booking) => booking.cabinId === cabinId)?.cabinName ?? String(cabinId) })}
            spaceTypeName={(typeId) => reservation.bookings.flatMap((booking) => booking.spaces).find((space) => space.genderId === typeId)?.genderName ?? String(typeId)}
            label={t("reservations.priceLines")}
          />
        </>
      )}
      {reservation.notes !== "" && (
        <>
          <h2>{t("reservations.notes")}</h2>
          <p className="reservation-notes">{reservation.notes}</p>
        </>
      )}
      <HistoryPanel stream="reservation" id={reservation.id} />
    </>
  );
}
