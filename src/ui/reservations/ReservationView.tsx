import "./reservations.css";
import { useSelector } from "@xstate/react";
import { Suspense, useEffect, useState } from "react";
import type { i18n as I18n } from "i18next";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { voucherReaderRoles } from "../../api/voucherReaders.ts";
import type { Reservation } from "../../api/reservations.ts";
import { type CommandQuestion, type CommandReply, type PendingCommand, reservationPageMachine } from "../../machines/reservations/reservationPage.machine.ts";
import { departureTabPath } from "../../machines/departures/paths.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { loadRefusal } from "../../machines/shared/actions.ts";
import { ProblemPage } from "../shared/ProblemPage.tsx";
import { translateMessage } from "../../i18n/messages.ts";
import { Loaded } from "../shared/Loaded.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { SummaryList } from "../shared/SummaryList.tsx";
import { showToast } from "../shared/toast.ts";
import { useServices } from "../shared/context.ts";
import { formatDate, formatMoney } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { useChanges } from "../shared/changes.ts";
import { useAfterPaint } from "../shared/useAfterPaint.ts";
import { lazyChunk, once } from "../shared/lazyChunk.tsx";
import { dialogActor } from "../shared/dialogActor.ts";
import { reasonText, timeLimitText } from "./reservationTexts.ts";

const sectionsChunk = once(() => import("./ReservationSections.tsx"));
const ReservationSections = lazyChunk(sectionsChunk);

/**
 * The page's dialogs, fetched with the first question: their code and what they read (the
 * passengers' and catalogues' declarations, sweetalert) are no part of the page's first screen.
 */
const askCommand = (translations: I18n) =>
  dialogActor<CommandReply, CommandQuestion>(null, async (input, signal) => {
    const { askReservationCommand } = await import("../shared/confirmDialog.ts");
    return signal.aborted ? null : askReservationCommand(translations, input);
  });

function Summary({ reservation }: { readonly reservation: Reservation }) {
  const { t, i18n } = useTranslation();
  const readsVoucher = useRoleIn(voucherReaderRoles);
  const entries: ReadonlyArray<readonly [string, React.ReactNode]> = [
    ["reservations.state", <strong key="state">{t(`reservations.states.${reservation.state}`)}</strong>],
    [
      "reservations.departure",
      <Link key="departure" href={departureTabPath(reservation.cruiseId, "reservations")}>
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
      actors: { askCommand: askCommand(i18n) },
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
  // the commands wait only for a dialog or the server's answer: pressed while the page is fetched
  // again, they are asked once it shows (decision 112)
  const busy = useSelector(actor, (snapshot) => !snapshot.can({ type: "command.ask", command: { kind: "confirm" } }));
  const importing = useSelector(actor, (snapshot) => snapshot.matches("importing"));
  const importReport = useSelector(actor, (snapshot) => snapshot.context.importReport);
  // The page's first screen (the summary and its commands) is drawn on its own when the reservation
  // comes; the rest is fetched once that has been painted (the machine waits for `page.painted` to
  // read the money), and drawn in a render React does in slices between the browser's frames,
  // rather than in one long task before anything shows (decision 087).
  const sectionsWanted = useAfterPaint(reservation !== null, sectionsChunk);
  useEffect(() => {
    if (sectionsWanted) actor.send({ type: "page.painted" });
  }, [sectionsWanted, actor]);
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
            {sectionsWanted && (
              <Suspense fallback={null}>
                <ReservationSections
                  reservation={reservation}
                  money={money}
                  busy={busy}
                  importing={importing}
                  importReport={importReport}
                  writable={writable}
                  ask={ask}
                />
              </Suspense>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
