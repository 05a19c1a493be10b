import "./reservations.css";
import { useSelector } from "@xstate/react";
import { useDeferredValue, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { voucherReaderRoles } from "../../api/documents.ts";
import type { Reservation } from "../../api/reservations.ts";
import { type PendingCommand, reservationPageMachine } from "../../machines/reservations/reservationPage.machine.ts";
import { departures } from "../../machines/departures/record.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { loadRefusal } from "../../machines/shared/actions.ts";
import { ProblemPage } from "../shared/ProblemPage.tsx";
import { downloadTemplate, ImportReportTable } from "../passengers/PassengerImport.tsx";
import { EXPIRY_REASON } from "../../machines/domain/space.machine.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { reservationDialog } from "../shared/confirmDialog.ts";
import { AccountSection } from "../money/AccountSection.tsx";
import { Loaded } from "../shared/Loaded.tsx";
import { HistoryPanel } from "../shared/HistoryPanel.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { SummaryList } from "../shared/SummaryList.tsx";
import { showToast } from "../shared/toast.ts";
import { useServices } from "../shared/context.ts";
import { formatDate, formatDateTime, formatMoney } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { useChanges } from "../shared/changes.ts";
import { PriceBreakdown } from "./PriceBreakdown.tsx";

/** A reservation's time limit as staff read it, with how often it was extended. */
export const timeLimitText = (reservation: Pick<Reservation, "timeLimit" | "extensions">, t: TFunction): string =>
  reservation.timeLimit === null ? "—" : `${formatDateTime(reservation.timeLimit)}${reservation.extensions > 0 ? ` (${t("reservations.extended", { count: reservation.extensions })})` : ""}`;

/** A cancellation's reason as typed, or the server's own for an expired hold, in the panel's language. */
const reasonText = (reason: string, t: TFunction): string => (reason === EXPIRY_REASON ? t("reservations.expired") : reason);

function Summary({ reservation }: { readonly reservation: Reservation }) {
  const { t, i18n } = useTranslation();
  const readsVoucher = useRoleIn(voucherReaderRoles);
  const entries: ReadonlyArray<readonly [string, React.ReactNode]> = [
    ["reservations.state", <strong key="state">{t(`reservations.states.${reservation.state}`)}</strong>],
    [
      "reservations.departure",
      <Link key="departure" href={departures.tabPath(reservation.cruiseId, "reservations")}>
        {`${reservation.cruiseCode} · ${reservation.yachtName} · ${formatDate(reservation.startDate)}`}
      </Link>,
    ],
    ["reservations.agency", reservation.agencyName ?? t("reservations.direct")],
    ["reservations.executive", reservation.executive?.name ?? "—"],
    ["reservations.type", t(`reservations.types.${reservation.type}`)],
    ["reservations.timeLimit", timeLimitText(reservation, t)],
    ["reservations.total", formatMoney(reservation.price.total, i18n.language)],
    ["reservations.commission", formatMoney(reservation.price.commission, i18n.language)],
    ["reservations.net", formatMoney(reservation.price.net, i18n.language)],
    ...(reservation.cancelReason === null ? [] : [["reservations.cancelReason", reasonText(reservation.cancelReason, t)] as const]),
    // the voucher is printed, downloaded or mailed to the agency from its own page
    ...(readsVoucher ? [["documents.voucher", <Link key="voucher" href={reservations.voucherPath(reservation.id)}>{t("documents.openVoucher")}</Link>] as const] : []),
  ];
  return (
    <SummaryList entries={entries} className="reservation-summary" />
  );
}

/**
 * /panel/reservations/{id}: a reservation's summary, its bookings by cabin with each space's type
 * and state, its price lines, and the buttons of the commands its state takes, each asking first;
 * its account and payments for a reader of money, and its history (an agency user's own
 * reservations' too).
 */
export default function ReservationView({ id }: { readonly id: number }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const writable = useRoleIn(reservations.writers);
  // marketing reads reservations but no money (decision 062)
  const readsMoney = useRoleIn(["admin", "sales", "agency"]);
  // an admin confirms a direct client's reservation without its deposit, for a reason (decision 065)
  const confirmsWithoutDeposit = useRoleIn(["admin"]);
  const [logic] = useState(() =>
    reservationPageMachine.provide({
      actors: { askCommand: reservationDialog(i18n) },
      actions: {
        notify: (_, { message }) => void showToast(translateMessage(i18n.t, message)),
        goToList: () => navigate(reservations.listPath),
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, id, readsMoney, confirmsWithoutDeposit } });
  const reservation = useSelector(actor, (snapshot) => snapshot.context.reservation);
  const money = useSelector(actor, (snapshot) => snapshot.context.money);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const refused = useSelector(actor, (snapshot) => (snapshot.matches("failed") ? loadRefusal(snapshot.context.error) : null));
  const busy = useSelector(actor, (snapshot) => !snapshot.matches("ready"));
  const importing = useSelector(actor, (snapshot) => snapshot.matches("importing"));
  const importReport = useSelector(actor, (snapshot) => snapshot.context.importReport);
  // The page's first screen (the summary and its commands) is drawn on its own when the reservation
  // comes; its bookings, account, price lines and history follow in a render React does in slices
  // between the browser's frames, rather than in one long task before anything shows (decision 087).
  const restDrawn = useDeferredValue(reservation !== null, false);
  useChanges(
    (change) =>
      (change.kind === "reservation" && change.reservationId === id) ||
      // a seated passenger's name edited on their page shows here too
      (change.kind === "passenger" && (reservation?.bookings.some((booking) => booking.spaces.some((space) => space.passengerId === change.passengerId)) ?? false)),
    () => actor.send({ type: "reservation.changed" }),
  );
  const ask = (command: PendingCommand) => actor.send({ type: "command.ask", command });
  const title = reservation === null ? t("nav.reservations") : t("reservations.title", { code: reservation.code });

  const commands = (reservation: Reservation) =>
    (
      [
        ["confirm", "reservation.confirm", ""],
        ["extend", "reservation.extend", "secondary"],
        ["cancel", "reservation.cancel", "danger"],
        ["delete", "reservation.delete", "danger"],
      ] as const
    ).filter(([, event]) => writable && reservations.offers(reservation, event));

  if (refused !== null) return <ProblemPage problem={refused} back={reservations.listPath} backLabel={t("problem.backTo", { place: t("nav.reservations") })} />;
  return (
    <section aria-labelledby="page-title" className="reservation-page">
      <PageTitle title={title} />
      <Loaded error={error} failed={failed} content={reservation} onRetry={() => actor.send({ type: "retry" })}>
        {(reservation) => (
          <>
            <Summary reservation={reservation} />
            {commands(reservation).length > 0 && (
              <div className="reservation-commands">
                {commands(reservation).map(([kind, , look]) => (
                  <button key={kind} type="button" className={look} disabled={busy} aria-busy={busy} onClick={() => ask({ kind })}>
                    {t(`reservations.${kind}`)}
                  </button>
                ))}
              </div>
            )}
            {restDrawn && (
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
                              <Link href={passengers.path(space.passengerId)}>{space.passengerName}</Link>
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
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
