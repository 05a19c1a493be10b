import { type PassengerFields, PassengerEvent, passengerMachine } from "../../src/machines/domain/passenger.machine.ts";
import { execute } from "../db/rows.ts";
import type { RecordType } from "../events/command.ts";
import { type Projection, recordProjection } from "../events/projection.ts";

export const passengerRecord: RecordType<typeof passengerMachine> = { stream: "passenger", table: "passengers", machine: passengerMachine };

/** The passengers row's columns of a passenger's fields. */
export const passengerColumns = (fields: PassengerFields) => ({
  agency_id: fields.agencyId,
  first_name: fields.firstName,
  last_name: fields.lastName,
  identification_type_id: fields.identificationTypeId,
  identification: fields.identification,
  birthday: fields.birthday,
  country_id: fields.countryId,
  gender: fields.gender,
  details: JSON.stringify(fields.details),
});

/** Owns the flight legs too: a rebuild empties both and replays them, the legs' ids included. */
const projection = recordProjection({
  record: passengerRecord,
  events: PassengerEvent,
  alsoFills: ["passenger_flights"],
  on: {
    "passenger.register": ({ event, insert }) => insert(passengerColumns(event)),
    "passenger.edit": ({ event, update }) => update(passengerColumns(event)),
    "passenger.flight.book": async ({ tx, event, row, update }) => {
      await update();
      return execute(
        tx,
        `insert into passenger_flights (id, passenger_id, cruise_id, reservation_id, direction, flight_id, date, time, line, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [event.legId, row.id, event.cruiseId, event.reservationId, event.direction, event.flightId, event.date, event.time, JSON.stringify(event.line), row.at],
      );
    },
    "passenger.flight.remove": async ({ tx, event, row, update }) => {
      await update();
      return execute(tx, "delete from passenger_flights where id = $1 and passenger_id = $2", [event.legId, row.id]);
    },
  },
});

export const passengersProjection: Projection = {
  ...projection,
  sequences: [...projection.sequences, { table: "passenger_flights", column: "id" }],
};
