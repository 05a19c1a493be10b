import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { sequence } from "./seller.ts";
import type { SalesDesk } from "./salesDesk.ts";
import { queryRows } from "../db/rows.ts";

const firstNames = {
  male: ["Juan", "Carlos", "Luis", "Pedro", "Andrés", "John", "Michael", "Thomas", "Lukas", "Pierre", "James", "Mateo", "Sebastián", "Daniel", "Felipe"],
  female: ["María", "Lucía", "Ana", "Carmen", "Sofía", "Emily", "Sarah", "Anna", "Claire", "Laura", "Valentina", "Isabel", "Camila", "Julia", "Emma"],
} as const;
const lastNames = ["Andrade", "Mena", "Vega", "Salazar", "Torres", "Smith", "Johnson", "Müller", "Schmidt", "Dubois", "Brown", "García", "Rojas", "Paredes", "Wilson", "Moreau", "Cevallos", "Jaramillo"];
/** ISO codes of the passengers' countries, Ecuador and the Andean Community among them. */
const nationalities = ["US", "US", "DE", "GB", "FR", "CA", "AU", "EC", "EC", "CO", "PE", "AR", "ES", "NL", "CH"];
const wetsuits = ["S", "M", "M", "L", "L", "XL"];

const CountryRow = Schema.Struct({ id: Schema.Int, code: Schema.String });
const NamedRow = Schema.Struct({ id: Schema.Int, name: Schema.String });

const day = (value: Date): string => value.toISOString().slice(0, 10);

/** A birthday `years` and some days before `departure` (a child is then under 12 on the day). */
const birthdayBefore = (departure: string, years: number, random: () => number): string => {
  const date = new Date(`${departure}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1 - Math.floor(random() * 300));
  return day(date);
};

/**
 * Passengers on the demo's reservations (DOMAIN.md section 7), registered, seated and given
 * flights as the sales executive would through the passenger and space machines: most confirmed
 * reservations have every passenger, fewer held ones do, and most confirmed passengers fly in on
 * the first day and out on the last. Spaces that have a passenger already are left as they are.
 * On the departures of the yachts given (all, for the demo; a copy's own, scripts/seed-operations.ts).
 * Registered at `desk`: the catalogues are read from `tx`.
 */
export const seedDemoPassengers = async (tx: Queryable, desk: SalesDesk, yachtIds: ReadonlyArray<number> | null = null): Promise<void> => {
  const countries = new Map(
    (await queryRows(tx, CountryRow, "select id, coalesce(details->>'code', '') as code from countries where status <> 'deleted'")).map((row) => [row.code, row.id]),
  );
  const documents = new Map((await queryRows(tx, NamedRow, "select id, name from identification_types where status <> 'deleted'")).map((row) => [row.name, row.id]));
  const flights = new Map((await queryRows(tx, NamedRow, "select id, name from flights where status <> 'deleted'")).map((row) => [row.name, row.id]));
  const passport = documents.get("Pasaporte");
  const cedula = documents.get("Cédula de identidad") ?? passport;
  if (passport === undefined || cedula === undefined) return;
  const spaces = await desk.unseatedSpaces(yachtIds);
  const random = sequence(29);
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)] as T;
  const filled = new Map<number, boolean>();
  let serial = 0;
  for (const space of spaces) {
    const share = space.reservation_status === "confirmed" ? 0.9 : space.reservation_status === "reserved" ? 0.55 : 0.25;
    if (!filled.has(space.reservation_id)) filled.set(space.reservation_id, random() < share);
    if (filled.get(space.reservation_id) !== true) continue;
    serial += 1;
    const gender = space.sex === "male" || space.sex === "female" ? space.sex : random() < 0.5 ? "male" : "female";
    const code = pick(nationalities);
    const ecuadorian = code === "EC";
    const passenger = await desk.registerPassenger({
      firstName: pick(firstNames[gender]),
      lastName: pick(lastNames),
      identificationTypeId: ecuadorian ? cedula : passport,
      // the space's id makes the number unique, however often the demo is multiplied
      identification: ecuadorian ? `17${String(space.id).padStart(8, "0")}` : `${code}${String(space.id).padStart(7, "0")}`,
      birthday: birthdayBefore(space.start_date, space.child ? 4 + Math.floor(random() * 7) : 22 + Math.floor(random() * 48), random),
      countryId: countries.get(code) ?? countries.get("US") ?? null,
      gender,
      maritalStatus: space.child ? "single" : pick(["single", "married", "married", "divorced"]),
      email: space.child ? "" : `pasajero${serial}@example.com`,
      agencyId: space.agency_id,
      vegetarian: random() < 0.12,
      glutenFree: random() < 0.05,
      wetsuitSize: pick(wetsuits),
      medical: random() < 0.06 ? "Alergia a los mariscos" : "",
      requirements: random() < 0.05 ? "Cama baja, por favor" : "",
      transfers: random() < 0.3 ? "Traslado del aeropuerto de Baltra al muelle" : "",
    });
    await desk.assignPassenger(space.id, passenger);
    if (space.reservation_status !== "confirmed" || random() < 0.3) continue;
    const inbound = flights.get(random() < 0.6 ? "AV1630" : "AV1634");
    const outbound = flights.get("AV1631");
    if (inbound === undefined || outbound === undefined) continue;
    await desk.bookFlight({ passengerId: passenger, cruiseId: space.cruise_id, direction: "outbound", flightId: inbound, date: space.start_date });
    await desk.bookFlight({ passengerId: passenger, cruiseId: space.cruise_id, direction: "return", flightId: outbound, date: space.end_date });
  }
};
