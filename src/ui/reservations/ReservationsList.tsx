import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import type { ReservationSummary } from "../../api/reservations.ts";
import { parseListQuery } from "../../machines/shared/listQuery.ts";
import { MoneyState, reservationAccount } from "../../api/money.ts";
import {
  AGENCY_FILTER,
  BALANCE_ORDER,
  EXPIRING_FILTER,
  MONEY_FILTER,
  reservationsListMachine,
  reservationsQueryDefaults,
  STATE_FILTER,
} from "../../machines/reservations/reservationsList.machine.ts";
import { departures } from "../../machines/departures/record.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { useServices } from "../shared/context.ts";
import { formatDate, formatMoney } from "../leads/leadFormat.ts";
import { publishQuery, useQueryFromAddress } from "../shared/listAddress.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useChanges } from "../shared/changes.ts";
import { timeLimitText } from "./ReservationView.tsx";
import { type Column, DataTable } from "../shared/DataTable.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { Pager } from "../shared/Pager.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { formText, submitted } from "../shared/forms.ts";
import { useRoleIn } from "../shared/useRole.ts";

const states = ["reserved", "waiting", "confirmed", "canceled"] as const;
/** Who may narrow and order by money (decision 067): the readers of accounts. */
const moneyReaders = reservationAccount.access.kind === "session" ? reservationAccount.access.roles : [];

/**
 * A page of reservations with their search and filters (state, agency for staff who read the
 * agencies, time limit within a day; money state and the largest balance first for the readers of
 * money), all in the address; every reservation's, or one departure's.
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
  const { client } = useServices();
  const readsMoney = useRoleIn(moneyReaders);
  const search = useSearch();
  const [logic] = useState(() => reservationsListMachine.provide({ actions: { publishQuery: publishQuery(reservationsQueryDefaults) } }));
  const [initial] = useState(() => parseListQuery(search, reservationsQueryDefaults));
  const actor = useFlowActor(logic, { input: { client, query: initial, scope: { cruiseId, withAgencies } } });
  useQueryFromAddress(actor, search, reservationsQueryDefaults);
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const agencyItems = useSelector(actor, (snapshot) => snapshot.context.extras?.agencies ?? []);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("loading"));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  useChanges(
    (change) => change.kind === "reservation" && (cruiseId === null || change.cruiseId === cruiseId),
    () => actor.send({ type: "list.changed" }),
  );
  const pages = Math.max(1, Math.ceil(total / query.pageSize));

  const columns: ReadonlyArray<Column<ReservationSummary>> = [
    {
      header: t("reservations.code"),
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
            cell: (row: ReservationSummary) => (
              <Link className="nowrap" href={departures.tabPath(row.cruiseId, "reservations")} title={`${row.yachtName} · ${formatDate(row.startDate)}`}>
                {row.cruiseCode}
              </Link>
            ),
          },
        ]
      : []),
    { header: t("reservations.agency"), cell: (row) => row.agencyName ?? t("reservations.direct") },
    { header: t("reservations.state"), cell: (row) => t(`reservations.states.${row.state}`) },
    { header: t("reservations.timeLimit"), cell: (row) => timeLimitText(row, t) },
    { header: t("reservations.total"), cell: (row) => formatMoney(row.price.total, i18n.language) },
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

  return (
    <div className="reservations-list">
      <form
        className="reservations-filters"
        onSubmit={submitted((form) =>
          actor.send({
            type: "filters.apply",
            q: formText(form, "q"),
            filters: {
              [STATE_FILTER]: formText(form, STATE_FILTER),
              [AGENCY_FILTER]: formText(form, AGENCY_FILTER),
              [EXPIRING_FILTER]: form.get(EXPIRING_FILTER) === null ? "" : "1",
              [MONEY_FILTER]: formText(form, MONEY_FILTER),
              [BALANCE_ORDER]: form.get(BALANCE_ORDER) === null ? "" : "1",
            },
          }),
        )}
        key={JSON.stringify([query.q, query.filters])}
      >
        <label>
          {t("reservations.search")}
          <input type="search" name="q" defaultValue={query.q} maxLength={200} />
        </label>
        <label>
          {t("reservations.state")}
          <select name={STATE_FILTER} defaultValue={query.filters[STATE_FILTER] ?? ""}>
            <option value="">{t("reservations.allStates")}</option>
            {states.map((state) => (
              <option key={state} value={state}>
                {t(`reservations.states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        {withAgencies && (
          <label>
            {t("reservations.agency")}
            <select name={AGENCY_FILTER} defaultValue={query.filters[AGENCY_FILTER] ?? ""}>
              <option value="">{t("reservations.allAgencies")}</option>
              {agencyItems.map((agency) => (
                <option key={agency.id} value={String(agency.id)}>
                  {agency.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {readsMoney && (
          <label>
            {t("money.moneyFilter")}
            <select name={MONEY_FILTER} defaultValue={query.filters[MONEY_FILTER] ?? ""}>
              <option value="">{t("money.allMoneyStates")}</option>
              {MoneyState.literals.map((state) => (
                <option key={state} value={state}>
                  {t(`money.states.${state}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="checkbox-filter">
          <input type="checkbox" name={EXPIRING_FILTER} defaultChecked={query.filters[EXPIRING_FILTER] === "1"} />
          {t("reservations.expiringSoon")}
        </label>
        {readsMoney && (
          <label className="checkbox-filter">
            <input type="checkbox" name={BALANCE_ORDER} defaultChecked={query.filters[BALANCE_ORDER] === "1"} />
            {t("money.byBalance")}
          </label>
        )}
        <button type="submit">{t("reservations.filter")}</button>
      </form>
      <ErrorBanner message={error} />
      {failed ? (
        <button type="button" onClick={() => actor.send({ type: "retry" })}>
          {t("cruises.retry")}
        </button>
      ) : loading && rows.length === 0 ? (
        <Spinner />
      ) : (
        <>
          <DataTable caption={t("nav.reservations")} columns={columns} rows={rows} empty={t("reservations.none")} />
          {total > 0 && (
            <Pager
              label={t("reservations.pager")}
              page={query.page}
              pages={pages}
              total={t("reservations.totalCount", { count: total })}
              canPrevious={query.page > 1}
              canNext={query.page < pages}
              onPrevious={() => actor.send({ type: "page.go", page: query.page - 1 })}
              onNext={() => actor.send({ type: "page.go", page: query.page + 1 })}
              onPage={(page) => actor.send({ type: "page.go", page })}
              pageSize={query.pageSize}
              onPageSize={(pageSize) => actor.send({ type: "pageSize.change", pageSize })}
            />
          )}
        </>
      )}
    </div>
  );
}
