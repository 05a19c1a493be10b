/**
 * A reservation's passengers from a spreadsheet (DOMAIN.md section 7): each row is registered as
 * the form would register it (or found by its identification) and given the reservation's first
 * space without a passenger that the space machine accepts for it, in the row's cabin when it
 * names one. Each row is its own transaction, so the report says what became of every row and a
 * refused row changes nothing.
 */
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { ApiError } from "../../src/api/errors.ts";
import type { ReservationId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { headerKey, identificationKey, type ImportReport, type ImportRow, type Passenger, type PassengerDraft } from "../../src/api/passengers.ts";
import { spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { judge } from "../../src/machines/domain/verdict.ts";
import { countries, identificationTypes } from "../../src/records/referenceData.ts";
import { listItems } from "../catalogues/items.ts";
import type { Database, Queryable } from "../db/database.ts";
import { IdRow, queryOne } from "../db/rows.ts";
import type { UploadedFile } from "../http/multipart.ts";
import { decideReservation, lockReservation } from "../reservations/decide.ts";
import { commandOptions } from "../reservations/facts.ts";
import { findReservation } from "../reservations/reads.ts";
import { type AssignedSpace, assignLocked, assignmentFacts, createPassenger, type PassengerCaller, spacesOf, visiblePassenger } from "./passengers.ts";
import { type SheetRow, sheetDay } from "./sheet.ts";
import type { SheetReader, SheetReadingResult } from "./sheets.ts";

/** The values a sheet may write for a choice, as `headerKey` reads them. */
const choiceWords: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  gender: { m: "male", male: "male", masculino: "male", hombre: "male", h: "male", f: "female", female: "female", femenino: "female", mujer: "female" },
  maritalStatus: {
    single: "single",
    soltero: "single",
    soltera: "single",
    married: "married",
    casado: "married",
    casada: "married",
    divorced: "divorced",
    divorciado: "divorced",
    divorciada: "divorced",
    widower: "widower",
    widow: "widower",
    widowed: "widower",
    viudo: "widower",
    viuda: "widower",
  },
};

const yes = new Set(["si", "s", "yes", "y", "x", "true", "1"]);

/** The catalogue items a sheet names by text: identification types and countries. */
interface Lookups {
  readonly identificationTypes: ReadonlyArray<CatalogueItem>;
  readonly countries: ReadonlyArray<CatalogueItem>;
}

/** The live item a sheet's text names (its name, or a country's English name or ISO code), or none. */
const itemNamed = (items: ReadonlyArray<CatalogueItem>, text: string | undefined): number | null => {
  if (text === undefined) return null;
  const key = headerKey(text);
  const found = items.find(
    (item) => item.active && [item.name, item.englishName, item.code].some((name) => typeof name === "string" && name !== "" && headerKey(name) === key),
  );
  return found?.id ?? null;
};

/** A choice as the sheet writes it, or the text itself (which the rules then refuse). */
const choiceOf = (field: string, text: string | undefined): string | null =>
  text === undefined ? null : (choiceWords[field]?.[headerKey(text)] ?? (text.trim() === "" ? null : text.trim()));

/**
 * A row as the passenger's draft: texts as written, choices and flags as the sheet's words mean,
 * references by name; an item the sheet names that does not exist is malformed.
 */
const draftOf = (cells: SheetRow["cells"], lookups: Lookups, agencyId: number | null): PassengerDraft => {
  const reference = (items: ReadonlyArray<CatalogueItem>, text: string | undefined): number | null =>
    text === undefined ? null : (itemNamed(items, text) ?? 0);
  return {
    firstName: cells.firstName ?? "",
    lastName: cells.lastName ?? "",
    identificationTypeId: reference(lookups.identificationTypes, cells.identificationType),
    identification: cells.identification ?? "",
    birthday: cells.birthday === undefined ? null : sheetDay(cells.birthday),
    countryId: reference(lookups.countries, cells.country),
    gender: choiceOf("gender", cells.gender),
    maritalStatus: choiceOf("maritalStatus", cells.maritalStatus),
    email: cells.email ?? "",
    agencyId,
    vegetarian: yes.has(headerKey(cells.vegetarian ?? "")),
    glutenFree: yes.has(headerKey(cells.glutenFree ?? "")),
    wetsuitSize: cells.wetsuitSize === undefined ? null : cells.wetsuitSize.trim().toUpperCase(),
    medical: cells.medical ?? "",
    requirements: cells.requirements ?? "",
    transfers: cells.transfers ?? "",
    notes: cells.notes ?? "",
  };
};

/**
 * The passenger a row's identification already names, when the caller may see it (another
 * agency's is not found: registering the row again is refused as a taken identification).
 */
const registered = async (tx: Queryable, draft: PassengerDraft, caller: PassengerCaller): Promise<Passenger | null> => {
  if (typeof draft.identificationTypeId !== "number" || (draft.identification ?? "") === "") return null;
  const found = await queryOne(tx, IdRow, "select id from passengers where identification_type_id = $1 and identification = $2", [
    draft.identificationTypeId,
    identificationKey(draft.identification ?? ""),
  ]);
  return found === null ? null : visiblePassenger(tx, found.id, caller.session);
};

/**
 * The space a passenger takes: the first live one without a passenger that the space machine
 * accepts for them, in the row's cabin first. None free: the reservation machine refuses
 * (`all cabins information filled`); none accepted: the refusal most of the free spaces gave (a
 * man refused by two women's spaces and a child's hears of their gender).
 */
const spaceFor = async (tx: Queryable, reservationId: number, spaces: ReadonlyArray<AssignedSpace>, passenger: Passenger, cabin: string | undefined, day: string, caller: PassengerCaller) => {
  const free = spaces.filter((space) => space.status !== "canceled" && space.passenger_id === null);
  if (free.length === 0) {
    const live = spaces.filter((space) => space.status !== "canceled");
    await decideReservation(tx, reservationId, { type: "space.assign", spaceId: 0, passengerId: passenger.id }, commandOptions(caller), {
      spaces: live.map((space) => ({ id: space.id, cabinId: space.cabin_id, genderId: space.gender_id, passengerId: space.passenger_id })),
    });
  }
  const inCabin = cabin === undefined ? [] : free.filter((space) => headerKey(space.cabin_name) === headerKey(cabin));
  const candidates = [...inCabin, ...free.filter((space) => !inCabin.includes(space))];
  const refusals: ApiError[] = [];
  for (const space of candidates) {
    const verdict = judge(spaceMachine, space.status, { type: "space.assign", passengerId: passenger.id }, await assignmentFacts(tx, space, passenger, day));
    if (verdict.kind === "accepted") return space;
    if (verdict.kind === "refused") refusals.push(new ApiError(verdict.refusal.status, verdict.refusal.message));
  }
  const count = (refusal: ApiError) => refusals.filter((other) => other.message === refusal.message).length;
  throw refusals.reduce<ApiError | null>((most, refusal) => (most === null || count(refusal) > count(most) ? refusal : most), null) ?? new ApiError(409, messages.notAllowedNow);
};

/** One row in its own transaction: registered or found, then assigned; a refusal rolls the row back. */
const importRow = async (db: Database, reservationId: ReservationId, row: SheetRow, lookups: Lookups, caller: PassengerCaller): Promise<ImportRow> => {
  const name = [row.cells.firstName, row.cells.lastName].filter((part) => part !== undefined).join(" ");
  try {
    return await db.transaction(async (tx) => {
      const { reservation, departure } = await lockReservation(tx, reservationId, caller.session);
      const draft = draftOf(row.cells, lookups, reservation.agencyId);
      const found = await registered(tx, draft, caller);
      const passenger = found ?? (await createPassenger(tx, draft, caller));
      const spaces = await spacesOf(tx, reservation.id);
      const already = spaces.find((space) => space.passenger_id === passenger.id && space.status !== "canceled");
      const space = already ?? (await spaceFor(tx, reservation.id, spaces, passenger, row.cells.cabin, departure.start_date, caller));
      if (already === undefined) await assignLocked(tx, reservation.id, space, passenger, departure.start_date, caller);
      return {
        row: row.row,
        outcome: "assigned",
        name: `${passenger.firstName} ${passenger.lastName}`,
        message: null,
        passengerId: passenger.id,
        registered: found === null,
        cabinName: space.cabin_name,
      } satisfies ImportRow;
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { row: row.row, outcome: "refused", name, message: error.message, passengerId: null, registered: false, cabinName: null };
  }
};

/** A limit a sheet passed, as the refusal that names it (decision 059). */
const limitRefusals = {
  rows: messages.importTooManyRows,
  columns: messages.importTooManyColumns,
  size: messages.importTooLarge,
  memory: messages.importOutOfMemory,
} as const;

/** The sheet's rows, or the refusal of a file that is no sheet (400) or passes a limit (413). */
const rowsOf = (reading: SheetReadingResult): ReadonlyArray<SheetRow> => {
  switch (reading.kind) {
    case "rows":
      // a sheet with a known header and no row has nothing to import
      if (reading.rows.length === 0) throw new ApiError(400, messages.invalidInput);
      return reading.rows;
    case "unreadable":
      throw new ApiError(400, messages.invalidInput);
    case "overLimit":
      throw new ApiError(413, limitRefusals[reading.limit]);
  }
};

/**
 * Imports a sheet of passengers into a reservation the caller may see (404 otherwise); a file
 * that is no XLSX or CSV sheet with known headers is malformed, one past a limit too large.
 */
const importPassengers = async (db: Database, reservationId: ReservationId, file: UploadedFile | undefined, caller: PassengerCaller, sheets: SheetReader): Promise<ImportReport> => {
  if ((await findReservation(db, reservationId, caller.session)) === null) throw new ApiError(404, messages.notFound);
  if (file === undefined) throw new ApiError(400, messages.invalidInput);
  const rows = rowsOf(await sheets.read(file.bytes));
  const lookups: Lookups = { identificationTypes: await listItems(db, identificationTypes), countries: await listItems(db, countries) };
  const report: ImportRow[] = [];
  for (const row of rows) report.push(await importRow(db, reservationId, row, lookups, caller));
  return { rows: report };
};

/**
 * Imports sheets one at a time per user: a second import while the first is read or its rows
 * written is refused with 429 (decision 059), so no user can queue hostile files for every
 * other user to wait behind.
 */
export const createPassengerImports = (sheets: SheetReader) => {
  const running = new Set<number>();
  return async (db: Database, reservationId: ReservationId, file: UploadedFile | undefined, caller: PassengerCaller): Promise<ImportReport> => {
    const user = caller.session.userId;
    if (running.has(user)) throw new ApiError(429, messages.importRunning);
    running.add(user);
    try {
      return await importPassengers(db, reservationId, file, caller, sheets);
    } finally {
      running.delete(user);
    }
  };
};
