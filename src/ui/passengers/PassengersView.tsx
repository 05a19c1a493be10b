import "../reservations/reservations.css";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import type { Passenger } from "../../api/passengers.ts";
import { parseListQuery } from "../../machines/shared/listQuery.ts";
import { PASSENGER_AGENCY_FILTER, passengersListMachine, passengersQueryDefaults } from "../../machines/passengers/passengersList.machine.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { agencies } from "../../records/referenceData.ts";
import { type Column, DataTable } from "../shared/DataTable.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { Pager } from "../shared/Pager.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { useServices } from "../shared/context.ts";
import { formatDate } from "../leads/leadFormat.ts";
import { formText, submitted } from "../shared/forms.ts";
import { publishQuery, useQueryFromAddress } from "../shared/listAddress.ts";
import { useChanges } from "../shared/changes.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useRoleIn } from "../shared/useRole.ts";

/** A passenger's nationality in the panel's language. */
export const countryText = (passenger: Pick<Passenger, "countryName" | "countryEnglishName">, language: string): string =>
  language.startsWith("en") ? passenger.countryEnglishName : passenger.countryName;

/**
 * /panel/passengers: the passengers the user may see (an agency user its agency's) by name,
 * searched by names, identification or email, narrowed by agency for staff who read agencies;
 * paged on the server, the query in the address.
 */
export default function PassengersView() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const search = useSearch();
  const readsAgencies = useRoleIn(agencies.readers);
  const writable = useRoleIn(passengers.writers);
  const [logic] = useState(() => passengersListMachine.provide({ actions: { publishQuery: publishQuery(passengersQueryDefaults) } }));
  const [initial] = useState(() => parseListQuery(search, passengersQueryDefaults));
  const actor = useFlowActor(logic, { input: { client, query: initial, scope: { agencies: readsAgencies ? agencies.api.list : null } } });
  useQueryFromAddress(actor, search, passengersQueryDefaults);
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const agencyItems = useSelector(actor, (snapshot) => snapshot.context.extras?.agencies ?? []);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("loading"));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  // a passenger registered or edited by someone else shows without a reload
  useChanges(
    (change) => change.kind === "passenger",
    () => actor.send({ type: "list.changed" }),
  );

  const columns: ReadonlyArray<Column<Passenger>> = [
    {
      header: t("passengers.name"),
      cell: (row) => (
        <Link className="nowrap" href={passengers.path(row.id)}>
          {`${row.lastName}, ${row.firstName}`}
        </Link>
      ),
    },
    { header: t("detail.identification"), cell: (row) => `${row.identificationTypeName} ${row.identification}` },
    { header: t("detail.nationality"), cell: (row) => countryText(row, i18n.language) },
    { header: t("detail.birthday"), cell: (row) => formatDate(row.birthday) },
    { header: t("reservations.agency"), cell: (row) => row.agencyName ?? t("reservations.direct") },
  ];

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("nav.passengers")} {...(writable ? { add: { to: passengers.newPath, label: t("passengers.new") } } : {})} />
      <div className="reservations-list">
        <form
          className="reservations-filters"
          onSubmit={submitted((form) =>
            actor.send({ type: "filters.apply", q: formText(form, "q"), filters: { [PASSENGER_AGENCY_FILTER]: formText(form, PASSENGER_AGENCY_FILTER) } }),
          )}
          key={JSON.stringify([query.q, query.filters])}
        >
          <label>
            {t("passengers.search")}
            <input type="search" name="q" defaultValue={query.q} maxLength={200} placeholder={t("passengers.searchPlaceholder")} />
          </label>
          {readsAgencies && (
            <label>
              {t("reservations.agency")}
              <select name={PASSENGER_AGENCY_FILTER} defaultValue={query.filters[PASSENGER_AGENCY_FILTER] ?? ""}>
                <option value="">{t("reservations.allAgencies")}</option>
                {agencyItems.map((agency) => (
                  <option key={agency.id} value={String(agency.id)}>
                    {agency.name}
                  </option>
                ))}
              </select>
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
            <DataTable caption={t("nav.passengers")} columns={columns} rows={rows} empty={t("passengers.none")} />
            {total > 0 && (
              <Pager
                label={t("passengers.pager")}
                page={query.page}
                pages={pages}
                total={t("passengers.totalCount", { count: total })}
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
    </section>
  );
}
