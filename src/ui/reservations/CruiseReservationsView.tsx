import "./reservations.css";
import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import type { CatalogueItem } from "../../api/catalogues.ts";
import type { CruiseCabin, ReservationType } from "../../api/reservations.ts";
import { holdFormMachine } from "../../machines/reservations/holdForm.machine.ts";
import { draftQuoteMachine } from "../../machines/reservations/draftQuote.machine.ts";
import { loadRefusal } from "../../machines/shared/actions.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { departures } from "../../machines/departures/record.ts";
import { CruiseTabs } from "../departures/CruiseTabs.tsx";
import { ChoiceSelect } from "../shared/ChoiceSelect.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { Loaded } from "../shared/Loaded.tsx";
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
import type { BerthPick } from "../../machines/reservations/berthPicks.ts";
import { BerthPlan, spaceTypeName } from "./BerthPlan.tsx";
import { translateMessage } from "../../i18n/messages.ts";
import { cruiseStatusKey } from "../departures/DeparturesView.tsx";
import { DepartureTimeline } from "../departures/DepartureTimeline.tsx";
import { RefusalWhy } from "../departures/RefusalWhy.tsx";
import { QuotePanel } from "./QuotePanel.tsx";
import { DepartureRefusals } from "../departures/DepartureRefusals.tsx";
import { berthPlanAsOfMachine } from "../../machines/departures/berthPlanAsOf.machine.ts";
import { asOfField, asOfInstant } from "../availability/asOf.ts";
import "../availability/asOf.css";
import { formatDate, formatDateTime } from "../leads/leadFormat.ts";

const types: ReadonlyArray<ReservationType> = ["general", "contract", "familyRoom", "charter", "ikarus"];

/**
 * Each picked cabin's spaces: its berths picked on the plan, each with its type, or, picked whole,
 * how many spaces of each type it takes.
 */
function PickedCabin({
  cabin,
  spaceTypes,
  picks,
  onRetype,
  onRemove,
}: {
  readonly cabin: CruiseCabin;
  readonly spaceTypes: ReadonlyArray<CatalogueItem>;
  readonly picks: ReadonlyArray<BerthPick>;
  readonly onRetype: (berth: number, genderId: number) => void;
  readonly onRemove: (berth: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const own = picks.filter((pick) => pick.cabinId === cabin.id);
  return (
    <fieldset className="picked-cabin">
      <legend>{t("holds.cabin", { name: cabin.name })}</legend>
      {own.length === 0
        ? spaceTypes.map((type) => (
            <label key={type.id}>
              {spaceTypeName(type, i18n.language)}
              <input type="number" name={`spaces-${cabin.id}-${type.id}`} min={0} max={cabin.capacity} defaultValue={0} inputMode="numeric" />
            </label>
          ))
        : own.map((pick) => (
            <div key={pick.berth} className="picked-berth">
              <label>
                <span>{t("holds.pickedBerthType", { number: pick.berth + 1 })}</span>
                <select
                  aria-label={t("holds.pickedBerthType", { number: pick.berth + 1 })}
                  value={String(pick.genderId)}
                  onChange={(event) => onRetype(pick.berth, Number(event.target.value))}
                >
                  {spaceTypes.map((type) => (
                    <option key={type.id} value={String(type.id)}>
                      {spaceTypeName(type, i18n.language)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="secondary outline" onClick={() => onRemove(pick.berth)}>
                {t("holds.removeBerth", { number: pick.berth + 1 })}
              </button>
            </div>
          ))}
    </fieldset>
  );
}

/** The instant the address asks the page to be shown as of (`?asOf=`), or null for now. */
const pastInstant = (search: string): string | null => {
  const asOf = new URLSearchParams(search).get("asOf") ?? "";
  return asOfField(asOf) === "" ? null : asOf;
};

/** The "as of" control: a past date and time puts the instant in the address; empty, now. */
function AsOfControl({ asOf, onChange }: { readonly asOf: string | null; readonly onChange: (asOf: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <form
      className="as-of-form"
      onSubmit={submitted((form) => {
        const instant = asOfInstant(formText(form, "asOf"));
        onChange(instant === "" ? null : instant);
      })}
    >
      <label>
        {t("cruises.asOf.label")}
        <input key={asOf ?? ""} type="datetime-local" name="asOf" defaultValue={asOfField(asOf ?? "")} aria-describedby="cruise-as-of-help" />
        <small id="cruise-as-of-help">{t("cruises.asOf.help")}</small>
      </label>
      <button type="submit" className="secondary">
        {t("cruises.asOf.show")}
      </button>
    </form>
  );
}

/** The berth plan as it stood at a past instant, under a banner that says so and leads back to now. */
function PastBerthPlan({
  id,
  asOf,
  spaceTypes,
  links,
  onBack,
}: {
  readonly id: number;
  readonly asOf: string;
  readonly spaceTypes: ReadonlyArray<CatalogueItem>;
  /** Whether a berth's reservation code links to its page. */
  readonly links: boolean;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const actor = useFlowActor(berthPlanAsOfMachine, { input: { client, cruiseId: id, asOf } });
  const cabins = useSelector(actor, (snapshot) => snapshot.context.cabins);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  return (
    <>
      <p className="as-of-banner" role="status">
        {t("cruises.asOf.banner", { at: formatDateTime(asOf) })}
        <button type="button" className="secondary outline" onClick={onBack}>
          {t("cruises.asOf.backToNow")}
        </button>
      </p>
      <Loaded error={error} failed={failed} content={cabins} onRetry={() => actor.send({ type: "retry" })}>
        {(cabins) => (
          <BerthPlan cabins={cabins} spaceTypes={spaceTypes} chosen={[]} picks={[]} refusal={null} links={links} onCabin={null} onBerth={null} />
        )}
      </Loaded>
    </>
  );
}

/**
 * /panel/cruises/{id}/reservations: the departure's cabins on its plan, deck by deck, each card
 * where the yacht's deck_schema page places it (a flowing list on a phone), each berth coloured by
 * state; sellers pick cabins and hold them (or wait when full); below, the departure's reservations.
 */
export default function CruiseReservationsView({ id }: { readonly id: number }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [location, navigate] = useLocation();
  const asOf = pastInstant(useSearch());
  const showAsOf = (instant: string | null) => navigate(instant === null ? location : `${location}?asOf=${encodeURIComponent(instant)}`);
  const staff = useRoleIn(["admin", "sales"]);
  const sells = useRoleIn(reservations.writers);
  const readsDepartures = useRoleIn(departures.readers);
  const readsReservations = useRoleIn(reservations.readers);
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
  const picks = useSelector(actor, (snapshot) => snapshot.context.picks);
  const pickType = useSelector(actor, (snapshot) => snapshot.context.pickType);
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
  // the draft's price as it is edited, for whoever sells (an agency user: for its own agency): every change of the form, and every cabin picked or let go
  const quote = useFlowActor(draftQuoteMachine, { input: { client } });
  const holdForm = useRef<HTMLFormElement>(null);
  const quoteDraft = () => {
    if (holdForm.current !== null) quote.send({ type: "draft.change", draft: readDraft(new FormData(holdForm.current)) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is read from the form when the cabins picked change
  useEffect(quoteDraft, [chosen]);
  const cabinName = (cabinId: number) => t("holds.cabin", { name: cabins.find((cabin) => cabin.id === cabinId)?.name ?? String(cabinId) });
  const typeName = (typeId: number) => {
    const type = spaceTypes.find((candidate) => candidate.id === typeId);
    return type === undefined ? String(typeId) : spaceTypeName(type, i18n.language);
  };
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
      <AsOfControl asOf={asOf} onChange={showAsOf} />
      <ErrorBanner message={error} />
      {asOf !== null ? (
        <PastBerthPlan key={asOf} id={id} asOf={asOf} spaceTypes={spaceTypes} links={readsReservations} onBack={() => showAsOf(null)} />
      ) : failed ? (
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
            {sells && (
              <>
                <span className="berth berth-picked" aria-hidden="true" /> {t("holds.legendPicked")}
              </>
            )}
          </p>
          {sells && (
            <div className="pick-type">
              <label htmlFor="pick-type">{t("holds.pickAs")}</label>
              <select
                id="pick-type"
                value={String(pickType ?? "")}
                aria-describedby="pick-help"
                onChange={(event) => actor.send({ type: "pickType.choose", genderId: Number(event.target.value) })}
              >
                {spaceTypes.map((type) => (
                  <option key={type.id} value={String(type.id)}>
                    {spaceTypeName(type, i18n.language)}
                  </option>
                ))}
              </select>
              <small id="pick-help">{t("holds.pickHelp")}</small>
            </div>
          )}
          <BerthPlan
            cabins={cabins}
            spaceTypes={spaceTypes}
            chosen={chosen}
            picks={picks}
            refusal={refusal === null || refusalText === null ? null : { cabinIds: refusal.cabinIds, text: refusalText }}
            links={readsReservations}
            onCabin={sells ? (cabinId) => actor.send({ type: "cabin.toggle", cabinId }) : null}
            onBerth={sells ? (cabinId, berth) => actor.send({ type: "berth.toggle", cabinId, berth }) : null}
          />
        </div>
      )}
      {sells && asOf === null && !loading && !failed && (
        <form
          ref={holdForm}
          className="hold-form with-quote"
          noValidate
          onChange={quoteDraft}
          onSubmit={submitted((form) => actor.send({ type: "hold.submit", draft: readDraft(form) }))}
        >
          <h2>{t("holds.newReservation")}</h2>
          <QuotePanel actor={quote} cabinName={cabinName} spaceTypeName={typeName} />
          {chosen.length === 0 ? (
            <p className={missing ? "field-problem" : "muted"}>{t("holds.pickCabins")}</p>
          ) : (
            <div className="picked-cabins">
              {chosen.map((cabinId) => {
                const cabin = cabins.find((candidate) => candidate.id === cabinId);
                return cabin === undefined ? null : (
                  <PickedCabin
                    key={cabinId}
                    cabin={cabin}
                    spaceTypes={spaceTypes}
                    picks={picks}
                    onRetype={(berth, genderId) => actor.send({ type: "berth.retype", cabinId, berth, genderId })}
                    onRemove={(berth) => actor.send({ type: "berth.toggle", cabinId, berth })}
                  />
                );
              })}
            </div>
          )}
          {missing && chosen.length > 0 && <p className="field-problem">{t("holds.missingSpaces")}</p>}
          <div className="hold-fields">
            <ChoiceSelect
              label={t("reservations.agency")}
              empty={staff ? t("reservations.direct") : undefined}
              choices={agencyItems.map((agency) => ({ value: String(agency.id), text: agency.name }))}
              name="agencyId"
              defaultValue={staff ? "" : String(agencyItems[0]?.id ?? "")}
            />
            <ChoiceSelect
              label={t("reservations.type")}
              choices={types.map((type) => ({ value: type, text: t(`reservations.types.${type}`) }))}
              name="type"
              defaultValue="general"
              aria-describedby="hold-type-help"
            >
              <small id="hold-type-help">{t("holds.charterHelp")}</small>
            </ChoiceSelect>
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
      {asOf !== null && <p className="muted">{t("cruises.asOf.reservationsNow")}</p>}
      <ReservationsList cruiseId={id} withAgencies={staff} />
      {cruise !== null && <DepartureTimeline id={id} code={cruise.code} />}
      <DepartureRefusals id={id} lastRefusalId={refusal?.refusalId ?? null} />
    </section>
  );
}
