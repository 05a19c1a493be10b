import "../reservations/reservations.css";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Passenger } from "../../api/passengers.ts";
import {
  PASSENGER_AGENCY_FILTER,
  type PassengersChoices,
  passengersListMachine,
  passengersQueryDefaults,
} from "../../machines/passengers/passengersList.machine.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { agencies } from "../../records/referenceData.ts";
import type { Column } from "../shared/DataTable.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { type PagedFilter, PagedList, selectFilter } from "../shared/PagedList.tsx";
import { formatDate } from "../leads/leadFormat.ts";
import { useRoleIn } from "../shared/useRole.ts";

/** A passenger's nationality in the panel's language. */
export const countryText = (passenger: Pick<Passenger, "countryName" | "countryEnglishName">, language: string): string =>
  language.startsWith("en") ? passenger.countryEnglishName : passenger.countryName;

/**
 * /panel/passengers on the one list engine: the passengers the user may see (an agency user its
 * agency's), by name or sorted on the server by a column, searched by names, identification or
 * email, narrowed by agency for staff who read agencies; the query in the address; ticked ones or
 * every matching one exported with the birthday as a date cell.
 */
export default function PassengersView() {
  const { t, i18n } = useTranslation();
  const readsAgencies = useRoleIn(agencies.readers);
  const writable = useRoleIn(passengers.writers);
  const name = (row: Passenger) => `${row.lastName}, ${row.firstName}`;
  const identification = (row: Passenger) => `${row.identificationTypeName} ${row.identification}`;
  const agencyText = (row: Passenger) => row.agencyName ?? t("reservations.direct");
  const columns: ReadonlyArray<Column<Passenger>> = [
    {
      header: t("passengers.name"),
      sort: "name",
      text: name,
      cell: (row) => (
        <Link className="nowrap" href={passengers.path(row.id)}>
          {name(row)}
        </Link>
      ),
    },
    { header: t("detail.identification"), sort: "identification", text: identification, cell: identification },
    { header: t("detail.nationality"), sort: "nationality", text: (row) => countryText(row, i18n.language), cell: (row) => countryText(row, i18n.language) },
    {
      header: t("detail.birthday"),
      sort: "birthday",
      text: (row) => formatDate(row.birthday),
      typed: { type: "date", value: (row) => row.birthday },
      cell: (row) => formatDate(row.birthday),
    },
    { header: t("reservations.agency"), sort: "agency", text: agencyText, cell: agencyText },
  ];
  const filters = (choices: PassengersChoices | null): ReadonlyArray<PagedFilter> =>
    readsAgencies
      ? [
          selectFilter(
            PASSENGER_AGENCY_FILTER,
            t("reservations.agency"),
            t("reservations.allAgencies"),
            (choices?.agencies ?? []).map((agency) => ({ value: String(agency.id), label: agency.name })),
          ),
        ]
      : [];
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("nav.passengers")} {...(writable ? { add: { to: passengers.newPath, label: t("passengers.new") } } : {})} />
      <PagedList
        machine={passengersListMachine}
        defaults={passengersQueryDefaults}
        scope={{ agencies: readsAgencies ? agencies.api.list : null }}
        id="passengers"
        title={t("nav.passengers")}
        columns={columns}
        filters={filters}
        searchHint={t("passengers.searchPlaceholder")}
        empty={t("passengers.none")}
        totalText={(count) => t("passengers.totalCount", { count })}
        pagerLabel={t("passengers.pager")}
        rowTitle={name}
        // a passenger registered or edited by someone else shows without a reload
        changes={(change) => change.kind === "passenger"}
      />
    </section>
  );
}
