import { Schema } from "effect";
import { type Detail, type DetailValues, detail, detailPayloadFields, detailProblems, isCalendarDay } from "./details.ts";
import { anySignedIn, endpoint, MessageAnswer, recordEndpoints } from "./endpoint.ts";
import { emailField, type FieldProblems, textField } from "./fields.ts";
import { CruiseId, idParams, Int4, PassengerFlightId, PassengerId, PositiveIntFromText, ReservationId, SerialId, SerialIdFromText, SpaceId } from "./ids.ts";
import { RecordVersion } from "./versions.ts";

/**
 * Passengers and their flights (DOMAIN.md sections 7 and 9). A passenger's fields are declared
 * details (decision 027), so the same rules judge the panel's form, the spreadsheet import and
 * the server's command, and the panel draws the form with the catalogues' inputs.
 */
export const passengerGenders = ["male", "female"] as const;
export type PassengerGender = (typeof passengerGenders)[number];

/** The Galápagos migration form's marital statuses (SPEC.md section 3). */
export const maritalStatuses = ["single", "married", "divorced", "widower"] as const;

/** The wetsuit sizes the yachts carry. */
export const wetsuitSizes = ["XS", "S", "M", "L", "XL", "XXL"] as const;

const longText = textField(1000);

export const passengerDetails: ReadonlyArray<Detail> = [
  { name: "firstName", rule: detail.text(textField(120, { required: true })) },
  { name: "lastName", rule: detail.text(textField(120, { required: true })) },
  { name: "identificationTypeId", rule: detail.reference("identificationTypes") },
  { name: "identification", rule: detail.text(textField(30, { required: true })) },
  { name: "birthday", rule: detail.date() },
  { name: "countryId", rule: detail.reference("countries") },
  { name: "gender", rule: detail.choice(passengerGenders) },
  { name: "maritalStatus", rule: detail.choice(maritalStatuses, false) },
  { name: "email", rule: detail.text(emailField({ required: false })) },
  /** The agency whose passenger it is; null: the operator's direct client. An agency user's passengers are always its agency's. */
  { name: "agencyId", rule: detail.reference("agencies", { required: false }) },
  { name: "vegetarian", rule: detail.flag() },
  { name: "glutenFree", rule: detail.flag() },
  { name: "wetsuitSize", rule: detail.choice(wetsuitSizes, false) },
  { name: "medical", rule: detail.text(longText) },
  { name: "requirements", rule: detail.text(longText) },
  { name: "transfers", rule: detail.text(longText) },
  { name: "payments", rule: detail.text(longText) },
  { name: "notes", rule: detail.text(longText) },
];

/** A passenger's fields as `createPassenger` sends them; one left out is blank (and refused when required). */
export interface PassengerDraft {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly identificationTypeId?: number | null;
  readonly identification?: string;
  readonly birthday?: string | null;
  readonly countryId?: number | null;
  readonly gender?: string | null;
  readonly maritalStatus?: string | null;
  readonly email?: string;
  readonly agencyId?: number | null;
  readonly vegetarian?: boolean;
  readonly glutenFree?: boolean;
  readonly wetsuitSize?: string | null;
  readonly medical?: string;
  readonly requirements?: string;
  readonly transfers?: string;
  readonly payments?: string;
  readonly notes?: string;
}

// the schema is built from the declared details; its type is the one above
export const PassengerDraft = Schema.Struct(detailPayloadFields(passengerDetails)) as unknown as Schema.Codec<PassengerDraft>;
const PassengerEdit = Schema.Struct({ ...detailPayloadFields(passengerDetails), version: RecordVersion }) as unknown as Schema.Codec<
  PassengerDraft & { readonly version: RecordVersion }
>;

/** An identification as it is compared and kept: without spaces, in capitals (`ab 12 34` is `AB1234`). */
export const identificationKey = (text: string): string => text.replace(/\s+/g, "").toUpperCase();

/** The earliest birthday taken: anything before is a typing mistake. */
const EARLIEST_BIRTHDAY = "1900-01-01";

/**
 * Each field's problem judged alone, and a birthday that is not yet (on `today`, `YYYY-MM-DD`)
 * or before 1900.
 */
export const passengerDraftProblems = (values: DetailValues, today: string): FieldProblems => {
  const problems = { ...detailProblems(passengerDetails, values) };
  const { birthday } = values;
  if (problems.birthday === undefined && typeof birthday === "string" && (birthday > today || birthday < EARLIEST_BIRTHDAY)) {
    problems.birthday = "invalid";
  }
  return problems;
};

/** The age in whole years on a day (`YYYY-MM-DD` both): a birthday on the day counts. */
export const ageOn = (birthday: string, day: string): number => {
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return day.slice(5) >= birthday.slice(5) ? years : years - 1;
};

/** Under this age on the day of departure, a passenger travels in a Child space (SPEC.md section 8). */
export const CHILD_AGE = 12;

const Day = Schema.String;

export const Passenger = Schema.Struct({
  id: PassengerId,
  firstName: Schema.String,
  lastName: Schema.String,
  identificationTypeId: SerialId,
  identificationTypeName: Schema.String,
  identification: Schema.String,
  birthday: Day,
  countryId: SerialId,
  countryName: Schema.String,
  countryEnglishName: Schema.String,
  gender: Schema.Literals(passengerGenders),
  maritalStatus: Schema.NullOr(Schema.String),
  email: Schema.String,
  agencyId: Schema.NullOr(SerialId),
  agencyName: Schema.NullOr(Schema.String),
  vegetarian: Schema.Boolean,
  glutenFree: Schema.Boolean,
  wetsuitSize: Schema.NullOr(Schema.String),
  medical: Schema.String,
  requirements: Schema.String,
  transfers: Schema.String,
  payments: Schema.String,
  notes: Schema.String,
  version: Int4,
});
export type Passenger = typeof Passenger.Type;

export const FlightDirection = Schema.Literals(["outbound", "return"]);
export type FlightDirection = typeof FlightDirection.Type;

/** A flight leg booked for a passenger on a departure, priced by its air-ticket rate. */
export const PassengerFlight = Schema.Struct({
  id: PassengerFlightId,
  direction: FlightDirection,
  flightId: SerialId,
  /** The flight's code and route: `AV1630 · GYE → GPS`. */
  flightName: Schema.String,
  date: Day,
  time: Schema.String,
  /** What the leg costs the passenger: the air-ticket rate's adult or child fare. */
  total: Schema.Finite,
});
export type PassengerFlight = typeof PassengerFlight.Type;

/** A departure the passenger sails (or sailed), through one space of a reservation, with its flight legs. */
export const PassengerCruise = Schema.Struct({
  spaceId: SpaceId,
  spaceState: Schema.Literals(["reserved", "waiting", "confirmed", "canceled"]),
  reservationId: ReservationId,
  reservationCode: Schema.String,
  cruiseId: CruiseId,
  cruiseCode: Schema.String,
  yachtName: Schema.String,
  startDate: Day,
  endDate: Day,
  cabinName: Schema.String,
  genderName: Schema.String,
  flights: Schema.Array(PassengerFlight),
});
export type PassengerCruise = typeof PassengerCruise.Type;

/** A passenger with the departures they sail. */
export const PassengerRecord = Schema.Struct({ ...Passenger.fields, cruises: Schema.Array(PassengerCruise) });
export type PassengerRecord = typeof PassengerRecord.Type;


export const DEFAULT_PASSENGERS_PAGE_SIZE = 50;

/** The orders a page of passengers can be read in (`sort`), besides by name. */
export const PassengersSort = Schema.Literals(["name", "identification", "nationality", "birthday", "agency"]);
export type PassengersSort = typeof PassengersSort.Type;

export const PassengersQuery = Schema.Struct({
  /** Words of the names, the identification or the email. */
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  agencyId: Schema.optionalKey(SerialIdFromText),
  /** The column the page is ordered by (ties by name); without it, by last and first name. */
  sort: Schema.optionalKey(PassengersSort),
  /** Ascending unless `desc`; only with `sort`. */
  order: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  page: Schema.optionalKey(PositiveIntFromText),
  pageSize: Schema.optionalKey(PositiveIntFromText.check(Schema.isLessThanOrEqualTo(200))),
});
export type PassengersQuery = typeof PassengersQuery.Type;

/** A space's passenger: a passenger's id, or null to leave the space without one. */
export const PassengerAssignment = Schema.Struct({ passengerId: Schema.NullOr(SerialId) });

/** A flight leg asked for: the time is the flight's own unless given (`HH:MM`). */
export const PassengerFlightDraft = Schema.Struct({
  passengerId: SerialId,
  cruiseId: SerialId,
  direction: FlightDirection,
  flightId: Schema.NullOr(SerialId),
  date: Schema.NullOr(Schema.String),
  time: Schema.optionalKey(Schema.NullOr(Schema.String)),
});
export type PassengerFlightDraft = typeof PassengerFlightDraft.Type;

/** Whether a leg's time is one: `HH:MM` on a 24-hour clock. */
export const isTimeOfDay = (text: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** A leg's own problem: no flight or day, a day or time that is none. */
export const legProblem = (draft: PassengerFlightDraft): "required" | "invalid" | null => {
  if (draft.flightId === null || draft.date === null || draft.date === "") return "required";
  if (!isCalendarDay(draft.date)) return "invalid";
  if (draft.time !== undefined && draft.time !== null && draft.time !== "" && !isTimeOfDay(draft.time)) return "invalid";
  return null;
};

/** What became of one row of an imported spreadsheet. */
export const ImportOutcome = Schema.Literals(["assigned", "refused"]);

export const ImportRow = Schema.Struct({
  /** The row's number in the sheet (the header is row 1). */
  row: Int4,
  outcome: ImportOutcome,
  /** The passenger's name as the row gives it. */
  name: Schema.String,
  /** Why the row was refused: one of the server's messages. */
  message: Schema.NullOr(Schema.String),
  /** The column (an `importColumns` name) whose cell the refusal is about; null when it is about no one cell (no free space left). */
  column: Schema.NullOr(Schema.String),
  passengerId: Schema.NullOr(PassengerId),
  /** Whether the passenger was registered by this row (else one already registered was found by identification). */
  registered: Schema.Boolean,
  cabinName: Schema.NullOr(Schema.String),
});
export type ImportRow = typeof ImportRow.Type;

export const ImportReport = Schema.Struct({ rows: Schema.Array(ImportRow) });
export type ImportReport = typeof ImportReport.Type;

/**
 * The columns an imported sheet may have, by the field each fills, with the headers taken for it:
 * the form's labels in Spanish and English (the panel's template uses them) and common variants,
 * compared without case, accents, spaces or punctuation (`headerKey`). `cabin` names the
 * reservation's cabin the passenger sleeps in.
 */
export const importColumns: ReadonlyArray<{ readonly name: string; readonly label: string; readonly headers: ReadonlyArray<string> }> = [
  { name: "firstName", label: "detail.firstName", headers: ["firstName", "first", "nombre", "nombres", "name"] },
  { name: "lastName", label: "detail.lastName", headers: ["lastName", "last", "apellido", "apellidos", "surname"] },
  {
    name: "identificationType",
    label: "detail.identificationType",
    headers: ["identificationType", "tipo de identificación", "tipo identificación", "tipo de documento", "document type"],
  },
  {
    name: "identification",
    label: "detail.identification",
    headers: ["identification", "identificación", "número de identificación", "identification number", "documento", "pasaporte", "passport"],
  },
  { name: "birthday", label: "detail.birthday", headers: ["birthday", "fecha de nacimiento", "nacimiento", "date of birth", "birth date"] },
  { name: "country", label: "detail.country", headers: ["country", "país", "nacionalidad", "nationality"] },
  { name: "gender", label: "detail.gender", headers: ["gender", "sexo", "género", "sex"] },
  { name: "maritalStatus", label: "detail.maritalStatus", headers: ["maritalStatus", "estado civil", "marital status"] },
  { name: "email", label: "detail.email", headers: ["email", "correo", "correo electrónico", "e-mail"] },
  { name: "cabin", label: "passengers.cabinColumn", headers: ["cabin", "cabina"] },
  { name: "vegetarian", label: "detail.vegetarian", headers: ["vegetarian", "vegetariano"] },
  { name: "glutenFree", label: "detail.glutenFree", headers: ["glutenFree", "sin gluten", "gluten free"] },
  { name: "wetsuitSize", label: "detail.wetsuitSize", headers: ["wetsuitSize", "wetsuit", "talla de traje de neopreno", "talla de traje", "wetsuit size"] },
  { name: "medical", label: "detail.medical", headers: ["medical", "notas médicas", "médicas", "medical notes"] },
  { name: "requirements", label: "detail.requirements", headers: ["requirements", "requerimientos"] },
  { name: "transfers", label: "detail.transfers", headers: ["transfers", "traslados"] },
  { name: "notes", label: "detail.notes", headers: ["notes", "notas"] },
];

/**
 * The columns whose cells are one of a few words, with the values they mean: the panel's own
 * words for them in either language (the template's "Casado(a)", "Female", "Sí") are taken, in
 * any case and with or without accents (decision 075).
 */
export const importChoices: Readonly<Record<string, ReadonlyArray<string>>> = {
  gender: passengerGenders,
  maritalStatus: maritalStatuses,
  wetsuitSize: wetsuitSizes,
  vegetarian: ["yes", "no"],
  glutenFree: ["yes", "no"],
};

/** A header or a value as an import compares it: lower case, without accents, spaces or punctuation. */
export const headerKey = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The most rows one import takes: a yacht's berths several times over. */
export const MAX_IMPORT_ROWS = 200;

/** The farthest column an imported sheet may use: its columns several times over (decision 059). */
export const MAX_IMPORT_COLUMNS = 100;

/**
 * The most text an imported sheet may hold, once uncompressed: 200 full rows are a few hundred
 * kilobytes, and a zip can inflate a few kilobytes to gigabytes (decision 059).
 */
export const MAX_SHEET_MB = 20;

/** The heap a sheet's reading may use, in its worker (decision 059). */
export const IMPORT_MEMORY_MB = 128;

const readers = anySignedIn;
/** Staff who sell, and agencies (their own agency's only). */
const writers = { kind: "session", roles: ["admin", "sales", "agency"] } as const;

const passengers = recordEndpoints({ resource: "passengers", singular: "Passenger", id: PassengerId, readers, writers });

export const listPassengers = passengers.list({
  query: PassengersQuery,
  response: Schema.Array(Passenger),
  description:
    "One page of passengers (meta: total, page, pageSize) by last and first name or by `sort` (name, identification, nationality, birthday, agency) in `order` (asc, desc), matching `q` (names, identification, email) and of agency `agencyId`. An agency user sees its own agency's only.",
});

export const getPassenger = passengers.get({
  response: PassengerRecord,
  description: "One passenger with the departures they sail (space, reservation, cabin) and their flight legs; an agency user only its own agency's (else 404).",
});

export const createPassenger = passengers.create({
  body: PassengerDraft,
  response: Passenger,
  description:
    "Registers a passenger: names, identification type and number (unique: 409 'passenger identification unique'), birthday, country, gender, marital status, email, agency, diet, wetsuit size, medical notes, requirements, transfers, payments, notes. An agency user's passenger is its agency's.",
});

export const updatePassenger = passengers.update({
  body: PassengerEdit,
  description: "Changes a passenger's fields, with the version its form was loaded at.",
});

export const importPassengers = endpoint({
  name: "passengers.import",
  method: "POST",
  path: "/passengers/importPassengers/:id",
  params: idParams(ReservationId),
  response: ImportReport,
  access: writers,
  upload: { field: "file", maxFiles: 1, kind: "spreadsheet" },
  description:
    "Multipart `file`: an XLSX or CSV sheet of passengers, one a row under a header row (names, identification type and number, birthday, country, gender, and optionally marital status, email, cabin, diet, wetsuit, medical, requirements, transfers, notes; Spanish or English headers). Each row is registered (or found by its identification) and given the reservation's first space without a passenger that fits it, in its own transaction; the answer reports every row.",
});

export const assignPassenger = endpoint({
  name: "spaces.assignPassenger",
  method: "PUT",
  path: "/spaces/assignPassenger/:id",
  params: idParams(SpaceId),
  body: PassengerAssignment,
  response: MessageAnswer,
  access: writers,
  description:
    "Gives a live space its passenger (null: none). 409 'passenger gender must match the space gender', 'child under 12 on the day of departure' (a Child space needs one under 12, an adult space one who is not), 'the passenger is already on this cruise'.",
});

export const seatNewPassenger = endpoint({
  name: "spaces.newPassenger",
  method: "POST",
  path: "/spaces/newPassenger/:id",
  params: idParams(SpaceId),
  body: PassengerDraft,
  response: Passenger,
  access: writers,
  description:
    "Registers a passenger with the reservation's agency (the draft's agency is not read) and gives them the live space, in one transaction: a refusal of either (the passenger's fields, 409 'passenger identification unique', the space's 'passenger gender must match the space gender', 'child under 12 on the day of departure') writes nothing.",
});

const passengerFlights = recordEndpoints({
  resource: "passengerFlights",
  singular: "PassengerFlight",
  id: PassengerFlightId,
  readers,
  writers,
});

export const createPassengerFlight = passengerFlights.create({
  body: PassengerFlightDraft,
  description:
    "Books a passenger's outbound or return leg for a departure they sail: passengerId, cruiseId, direction, flightId, date, time (default: the flight's). Priced by the flight's air-ticket rate for the year (adult or child fare). 409 'no flight creation during the cruise' for a day strictly inside the cruise, 'flight rate not defined', 400 'select a flight time'.",
});

export const deletePassengerFlight = passengerFlights.remove({ description: "Removes a passenger's flight leg." });

export const passengerEndpoints = [
  listPassengers,
  getPassenger,
  createPassenger,
  updatePassenger,
  importPassengers,
  assignPassenger,
  seatNewPassenger,
  createPassengerFlight,
  deletePassengerFlight,
];
