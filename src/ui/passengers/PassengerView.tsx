import "../reservations/reservations.css";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import type { FlightDirection, PassengerCruise, PassengerRecord } from "../../api/passengers.ts";
import { passengerFormMachine } from "../../machines/passengers/passengers.ts";
import { passengerTripsMachine } from "../../machines/passengers/passengerTrips.machine.ts";
import { departures } from "../../machines/departures/record.ts";
import { passengers } from "../../machines/passengers/record.ts";
import { flights } from "../../records/referenceData.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { deleteDialog } from "../shared/confirmDialog.ts";
import { ChoiceSelect } from "../shared/ChoiceSelect.tsx";
import { DetailInput, detailFormValue } from "../shared/DetailInput.tsx";
import { Loaded } from "../shared/Loaded.tsx";
import { RecordFormFrame } from "../shared/FormFrame.tsx";
import { showToast } from "../shared/toast.ts";
import { useServices } from "../shared/context.ts";
import { formText, submitted } from "../shared/forms.ts";
import { formatDate, formatMoney } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { useOnChange } from "../shared/useOnChange.ts";
import { useRecordForm, useRecordFormState } from "../shared/useRecord.ts";
import { useRole, useRoleIn } from "../shared/useRole.ts";

const directions: ReadonlyArray<FlightDirection> = ["outbound", "return"];

/** Where a new passenger's form goes back to: the page it was opened from (a reservation's), or the list. */
const backFrom = (search: string): string => {
  const back = new URLSearchParams(search).get("back");
  return back?.startsWith("/panel/") === true ? back : passengers.listPath;
};

/** One departure the passenger sails, with its flight legs and a form to book one. */
function Trip({
  trip,
  passengerId,
  writable,
  busy,
  flightChoices,
  onBook,
  onRemove,
}: {
  readonly trip: PassengerCruise;
  readonly passengerId: number;
  readonly writable: boolean;
  readonly busy: boolean;
  readonly flightChoices: ReadonlyArray<{ readonly id: number; readonly name: string; readonly origin?: unknown; readonly destination?: unknown }>;
  readonly onBook: (form: FormData) => void;
  readonly onRemove: (legId: number, title: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const live = trip.spaceState !== "canceled";
  return (
    <article className="booking trip">
      <h3>
        <Link href={departures.tabPath(trip.cruiseId, "reservations")}>{`${trip.cruiseCode} · ${trip.yachtName}`}</Link>
      </h3>
      <p>
        {`${formatDate(trip.startDate)} – ${formatDate(trip.endDate)} · `}
        <Link href={reservations.path(trip.reservationId)}>{trip.reservationCode}</Link>
        {` · ${t("reservations.cabin", { name: trip.cabinName })} · ${trip.genderName} · ${t(`reservations.states.${trip.spaceState}`)}`}
      </p>
      {trip.flights.length > 0 && (
        <ul className="booking-spaces">
          {trip.flights.map((leg) => (
            <li key={leg.id} className="space">
              <span>{t(`passengers.directions.${leg.direction}`)}</span>
              <span>{leg.flightName}</span>
              <span>{`${formatDate(leg.date)} ${leg.time}`}</span>
              <span>{formatMoney(leg.total, i18n.language)}</span>
              {writable && (
                <button
                  type="button"
                  className="secondary outline"
                  disabled={busy}
                  onClick={() => onRemove(leg.id, t("passengers.removeLegTitle", { flight: leg.flightName, date: formatDate(leg.date) }))}
                >
                  {t("passengers.removeLeg")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {writable && live && (
        <form className="leg-form" onSubmit={submitted(onBook)} aria-label={t("passengers.addLeg")}>
          <input type="hidden" name="cruiseId" value={trip.cruiseId} />
          <input type="hidden" name="passengerId" value={passengerId} />
          <ChoiceSelect
            label={t("passengers.direction")}
            choices={directions.map((direction) => ({ value: direction, text: t(`passengers.directions.${direction}`) }))}
            name="direction"
            defaultValue="outbound"
          />
          <ChoiceSelect
            label={t("detail.flight")}
            empty={t("form.choose")}
            choices={flightChoices.map((flight) => ({
              value: String(flight.id),
              text: `${flight.name} · ${String(flight.origin ?? "")} → ${String(flight.destination ?? "")}`,
            }))}
            name="flightId"
            defaultValue=""
          />
          <label>
            {t("passengers.legDate")}
            <input type="date" name="date" />
          </label>
          <label>
            {t("passengers.legTime")}
            <input type="time" name="time" />
          </label>
          <button type="submit" disabled={busy} aria-busy={busy}>
            {t("passengers.addLeg")}
          </button>
        </form>
      )}
    </article>
  );
}

/** The departures a saved passenger sails, with their flight legs (DOMAIN.md section 7). */
function PassengerTrips({ passengerId, writable, revision }: { readonly passengerId: number; readonly writable: boolean; readonly revision: number }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() =>
    passengerTripsMachine.provide({
      actors: { askRemoval: deleteDialog(i18n) },
      actions: { notify: (_, { message }) => void showToast(translateMessage(i18n.t, message)) },
    }),
  );
  const actor = useFlowActor(logic, { input: { client, passengerId, flights: flights.api.list } });
  const passenger = useSelector(actor, (snapshot) => snapshot.context.passenger);
  const flightChoices = useSelector(actor, (snapshot) => snapshot.context.flightChoices.filter((flight) => flight.active));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  // the passenger read again by the form (a save that stays, a reload) is read again here; mounting only once the form has
  // the record keeps its first read from wiping a leg the user has begun to type
  useOnChange(revision, () => actor.send({ type: "passenger.changed" }));
  const book = (form: FormData) => {
    const time = formText(form, "time");
    actor.send({
      type: "leg.book",
      leg: {
        passengerId: Number(formText(form, "passengerId")),
        cruiseId: Number(formText(form, "cruiseId")),
        direction: formText(form, "direction") === "return" ? "return" : "outbound",
        flightId: formText(form, "flightId") === "" ? null : Number(formText(form, "flightId")),
        date: formText(form, "date") === "" ? null : formText(form, "date"),
        ...(time === "" ? {} : { time }),
      },
    });
  };
  return (
    <section aria-labelledby="trips-title" className="reservation-page passenger-trips">
      <h2 id="trips-title">{t("passengers.trips")}</h2>
      <Loaded error={error} failed={failed} content={passenger} onRetry={() => actor.send({ type: "retry" })}>
        {(passenger) =>
          passenger.cruises.length === 0 ? (
            <p>{t("passengers.noTrips")}</p>
          ) : (
            passenger.cruises.map((trip) => (
              <Trip
                key={trip.spaceId}
                trip={trip}
                passengerId={passenger.id}
                writable={writable}
                busy={busy}
                flightChoices={flightChoices}
                onBook={book}
                onRemove={(legId, title) => actor.send({ type: "leg.remove", legId, title })}
              />
            ))
          )
        }
      </Loaded>
    </section>
  );
}

/**
 * /panel/passengers/passenger_new and /panel/passengers/{id}: a passenger's form with the rules of
 * DOMAIN.md section 7 (an agency user's passengers are its agency's) and, once saved, the
 * departures they sail with their flight legs. Marketing reads it only.
 */
export default function PassengerView({ id }: { readonly id: number | null }) {
  const { t, i18n } = useTranslation();
  const search = useSearch();
  const role = useRole();
  const writable = useRoleIn(passengers.writers);
  const [back] = useState(() => (id === null ? backFrom(search) : passengers.listPath));
  const [{ fields, source }] = useState(() => passengers.form(role));
  const actor = useRecordForm(passengerFormMachine, { source, id, listPath: back });
  const state = useRecordFormState(actor);
  const { item } = state;
  const name = (passenger: PassengerRecord) => `${passenger.firstName} ${passenger.lastName}`;
  const title = id === null ? t("passengers.new") : item === null ? t("nav.passengers") : name(item);
  return (
    <>
      <RecordFormFrame
        title={title}
        readOnly={!writable}
        back={back}
        history={id === null ? null : { stream: passengers.stream, id }}
        status={state}
        submit={(form) =>
          actor.send({
            type: "form.submit",
            draft: Object.fromEntries(fields.map((field) => [field.name, field.kind === "detail" ? detailFormValue(field, form, i18n.language) : ""])),
          })
        }
      >
        <div className="record-fields">
          {fields.map((field) =>
            field.kind === "detail" ? (
              <div key={field.name} className={field.rule.kind === "text" && field.rule.text.maxLength > 200 ? "record-field-wide" : undefined}>
                <DetailInput<PassengerRecord> field={field} item={item} choices={state.options} problems={state.problems} />
              </div>
            ) : null,
          )}
        </div>
      </RecordFormFrame>
      {id !== null && item !== null && <PassengerTrips revision={state.revision} passengerId={id} writable={writable} />}
    </>
  );
}
