import { Schema } from "effect";
import type { CruiseId } from "../../src/api/ids.ts";
import { PassengerId } from "../../src/api/ids.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { documentDate } from "./texts.ts";

const LegRow = Schema.Struct({
  passenger_id: PassengerId,
  direction: Schema.Literals(["outbound", "return"]),
  flight: Schema.String,
  route: Schema.String,
  date: Schema.String,
  time: Schema.String,
});
export type LegRow = typeof LegRow.Type;

/** Each passenger's outbound and return leg on a departure (the last booked of each), by `<passenger>-<direction>`. */
export const legsOf = async (db: Queryable, cruiseId: CruiseId): Promise<ReadonlyMap<string, LegRow>> => {
  const rows = await queryRows(
    db,
    LegRow,
    `select f.passenger_id, f.direction, fl.name as flight,
            coalesce(fl.details->>'origin', '') || ' → ' || coalesce(fl.details->>'destination', '') as route,
            to_char(f.date, 'YYYY-MM-DD') as date, f.time
       from passenger_flights f join flights fl on fl.id = f.flight_id where f.cruise_id = $1 order by f.id`,
    [cruiseId],
  );
  return new Map(rows.map((leg) => [legKey(leg.passenger_id, leg.direction), leg]));
};

export const legKey = (passengerId: number, direction: LegRow["direction"]): string => `${passengerId}-${direction}`;

/** A leg as the lists write it: the flight, its day and time. */
export const legText = (leg: LegRow | undefined): string => (leg === undefined ? "" : `${leg.flight} · ${documentDate(leg.date)} ${leg.time}`.trim());
