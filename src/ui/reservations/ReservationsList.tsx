import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { MoneyState, reservationAccount } from "../../api/money.ts";
import { confirmReservation, type ReservationSummary } from "../../api/reservations.ts";
import {
  AGENCY_FILTER,
  BALANCE_ORDER,
  EXPIRING_FILTER,
  MONEY_FILTER,
  type ReservationsChoices,
  reservationsListMachine,
  reservationsQueryDefaults,
  STATE_FILTER,
} from "../../machines/reservations/reservationsList.machine.ts";
import { departures } from "../../machines/departures/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { formatDate, formatMoney } from "../leads/leadFormat.ts";
import { timeLimitText } from "./reservationTexts.ts";
import type { Column } from "../shared/DataTable.tsx";
import { type PagedFilter, PagedList, selectFilter } from "../shared/PagedList.tsx";
import { bulkCommandDialog } from "../shared/confirmDialog.ts";
import { useRoleIn } from "../shared/useRole.ts";

const states = ["reserved", "waiting", "confirmed", "canceled"] as const;
/** Who may narrow and order by money (decision 067): the readers of accounts. */
const moneyReaders = reservationAccount.access.kind === "session" ? reservationAccount.access.roles : [];
/** Who may confirm and extend reservations: the sellers, ticked ones too. */
const sellers = confirmReservation.access.kind === "session" ? confirmReservation.access.roles : [];

/**
 * A page of reservations on the one list engine: sortable by departure date, code, agency, state,
 * time limit, berths and total; searched and filtered (state, agency for staff who read the
 * agencies, time limit within a day; money state and the largest balance first for the readers of
 * money, decision 067), all in the address; ticked ones or every matching one
 * exported with numbers and dates as typed cells; the ticked ones confirmed or extended, each
 * through its own command, every one's outcome shown. Every reservation's, or one departure's.
 */
export function ReservationsList({
  cruiseId,
  withAgencies,
  withVouchers = false,
}: {
  readonly cruiseId: number | null;
  readonly withAgencies: boolean;
  /** A column linking each reservation to its voucher (a departure's Voucher tab). */
  readonly withVouchers?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const readsMoney = useRoleIn(moneyReaders);
  const sells = useRoleIn(sellers);
  const agencyText = (row: ReservationSummary) => row.agencyName ?? t("reservations.direct");
  const columns: ReadonlyArray<Column<ReservationSummary>> = [
    {
      header: t("reservations.code"),
      sort: "code",
      text: (row) => row.code,
      cell: (row) => (
        <Link className="nowrap" href={reservations.path(row.id)}>
          {row.code}
        </Link>
      ),
    },
    ...(cruiseId === null
      ? [
          {
            header: t("reservations.departure"),
            text: (row: ReservationSummary) => row.cruiseCode,
            cell: (row: ReservationSummary) => (
              <Link className="nowrap" href={departures.tabPath(row.cruiseId, "reservations")} title={row.yachtName}>
                {row.cruiseCode}
              </Link>
            ),
          },
          {
            header: t("reservations.departureDate"),
            sort: "departure",
            text: (row: ReservationSummary) => formatDate(row.startDate),
            typed: { type: "date", value: (row: ReservationSummary) => row.startDate },
            cell: (row: ReservationSummary) => <span className="nowrap">{formatDate(row.startDate)}</span>,
          } satisfies Column<ReservationSummary>,
        ]
      : []),
    { header: t("reservations.agency"), sort: "agency", text: agencyText, cell: agencyText },
    {
      header: t("reservations.state"),
      sort: "state",
      text: (row) => t(`reservations.states.${row.state}`),
      cell: (row) => t(`reservations.states.${row.state}`),
    },
    {
      header: t("reservations.timeLimit"),
      sort: "timeLimit",
      text: (row) => timeLimitText(row, t),
      typed: { type: "dateTime", value: (row) => row.timeLimit },
      cell: (row) => timeLimitText(row, t),
    },
    { header: t("reservations.berths"), sort: "berths", text: (row) => String(row.spaces), typed: { type: "integer", value: (row) => row.spaces }, cell: (row) => row.spaces },
    {
      header: t("reservations.total"),
      sort: "total",
      text: (row) => formatMoney(row.price.total, i18n.language),
      typed: { type: "money", value: (row) => row.price.total },
      cell: (row) => formatMoney(row.price.total, i18n.language),
    },
    ...(withVouchers
      ? [
          {
            header: t("documents.voucher"),
            cell: (row: ReservationSummary) => (
              <Link className="nowrap" href={reservations.voucherPath(row.id)} aria-label={`${t("documents.openVoucher")} ${row.code}`}>
                {t("documents.openVoucher")}
              </Link>
            ),
          },
        ]
      : []),
  ];
  const filters = (choices: ReservationsChoices | null): ReadonlyArray<PagedFilter> => [
    selectFilter(
      STATE_FILTER,
      t("reservations.state"),
      t("reservations.allStates"),
      states.map((state) => ({ value: state, label: t(`reservations.states.${state}`) })),
    ),
    ...(withAgencies
      ? [
          selectFilter(
            AGENCY_FILTER,
            t("reservations.agency"),
            t("reservations.allAgencies"),
            (choices?.agencies ?? []).map((agency) => ({ value: String(agency.id), label: agency.name })),
          ),
        ]
      : []),
    ...(readsMoney
      ? [
          selectFilter(
            MONEY_FILTER,
            t("money.moneyFilter"),
            t("money.allMoneyStates"),
            MoneyState.literals.map((state) => ({ value: state, label: t(`money.states.${state}`) })),
          ),
        ]
      : []),
    { kind: "check", name: EXPIRING_FILTER, label: t("reservations.expiringSoon") },
    ...(readsMoney ? [{ kind: "check" as const, name: BALANCE_ORDER, label: t("money.byBalance") }] : []),
  ];
  return (
    <PagedList
      machine={reservationsListMachine}
      defaults={reservationsQueryDefaults}
      scope={{ cruiseId, withAgencies }}
      id="reservations"
      title={t("nav.reservations")}
      columns={columns}
      filters={filters}
      searchHint={t("reservations.searchHint")}
      empty={t("reservations.none")}
      totalText={(count) => t("reservations.totalCount", { count })}
      pagerLabel={t("reservations.pager")}
      rowTitle={(row) => row.code}
      changes={(change) => change.kind === "reservation" && (cruiseId === null || change.cruiseId === cruiseId)}
      {...(sells
        ? {
            bulk: {
              commands: [
                { command: "confirm" as const, label: t("reservations.bulkConfirm") },
                { command: "extend" as const, label: t("reservations.bulkExtend") },
              ],
              ask: bulkCommandDialog(i18n),
            },
          }
        : {})}
    />
  );
}
