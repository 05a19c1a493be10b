import "../shared/marks.css";
import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import type { DepartureAvailability } from "../../api/availability.ts";
import {
  availabilitySearch,
  availabilitySearchMachine,
  parseAvailabilityForm,
  reachesPage,
} from "../../machines/availability/availabilitySearch.machine.ts";
import { pagesOf } from "../../machines/shared/listQuery.ts";
import { departureTabPath } from "../../machines/departures/paths.ts";
import { type Column, DataTable } from "../shared/DataTable.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { Pager } from "../shared/Pager.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { YachtSelect } from "../shared/YachtSelect.tsx";
import { PeriodInputs } from "../shared/PeriodInputs.tsx";
import { useServices } from "../shared/context.ts";
import { formText, submitted } from "../shared/forms.ts";
import { formatDate, formatDateTime } from "../leads/leadFormat.ts";
import { asOfField, asOfInstant } from "./asOf.ts";
import "./asOf.css";
import { useFlowActor } from "../shared/useFlow.ts";
import { useChanges } from "../shared/changes.ts";
import { showInAddress } from "../shared/address.ts";

/**
 * /panel/availability, an agency's start page: the departures of a period (the next three months
 * unless the address says otherwise) with their free berths by cabin category; a departure opens
 * its cabins, where berths are held.
 */
export default function AvailabilityView() {
  const { t } = useTranslation();
  const { client } = useServices();
  const search = useSearch();
  const [logic] = useState(() =>
    availabilitySearchMachine.provide({
      actions: {
        publishForm: ({ context }) => showInAddress(availabilitySearch(context.form)),
      },
    }),
  );
  const [initial] = useState(() => parseAvailabilityForm(search, new Date()));
  const actor = useFlowActor(logic, { input: { client, form: initial } });
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const results = useSelector(actor, (snapshot) => snapshot.context.departures);
  const page = useSelector(actor, (snapshot) => snapshot.context.page);
  const pageSize = useSelector(actor, (snapshot) => snapshot.context.pageSize);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const found = { total, pageSize };
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("loading"));

  useEffect(() => {
    const asked = parseAvailabilityForm(search, new Date());
    if (search !== "" && availabilitySearch(asked) !== availabilitySearch(actor.getSnapshot().context.form)) actor.send({ type: "form.sync", form: asked });
  }, [actor, search]);

  useChanges(
    (change) => change.kind === "departure",
    () => actor.send({ type: "departures.changed" }),
  );

  const yachts = [...new Map(results.map((departure) => [departure.yachtId, departure.yachtName])).entries()].map(([id, name]) => ({ id, name }));
  const columns: ReadonlyArray<Column<DepartureAvailability>> = [
    {
      header: t("cruises.code"),
      cell: (departure) => (
        <Link className="nowrap" href={departureTabPath(departure.cruiseId, "reservations")}>
          {departure.code}
        </Link>
      ),
    },
    {
      header: t("availability.yachtAndItinerary"),
      cell: (departure) => (
        <>
          <span className="yacht-name">
            <span className="yacht-colour" style={{ backgroundColor: departure.yachtColour }} aria-hidden="true" />
            {departure.yachtName}
          </span>
          <br />
          <small className="muted">{departure.itineraryName}</small>
        </>
      ),
    },
    {
      header: t("cruises.dates"),
      cell: (departure) => (
        <>
          <span className="nowrap">{formatDate(departure.startDate)}</span> <span className="nowrap">– {formatDate(departure.endDate)}</span>
        </>
      ),
    },
    {
      header: t("availability.byCategory"),
      cell: (departure) => (
        <ul className="category-berths">
          {departure.categories.map(({ category, free }) => (
            <li key={category} className={free === 0 ? "muted" : undefined}>
              {`${t(`options.${category}`, { defaultValue: category })} ${free}`}
            </li>
          ))}
        </ul>
      ),
    },
    { header: t("cruises.freeBerths"), cell: (departure) => <strong className="nowrap">{`${departure.free} / ${departure.capacity}`}</strong> },
    { header: t("cruises.status"), cell: (departure) => t(`cruises.availabilityStatus.${departure.status}`) },
  ];

  return (
    <section aria-labelledby="page-title" className="departures">
      <PageTitle title={t("nav.availability")} />
      <form
        className="reservations-filters"
        noValidate
        key={availabilitySearch(form)}
        onSubmit={submitted((data) =>
          actor.send({
            type: "search.submit",
            form: {
              from: formText(data, "from"),
              to: formText(data, "to"),
              yachtId: formText(data, "yachtId"),
              passengers: formText(data, "passengers"),
              asOf: asOfInstant(formText(data, "asOf")),
            },
          }),
        )}
      >
        <PeriodInputs labels={{ from: t("cruises.periodFrom"), to: t("cruises.periodTo") }} from={form.from} to={form.to} />
        <YachtSelect yachts={yachts} name="yachtId" defaultValue={form.yachtId} />
        <label>
          {t("availability.passengers")}
          <input type="number" name="passengers" min={1} max={500} defaultValue={form.passengers} inputMode="numeric" />
        </label>
        <label>
          {t("availability.asOf")}
          <input type="datetime-local" name="asOf" defaultValue={asOfField(form.asOf ?? "")} aria-describedby="as-of-help" />
          <small id="as-of-help">{t("availability.asOfHelp")}</small>
        </label>
        {/* pressed while a change elsewhere has the departures looked up again, the new question is asked instead (decision 112) */}
        <button type="submit" aria-busy={loading}>
          {t("availability.search")}
        </button>
      </form>
      {form.asOf !== undefined && form.asOf !== "" && (
        <p className="as-of-banner" role="status">
          {t("availability.pastBanner", { at: formatDateTime(form.asOf) })}
          <button type="button" className="secondary outline" onClick={() => actor.send({ type: "search.submit", form: { ...form, asOf: "" } })}>
            {t("availability.backToNow")}
          </button>
        </p>
      )}
      <ErrorBanner message={error} />
      {loading && results.length === 0 ? (
        <Spinner />
      ) : (
        error === null && (
          <>
            {/* the rows in view stay, dimmed, while another page is asked (decision 117) */}
            <div className="paged-list availability-list" aria-busy={loading && results.length > 0}>
              <DataTable caption={t("nav.availability")} columns={columns} rows={results.map((departure) => ({ ...departure, id: departure.cruiseId }))} empty={t("availability.none")} />
              {total > 0 && (
                <Pager
                  label={t("availability.pages")}
                  page={page}
                  pages={pagesOf(total, pageSize)}
                  total={t("availability.total", { count: total })}
                  canPrevious={reachesPage(found, page - 1)}
                  canNext={reachesPage(found, page + 1)}
                  onPrevious={() => actor.send({ type: "page.go", page: page - 1 })}
                  onNext={() => actor.send({ type: "page.go", page: page + 1 })}
                  onPage={(chosen) => actor.send({ type: "page.go", page: chosen })}
                  pageSize={pageSize}
                  onPageSize={(size) => actor.send({ type: "pageSize.change", pageSize: size })}
                  busy={loading}
                />
              )}
            </div>
          </>
        )
      )}
    </section>
  );
}
