import "./reservations.css";
import { useSelector } from "@xstate/react";
import { type CSSProperties, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { CatalogueItem } from "../../api/catalogues.ts";
import type { CruiseCabin, ReservationType } from "../../api/reservations.ts";
import { CABIN_COLUMNS, CABIN_ROWS, PLAN_COLUMNS, PLAN_ROWS } from "../../api/yachtPages.ts";
import { holdFormMachine } from "../../machines/reservations/holdForm.machine.ts";
import { loadRefusal } from "../../machines/shared/actions.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { departures } from "../../machines/departures/record.ts";
import { CruiseTabs } from "../departures/CruiseTabs.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { ProblemPage } from "../shared/ProblemPage.tsx";
import { ReservationsList } from "./ReservationsList.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { showToast } from "../shared/toast.ts";
import { useServices } from "../shared/context.ts";
import { paths } from "../paths.ts";
import { formText, submitted } from "../shared/forms.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { useChanges } from "../shared/changes.ts";
import { type CabinPosition, cabinsOnDecks } from "./deckPlan.ts";
import { formatDate } from "../leads/leadFormat.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { cruiseStatusKey } from "../departures/DeparturesView.tsx";
import { DepartureTimeline } from "../departures/DepartureTimeline.tsx";
import { RefusalWhy } from "../departures/RefusalWhy.tsx";
import { nameIn } from "../../api/english.ts";

const types: ReadonlyArray<ReservationType> = ["general", "contract", "familyRoom", "charter", "ikarus"];

/** A deck's plan: the deck_schema editor's grid, which reservations.css draws from a tablet's width up. */
const planStyle = {
  "--plan-columns": PLAN_COLUMNS,
  "--plan-rows": PLAN_ROWS,
  "--cabin-columns": CABIN_COLUMNS,
  "--cabin-rows": CABIN_ROWS,
} as CSSProperties;

/** A cabin's place on its deck's plan: the grid lines its box starts at (the first is 1). */
const placeStyle = ({ x, y }: CabinPosition) => ({ "--cabin-column": x + 1, "--cabin-row": y + 1 }) as CSSProperties;

/** A cabin of the plan: its berths as dots coloured by state, picked for the hold form when free berths are wanted. */
function CabinCard({
  cabin,
  position,
  picked,
  refusal,
  onPick,
}: {
  readonly cabin: CruiseCabin;
  readonly position: CabinPosition;
  readonly picked: boolean;
  /** The last hold's refusal, translated, when it concerns this cabin. */
  readonly refusal: string | null;
  readonly onPick: (() => void) | null;
}) {
  const { t } = useTranslation();
  const free = cabin.berths.filter((berth) => berth === null).length;
  const label = t("holds.cabinLabel", { name: cabin.name, free, capacity: cabin.capacity });
  const berths = (
    <span className="berths" aria-hidden="true">
      {cabin.berths.map((berth, index) => (
        // a berth is its place in the cabin
        // biome-ignore lint/suspicious/noArrayIndexKey: berths never move
        <span key={index} className={`berth berth-${berth?.state ?? "free"}`} title={berth?.reservationCode ?? undefined} />
      ))}
    </span>
  );
  const content = (
    <>
      <strong>{cabin.name}</strong>
      <span className="cabin-category">{t(`options.${cabin.category}`, { defaultValue: cabin.category })}</span>
      {berths}
      <span className="cabin-free">{t("holds.free", { free, capacity: cabin.capacity })}</span>
      {cabin.familyRoom && <span className="cabin-flag">{t("detail.familyRoom")}</span>}
      {cabin.waiting > 0 && <span className="cabin-flag">{t("holds.waiting", { count: cabin.waiting })}</span>}
      {refusal !== null && (
        <span className="cabin-refusal" id={`cabin-refusal-${cabin.id}`}>
          {refusal}
        </span>
      )}
    </>
  );
  return onPick === null ? (
    <div className="cabin-card" style={placeStyle(position)}>
      {content}
    </div>
  ) : (
    <button
      type="button"
      className={["cabin-card", picked ? "picked" : "", refusal === null ? "" : "refused"].filter((name) => name !== "").join(" ")}
      style={placeStyle(position)}
      aria-pressed={picked}
      aria-label={label}
      aria-describedby={refusal === null ? undefined : `cabin-refusal-${cabin.id}`}
      onClick={onPick}
    >
      {content}
    </button>
  );
}

/** Each picked cabin's spaces by type: how many of each. */
function PickedCabin({ cabin, spaceTypes }: { readonly cabin: CruiseCabin; readonly spaceTypes: ReadonlyArray<CatalogueItem> }) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="picked-cabin">
      <legend>{t("holds.cabin", { name: cabin.name })}</legend>
      {spaceTypes.map((type) => (
        <label key={type.id}>
          {nameIn(i18n.language, type)}
          <input type="number" name={`spaces-${cabin.id}-${type.id}`} min={0} max={cabin.capacity} defaultValue={0} inputMode="numeric" />
        </label>
      ))}
    </fieldset>
  );
}

/**
 * /panel/cruises/{id}/reservations: the departure's cabins on its plan, deck by deck, each card
 * where the yacht's deck_schema page places it (a flowing list on a phone), each berth coloured by
 * state; sellers pick cabins and hold them (or wait when full); below, the departure's reservations.
 */
export default function CruiseReservationsView({ id }: { readonly id: number }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const staff = useRoleIn(["admin", "sales"]);
  const sells = useRoleIn(reservations.writers);
  const readsDepartures = useRoleIn(departures.readers);
  // the region beside the Hold button that the machine's refusals move focus to
  const refusalRegion = useRef<HTMLDivElement>(null);
  const [logic] = useState(() =>
    holdFormMachine.provide({
      actions: {
        // always drawn, so focus moves (and the page scrolls) before the message is in it
        focusRefusal: () => refusalRegion.current?.focus(),
        reportHeld: (_, held) => {
          void showToast(t(held.state === "waiting" ? "holds.waited" : "holds.held", { code: held.code }));
          navigate(reservations.path(held.id));
        },
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, cruiseId: id, withAgencies: staff } });
  const cruise = useSelector(actor, (snapshot) => snapshot.context.cruise);
  const departure = useSelector(actor, (snapshot) => snapshot.context.departure);
  const cabins = useSelector(actor, (snapshot) => snapshot.context.cabins);
  const agencyItems = useSelector(actor, (snapshot) => snapshot.context.agencies);
  const spaceTypes = useSelector(actor, (snapshot) => snapshot.context.spaceTypes);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.chosen);
  const missing = useSelector(actor, (snapshot) => snapshot.context.missing);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const offersWaitlist = useSelector(actor, (snapshot) => snapshot.can({ type: "hold.waitlist" }));
  const loading = useSelector(actor, (snapshot) => snapshot.matches("loading"));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const refused = useSelector(actor, (snapshot) => (snapshot.matches("failed") ? loadRefusal(snapshot.context.error) : null));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  useChanges(
    (change) => change.kind === "departure" && change.cruiseId === id,
    () => actor.send({ type: "cabins.changed" }),
  );
  const decks = cabinsOnDecks(cabins);
  const refusalText = refusal === null ? null : translateMessage(t, refusal.message);

  const readDraft = (form: FormData) => {
    const agency = formText(form, "agencyId");
    const timeLimit = formText(form, "timeLimit");
    const type = types.find((candidate) => candidate === formText(form, "type")) ?? "general";
    return {
      cruiseId: id,
      agencyId: agency === "" ? null : Number(agency),
      type,
      waitlist: form.get("waitlist") !== null,
      notes: formText(form, "notes"),
      ...(timeLimit === "" ? {} : { timeLimit: new Date(timeLimit).toISOString() }),
      // a charter takes the whole yacht: the server books every berth, no cabin is picked
      cabins: (type === "charter" ? [] : chosen).map((cabinId) => ({
        cabinId,
        spaces: spaceTypes.flatMap((type) =>
          Array.from({ length: Math.max(0, Math.min(20, Number(formText(form, `spaces-${cabinId}-${type.id}`)) || 0)) }, () => ({ genderId: type.id })),
        ),
      })),
    };
  };

  if (refused !== null) {
    // back where departures are found: the staff's list of them, an agency's availability
    const [back, place] = readsDepartures ? [departures.listPath, "nav.cruises"] : [paths.availability, "nav.availability"];
    return <ProblemPage problem={refused} back={back} backLabel={t("problem.backTo", { place: t(place) })} />;
  }
  return (
    <section aria-labelledby="page-title" className="cruise-reservations">
      <PageTitle title={cruise !== null ? t("holds.departure", { code: cruise.code }) : departure !== null ? t("holds.departure", { code: departure.code }) : t("holds.title")} />
      {cruise !== null && (
        <p className="departure-line">
          {`${cruise.yachtName} · ${cruise.cruiseItineraryName} · ${formatDate(cruise.startDate)} – ${formatDate(cruise.endDate)} · `}
          <strong>{t(cruiseStatusKey(cruise))}</strong>
          {` · ${t("cruises.freeOf", { count: cruise.availability.free, free: cruise.availability.free, capacity: cruise.availability.capacity })}`}
        </p>
      )}
      {cruise === null && departure !== null && (
        <p className="departure-line">
          {`${departure.yachtName} · ${departure.itineraryName} · ${formatDate(departure.startDate)} – ${formatDate(departure.endDate)} · `}
          <strong>{t(`cruises.availabilityStatus.${departure.status}`)}</strong>
          {` · ${t("cruises.freeOf", { count: departure.free, free: departure.free, capacity: departure.capacity })}`}
        </p>
      )}
      {readsDepartures && <CruiseTabs id={id} current="reservations" />}
      <ErrorBanner message={error} />
      {failed ? (
        <button type="button" onClick={() => actor.send({ type: "retry" })}>
          {t("cruises.retry")}
        </button>
      ) : loading ? (
        <Spinner />
      ) : (
        <div className="cabin-plan">
          <p className="plan-legend">
            <span className="berth berth-free" aria-hidden="true" /> {t("holds.legend.free")}
            <span className="berth berth-reserved" aria-hidden="true" /> {t("holds.legend.reserved")}
            <span className="berth berth-confirmed" aria-hidden="true" /> {t("holds.legend.confirmed")}
          </p>
          {decks.map((deck) => (
            <section key={deck.id ?? "none"} className="plan-deck" aria-label={deck.name}>
              <h2>{deck.name}</h2>
              {/* the cards stay in the yacht's order, so a keyboard and a screen reader go through them as the list reads */}
              <div className="plan-cabins" style={planStyle}>
                {deck.cabins.map(({ cabin, position }) => (
                  <CabinCard
                    key={cabin.id}
                    cabin={cabin}
                    position={position}
                    picked={chosen.includes(cabin.id)}
                    refusal={refusal?.cabinIds.includes(cabin.id) === true ? refusalText : null}
                    onPick={sells ? () => actor.send({ type: "cabin.toggle", cabinId: cabin.id }) : null}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
      {sells && !loading && !failed && (
        <form className="hold-form" noValidate onSubmit={submitted((form) => actor.send({ type: "hold.submit", draft: readDraft(form) }))}>
          <h2>{t("holds.newReservation")}</h2>
          {chosen.length === 0 ? (
            <p className={missing ? "field-problem" : "muted"}>{t("holds.pickCabins")}</p>
          ) : (
            <div className="picked-cabins">
              {chosen.map((cabinId) => {
                const cabin = cabins.find((candidate) => candidate.id === cabinId);
                return cabin === undefined ? null : <PickedCabin key={cabinId} cabin={cabin} spaceTypes={spaceTypes} />;
              })}
            </div>
          )}
          {missing && chosen.length > 0 && <p className="field-problem">{t("holds.missingSpaces")}</p>}
          <div className="hold-fields">
            <label>
              {t("reservations.agency")}
              <select name="agencyId" defaultValue={staff ? "" : String(agencyItems[0]?.id ?? "")}>
                {staff && <option value="">{t("reservations.direct")}</option>}
                {agencyItems.map((agency) => (
                  <option key={agency.id} value={String(agency.id)}>
                    {agency.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("reservations.type")}
              <select name="type" defaultValue="general" aria-describedby="hold-type-help">
                {types.map((type) => (
                  <option key={type} value={type}>
                    {t(`reservations.types.${type}`)}
                  </option>
                ))}
              </select>
              <small id="hold-type-help">{t("holds.charterHelp")}</small>
            </label>
            <label>
              {t("holds.timeLimit")}
              <input type="datetime-local" name="timeLimit" />
              <small>{t("holds.timeLimitHelp")}</small>
            </label>
            <label className="hold-notes">
              {t("reservations.notes")}
              <textarea name="notes" maxLength={1000} rows={2} />
            </label>
            <label className="checkbox-filter">
              <input type="checkbox" name="waitlist" />
              {t("holds.waitlist")}
            </label>
          </div>
          {/* the refusal where the eyes are, right above the button just pressed */}
          <div className="hold-refusal" ref={refusalRegion} tabIndex={-1} aria-live="assertive" aria-atomic="true">
            {refusalText !== null && (
              <>
                <p className="field-problem">{refusalText}</p>
                {refusal?.refusalId != null && <RefusalWhy key={refusal.refusalId} refusalId={refusal.refusalId} />}
                {offersWaitlist && (
                  <button type="button" className="secondary" onClick={() => actor.send({ type: "hold.waitlist" })}>
                    {t("holds.putOnWaitlist")}
                  </button>
                )}
              </>
            )}
          </div>
          <button type="submit" aria-busy={processing} disabled={processing}>
            {t("holds.hold")}
          </button>
        </form>
      )}
      <h2>{t("holds.reservations")}</h2>
      <ReservationsList cruiseId={id} withAgencies={staff} />
      {cruise !== null && <DepartureTimeline id={id} code={cruise.code} />}
    </section>
  );
}
