import "./departures.css";
import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import type { CatalogueItem } from "../../api/catalogues.ts";
import type { Cruise } from "../../api/cruises.ts";
import { cruiseGenerationMachine } from "../../machines/departures/cruiseGeneration.machine.ts";
import {
  type DeparturesQuery,
  departuresMachine,
  departuresSearch,
  monthDays,
  parseDeparturesQuery,
} from "../../machines/departures/departures.machine.ts";
import {
  type DeparturesChoices,
  departuresListDefaults,
  departuresListMachine,
  MONTH_FILTER,
  STATE_FILTER,
  YACHT_FILTER,
} from "../../machines/departures/departuresList.machine.ts";
import { departures } from "../../machines/departures/record.ts";
import { commandDialog } from "../shared/confirmDialog.ts";
import type { Column } from "../shared/DataTable.tsx";
import { Icon } from "../shared/icons.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { type PagedFilter, PagedList, selectFilter } from "../shared/PagedList.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { type RowAction, RowActions } from "../shared/RowActions.tsx";
import { SelectInput } from "../shared/SelectInput.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { TextInput } from "../shared/TextInput.tsx";
import { showToast } from "../shared/toast.ts";
import { useServices } from "../shared/context.ts";
import { fieldText, formText, submitted } from "../shared/forms.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { formatDate } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { useChanges } from "../shared/changes.ts";
import { YachtSelect } from "../shared/YachtSelect.tsx";
import { showInAddress } from "../shared/address.ts";

/** The text key of a departure's status: canceled, or its berths' (SPEC.md section 4). */
export const cruiseStatusKey = (cruise: Cruise): string =>
  cruise.state === "canceled" ? "cruises.canceled" : `cruises.availabilityStatus.${cruise.availability.status}`;

/** The cells of a month's calendar, Monday first: blank ones before the first day and after the last. */
const calendarCells = (month: string): ReadonlyArray<{ readonly key: string; readonly day: string | null }> => {
  const { from, to } = monthDays(month);
  const before = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
  const last = Number(to.slice(8, 10));
  const after = (7 - ((before + last) % 7)) % 7;
  return [
    ...Array.from({ length: before }, (_, index) => ({ key: `before-${index}`, day: null })),
    ...Array.from({ length: last }, (_, index) => {
      const day = `${month}-${String(index + 1).padStart(2, "0")}`;
      return { key: day, day };
    }),
    ...Array.from({ length: after }, (_, index) => ({ key: `after-${index}`, day: null })),
  ];
};

/** The weekdays' short names in the language, Monday first (1 January 2024 was a Monday). */
const weekdayNames = (language: string): ReadonlyArray<string> =>
  Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + index))),
  );

const monthTitle = (month: string, language: string): string =>
  new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * A departure as a calendar shows it on its first day: its yacht's colour, code, itinerary and free
 * berths, a link to its berth plan and reservations (what a click on a departure is for); those
 * who may edit it have the edit form one button beside.
 */
/** A month back or forward: the arrow for the eyes, its words for a screen reader (and a wide screen). */
function MonthStep({ step, onStep, disabled }: { readonly step: "previous" | "next"; readonly onStep: () => void; readonly disabled: boolean }) {
  const { t } = useTranslation();
  const label = t(step === "previous" ? "cruises.previousMonth" : "cruises.nextMonth");
  const words = <span className="month-nav-text">{label}</span>;
  return (
    <button type="button" className="secondary outline" aria-label={label} onClick={onStep} disabled={disabled}>
      {step === "previous" ? (
        <>
          <span aria-hidden="true">‹</span> {words}
        </>
      ) : (
        <>
          {words} <span aria-hidden="true">›</span>
        </>
      )}
    </button>
  );
}

function DepartureChip({ cruise, editable }: { readonly cruise: Cruise; readonly editable: boolean }) {
  const { t } = useTranslation();
  const canceled = cruise.state === "canceled";
  const dates = `${formatDate(cruise.startDate)} – ${formatDate(cruise.endDate)}`;
  const edit = t("cruises.editDeparture", { code: cruise.code });
  return (
    <div className="departure-entry">
      <Link
        href={departures.tabPath(cruise.id, "reservations")}
        className={canceled ? "departure-chip canceled" : "departure-chip"}
        style={{ borderInlineStartColor: cruise.yachtColour }}
        title={`${cruise.code} · ${cruise.yachtName} · ${cruise.cruiseItineraryName} · ${dates}`}
      >
        <strong>{cruise.yachtName}</strong>
        <span>{cruise.cruiseItineraryName}</span>
        <span>{canceled ? t("cruises.canceled") : t("cruises.free", { count: cruise.availability.free })}</span>
      </Link>
      {editable && (
        <Link href={departures.tabPath(cruise.id, "edit")} className="icon-button departure-edit" aria-label={edit} title={edit}>
          <Icon name="pencil" />
        </Link>
      )}
    </div>
  );
}

function DeparturesCalendar({
  month,
  cruises,
  editable,
}: {
  readonly month: string;
  readonly cruises: ReadonlyArray<Cruise>;
  /** Whether the user may edit this departure: the machine's record says which departures offer `cruise.edit`. */
  readonly editable: (cruise: Cruise) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.language);
  return (
    <div className="departures-calendar">
      <div className="calendar-weekdays" aria-hidden="true">
        {names.map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      <ol className="calendar-days" aria-label={t("cruises.calendar", { month: monthTitle(month, i18n.language) })}>
        {calendarCells(month).map(({ key, day }, index) => {
          if (day === null) return <li key={key} className="calendar-day blank" aria-hidden="true" />;
          const starting = cruises.filter((cruise) => cruise.startDate === day);
          return (
            <li key={key} className={starting.length === 0 ? "calendar-day empty" : "calendar-day"}>
              <span className="calendar-date">
                <span className="calendar-weekday visually-hidden">{names[index % 7]} </span>
                {Number(day.slice(8, 10))}
              </span>
              {starting.map((cruise) => (
                <DepartureChip key={cruise.id} cruise={cruise} editable={editable(cruise)} />
              ))}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The admins' form under the month: an itinerary and a period, every start weekday of it scheduled. */
function GenerationForm({ itineraries, yachts, onGenerated }: {
  readonly itineraries: ReadonlyArray<CatalogueItem>;
  readonly yachts: ReadonlyArray<CatalogueItem>;
  readonly onGenerated: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() =>
    cruiseGenerationMachine.provide({
      actions: {
        reportGenerated: (_, { codes }) => {
          void showToast(t("cruises.generated", { count: codes.length }));
          onGenerated();
        },
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client } });
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const day = (form: FormData, name: string) => (formText(form, name) === "" ? null : formText(form, name));
  const groups = yachts.flatMap((yacht) => {
    const options = itineraries
      .filter((itinerary) => itinerary.active && itinerary.yacht === yacht.id)
      .map((itinerary) => ({ value: String(itinerary.id), label: itinerary.name }));
    return options.length === 0 ? [] : [{ label: yacht.name, options }];
  });
  return (
    <details className="year-copy">
      <summary>{t("cruises.generateTitle")}</summary>
      <form
        noValidate
        onSubmit={submitted((form) => {
          const itinerary = formText(form, "cruiseItineraryId");
          actor.send({
            type: "generation.submit",
            draft: { cruiseItineraryId: itinerary === "" ? null : Number(itinerary), from: day(form, "from"), to: day(form, "to") },
          });
        })}
      >
        <ErrorBanner message={error} />
        <div className="year-copy-fields">
          <SelectInput
            name="cruiseItineraryId"
            label={t("detail.cruiseItinerary")}
            placeholder={t("form.choose")}
            options={groups}
            problem={fieldText(t, problems.cruiseItineraryId)}
          />
          <TextInput name="from" label={t("cruises.periodFrom")} type="date" problem={fieldText(t, problems.from)} />
          <TextInput name="to" label={t("cruises.periodTo")} type="date" problem={fieldText(t, problems.to)} />
        </div>
        <button type="submit" aria-busy={processing} disabled={processing}>
          {t("cruises.generate")}
        </button>
      </form>
    </details>
  );
}

/**
 * /panel/cruises: the departures of a month, all yachts' or one's, as a calendar in the yachts'
 * colours or as a table, with their free berths; admins add one, generate a period's, and cancel
 * one for a reason. The month, yacht and view are in the address.
 */
export default function DeparturesView() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const writable = useRoleIn(departures.writers);
  const search = useSearch();
  const [logic] = useState(() =>
    departuresMachine.provide({
      actors: { confirmCancel: commandDialog(i18n) },
      actions: {
        notify: (_, { message }) => void showToast(translateMessage(i18n.t, message)),
        publishQuery: ({ context }) => showInAddress(departuresSearch(context.query)),
      },
    }),
  );
  const [initial] = useState(() => parseDeparturesQuery(search, new Date()));
  const actor = useFlowActor(logic, { input: { client, query: initial } });
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const cruises = useSelector(actor, (snapshot) => snapshot.context.cruises);
  const next = useSelector(actor, (snapshot) => snapshot.context.next);
  const yachts = useSelector(actor, (snapshot) => snapshot.context.yachts);
  const itineraries = useSelector(actor, (snapshot) => snapshot.context.itineraries);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("loading"));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const busy = useSelector(actor, (snapshot) => !snapshot.matches("ready"));
  // another month or yacht waits only for a cancellation: asked while the month is fetched again, it is fetched instead (decision 112)
  const stepsBusy = useSelector(actor, (snapshot) => !snapshot.can({ type: "month.next" }));

  useChanges(
    (change) => change.kind === "departure",
    () => actor.send({ type: "departures.reload" }),
  );

  // Back, Forward or a link to this screen: show what the address now asks for
  useEffect(() => {
    const asked: DeparturesQuery = parseDeparturesQuery(search, new Date());
    if (departuresSearch(asked) !== departuresSearch(actor.getSnapshot().context.query)) actor.send({ type: "query.sync", query: asked });
  }, [actor, search]);

  const title = t("nav.cruises");
  const cancelTitle = (cruise: Cruise) => t("cruises.cancelTitle", { code: cruise.code });
  const editable = (cruise: Cruise) => writable && departures.offers(cruise, "cruise.edit");
  const actions = (cruise: Cruise): ReadonlyArray<RowAction> => [
    { kind: editable(cruise) ? "edit" : "view", to: departures.tabPath(cruise.id, "edit") },
    ...(writable && departures.offers(cruise, "cruise.cancel")
      ? [{ kind: "cancel" as const, onClick: () => actor.send({ type: "cruise.cancel", id: cruise.id, title: cancelTitle(cruise) }) }]
      : []),
  ];
  const statusText = (cruise: Cruise) => t(cruiseStatusKey(cruise));
  const columns: ReadonlyArray<Column<Cruise>> = [
    {
      header: t("cruises.code"),
      sort: "code",
      text: (cruise) => cruise.code,
      cell: (cruise) => (
        <Link className="nowrap" href={departures.tabPath(cruise.id, "reservations")}>
          {cruise.code}
        </Link>
      ),
    },
    {
      header: t("detail.yacht"),
      sort: "yacht",
      text: (cruise) => cruise.yachtName,
      cell: (cruise) => (
        <span className="yacht-name">
          <span className="yacht-colour" style={{ backgroundColor: cruise.yachtColour }} aria-hidden="true" />
          {cruise.yachtName}
        </span>
      ),
    },
    { header: t("cruises.itinerary"), sort: "itinerary", text: (cruise) => cruise.cruiseItineraryName, cell: (cruise) => cruise.cruiseItineraryName },
    {
      header: t("cruises.start"),
      sort: "start",
      text: (cruise) => formatDate(cruise.startDate),
      typed: { type: "date", value: (cruise) => cruise.startDate },
      cell: (cruise) => <span className="nowrap">{formatDate(cruise.startDate)}</span>,
    },
    {
      header: t("cruises.end"),
      text: (cruise) => formatDate(cruise.endDate),
      typed: { type: "date", value: (cruise) => cruise.endDate },
      cell: (cruise) => <span className="nowrap">{formatDate(cruise.endDate)}</span>,
    },
    {
      header: t("cruises.freeBerths"),
      sort: "free",
      text: (cruise) => String(cruise.availability.free),
      typed: { type: "integer", value: (cruise) => cruise.availability.free },
      cell: (cruise) => <span className="nowrap">{`${cruise.availability.free} / ${cruise.availability.capacity}`}</span>,
    },
    { header: t("cruises.status"), sort: "state", text: statusText, cell: statusText },
    { header: t("actions.column"), narrow: true, cell: (cruise) => <RowActions actions={actions(cruise)} disabled={busy} /> },
  ];
  const filters = (choices: DeparturesChoices | null): ReadonlyArray<PagedFilter> => [
    { kind: "month", name: MONTH_FILTER, label: t("cruises.month") },
    selectFilter(
      YACHT_FILTER,
      t("detail.yacht"),
      t("cruises.allYachts"),
      (choices?.yachts ?? []).map((yacht) => ({ value: String(yacht.id), label: yacht.name })),
    ),
    selectFilter(STATE_FILTER, t("cruises.status"), t("cruises.allStates"), [
      { value: "scheduled", label: t("cruises.scheduled") },
      { value: "canceled", label: t("cruises.canceled") },
    ]),
  ];

  return (
    <section aria-labelledby="page-title" className="departures">
      <PageTitle title={title} add={writable ? { to: departures.newPath, label: t("cruises.new") } : undefined} />
      <div className="departures-controls">
        {query.view === "calendar" && (
          <>
        <div className="month-nav">
          <MonthStep step="previous" onStep={() => actor.send({ type: "month.previous" })} disabled={stepsBusy} />
          <h2 aria-live="polite">{monthTitle(query.month, i18n.language)}</h2>
          <MonthStep step="next" onStep={() => actor.send({ type: "month.next" })} disabled={stepsBusy} />
        </div>
        <YachtSelect
          yachts={yachts}
          value={query.yachtId === null ? "" : String(query.yachtId)}
          onChange={(event) => actor.send({ type: "yacht.choose", yachtId: event.target.value === "" ? null : Number(event.target.value) })}
          disabled={stepsBusy}
        />
          </>
        )}
        <div className="view-switch">
          {(["calendar", "list"] as const).map((view) => (
            <button
              key={view}
              type="button"
              className={query.view === view ? "" : "secondary outline"}
              aria-pressed={query.view === view}
              onClick={() => actor.send({ type: "view.choose", view })}
            >
              {t(`cruises.views.${view}`)}
            </button>
          ))}
        </div>
      </div>
      <ErrorBanner message={error} />
      {query.view === "list" ? (
        <PagedList
          machine={departuresListMachine}
          defaults={departuresListDefaults}
          scope={null}
          id="departures"
          title={title}
          columns={columns}
          filters={filters}
          searchHint={t("cruises.searchHint")}
          // a month's table says so, as its calendar would
          empty={new URLSearchParams(search).get(MONTH_FILTER) === null ? t("cruises.noneFound") : t("cruises.none")}
          totalText={(count) => t("cruises.totalCount", { count })}
          pagerLabel={t("cruises.pager")}
          rowTitle={(cruise) => cruise.code}
          changes={(change) => change.kind === "departure"}
        />
      ) : failed ? (
        <button type="button" onClick={() => actor.send({ type: "retry" })}>
          {t("cruises.retry")}
        </button>
      ) : loading && cruises.length === 0 ? (
        <Spinner />
      ) : (
        <>
          {!loading && cruises.length === 0 && (
            <p className="month-empty" role="status">
              {t("cruises.none")}
              {next !== null && (
                <>
                  {" "}
                  {t("cruises.nextDeparture", { day: formatDate(next.startDate) })}{" "}
                  <button type="button" className="secondary outline" onClick={() => actor.send({ type: "month.show", month: next.month })}>
                    {t("cruises.showMonth", { month: monthTitle(next.month, i18n.language) })}
                  </button>
                </>
              )}
            </p>
          )}
          <DeparturesCalendar month={query.month} cruises={cruises} editable={editable} />
        </>
      )}
      {writable && <GenerationForm itineraries={itineraries} yachts={yachts} onGenerated={() => actor.send({ type: "departures.reload" })} />}
    </section>
  );
}
