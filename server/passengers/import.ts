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
import { detailValues } from "../../src/api/details.ts";
import { firstProblem } from "../../src/api/fields.ts";
import {
  headerKey,
  identificationKey,
  importChoices,
  type ImportReport,
  type ImportRow,
  type Passenger,
  type PassengerDraft,
  passengerDetails,
  passengerDraftProblems,
} from "../../src/api/passengers.ts";
import { options as englishOptions } from "../../src/i18n/en.json";
import { options as spanishOptions } from "../../src/i18n/es.json";
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

/** Words a sheet may write for a choice besides the panel's own, by column and value. */
const otherWords: Readonly<Record<string, Readonly<Record<string, ReadonlyArray<string>>>>> = {
  gender: { male: ["m", "h", "hombre", "masculino", "man"], female: ["f", "mujer", "femenino", "woman"] },
  maritalStatus: {
    single: ["soltero", "soltera"],
    married: ["casado", "casada"],
    divorced: ["divorciado", "divorciada"],
    widower: ["widow", "widowed", "viudo", "viuda"],
  },
  vegetarian: { yes: ["si", "s", "y", "x", "true", "1"], no: ["n", "false", "0"] },
  glutenFree: { yes: ["si", "s", "y", "x", "true", "1"], no: ["n", "false", "0"] },
};

/**
 * The values a sheet may write for a choice, as `headerKey` reads them, by column: the value
 * itself, the panel's word for it in Spanish and English (the template's "Casado(a)" is
 * `casadoa`), and the other common words.
 */
const choiceWords: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(importChoices).map(([column, values]) => [
    column,
    new Map(
      values.flatMap((value) =>
        [value, spanishOptions[value as keyof typeof spanishOptions], englishOptions[value as keyof typeof englishOptions], ...(otherWords[column]?.[value] ?? [])]
          .filter((word): word is string => typeof word === "string")
          .map((word) => [headerKey(word), value] as const),
      ),
    ),
  ]),
);

/** A row refused for one of its cells (or none): the refusal's status and message, and the column. */
class RowRefusal extends Error {
  constructor(
    readonly refusal: ApiError,
    readonly column: string | null,
  ) {
    super(refusal.message);
  }
}

const malformed = (column: string): RowRefusal => new RowRefusal(new ApiError(400, messages.invalidInput), column);

/** The catalogue items a sheet names by text: identification types and countries. */
interface Lookups {
  readonly identificationTypes: ReadonlyArray<CatalogueItem>;
  readonly countries: ReadonlyArray<CatalogueItem>;
}

/** The live item a sheet's text names (its name, or a country's English name or ISO code), or none. */
const itemNamed = (items: ReadonlyArray<CatalogueItem>, text: string): number | null => {
  const key = headerKey(text);
  const found = items.find(
    (item) => item.active && [item.name, item.englishName, item.code].some((name) => typeof name === "string" && name !== "" && headerKey(name) === key),
  );
  return found?.id ?? null;
};

/** A choice column's value as the sheet's word means it; blank is none; a word it does not take refuses the row at that column. */
const choiceOf = (column: string, text: string | undefined): string | null => {
  if (text === undefined || text.trim() === "") return null;
  const value = choiceWords.get(column)?.get(headerKey(text));
  if (value === undefined) throw malformed(column);
  return value;
};

/** The import's column each of the passenger's fields is read from. */
const columnOfField: Readonly<Record<string, string>> = { identificationTypeId: "identificationType", countryId: "country" };

/**
 * A row as the passenger's draft: texts as written, choices and flags as the sheet's words mean,
 * references by name; a word a choice column does not take, or an item the sheet names that
 * does not exist, refuses the row at its column.
 */
const draftOf = (cells: SheetRow["cells"], lookups: Lookups, agencyId: number | null): PassengerDraft => {
  const reference = (column: string, items: ReadonlyArray<CatalogueItem>): number | null => {
    const text = cells[column];
    if (text === undefined) return null;
    const id = itemNamed(items, text);
    if (id === null) throw malformed(column);
    return id;
  };
  const wetsuitSize = choiceOf("wetsuitSize", cells.wetsuitSize);
  return {
    firstName: cells.firstName ?? "",
    lastName: cells.lastName ?? "",
    identificationTypeId: reference("identificationType", lookups.identificationTypes),
    identification: cells.identification ?? "",
    birthday: cells.birthday === undefined ? null : sheetDay(cells.birthday),
    countryId: reference("country", lookups.countries),
    gender: choiceOf("gender", cells.gender),
    maritalStatus: choiceOf("maritalStatus", cells.maritalStatus),
    email: cells.email ?? "",
    agencyId,
    vegetarian: choiceOf("vegetarian", cells.vegetarian) === "yes",
    glutenFree: choiceOf("glutenFree", cells.glutenFree) === "yes",
    wetsuitSize,
    medical: cells.medical ?? "",
    requirements: cells.requirements ?? "",
    transfers: cells.transfers ?? "",
    notes: cells.notes ?? "",
  };
};

/**
 * The column of the field a draft's registration is refused for: the first, in the sheet's
 * order, with the problem the passenger machine answers (the same rules, `firstProblem`).
 */
const problemColumn = (draft: PassengerDraft, today: string): string | null => {
  const problems = passengerDraftProblems(detailValues(passengerDetails, { ...draft }), today);
  const problem = firstProblem(problems);
  const field = passengerDetails.find(({ name }) => problems[name] === problem)?.name;
  return field === undefined ? null : (columnOfField[field] ?? field);
};

/** The column a space's refusal is about, by the guard that refused: the passenger's sex, age, or identification. */
const columnOfGuard: Readonly<Record<string, string>> = { isGenderMismatch: "gender", isAgeMismatch: "birthday", isAlreadyOnCruise: "identification" };

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
  const refusals: RowRefusal[] = [];
  for (const space of candidates) {
    const verdict = judge(spaceMachine, space.status, { type: "space.assign", passengerId: passenger.id }, await assignmentFacts(tx, space, passenger, day));
    if (verdict.kind === "accepted") return space;
    if (verdict.kind === "refused") {
      const { status, message, guard } = verdict.refusal;
      refusals.push(new RowRefusal(new ApiError(status, message), guard === undefined ? null : (columnOfGuard[guard] ?? null)));
    }
  }
  const count = (refusal: RowRefusal) => refusals.filter((other) => other.message === refusal.message).length;
  throw refusals.reduce<RowRefusal | null>((most, refusal) => (most === null || count(refusal) > count(most) ? refusal : most), null) ?? new ApiError(409, messages.notAllowedNow);
};

/**
 * Registers a row's passenger; a refusal names the column of the field it is about, or, for a
 * row whose fields are all good, the identification (another passenger has it).
 */
const registerRow = async (tx: Queryable, draft: PassengerDraft, caller: PassengerCaller): Promise<Passenger> => {
  try {
    return await createPassenger(tx, draft, caller);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new RowRefusal(error, problemColumn(draft, caller.now.toISOString().slice(0, 10)) ?? "identification");
  }
};

/** One row in its own transaction: registered or found, then assigned; a refusal rolls the row back. */
const importRow = async (db: Database, reservationId: ReservationId, row: SheetRow, lookups: Lookups, caller: PassengerCaller): Promise<ImportRow> => {
  const name = [row.cells.firstName, row.cells.lastName].filter((part) => part !== undefined).join(" ");
  try {
    return await db.transaction(async (tx) => {
      const { reservation, departure } = await lockReservation(tx, reservationId, caller.session);
      const draft = draftOf(row.cells, lookups, reservation.agencyId);
      const found = await registered(tx, draft, caller);
      const passenger = found ?? (await registerRow(tx, draft, caller));
      const spaces = await spacesOf(tx, reservation.id);
      const already = spaces.find((space) => space.passenger_id === passenger.id && space.status !== "canceled");
      const space = already ?? (await spaceFor(tx, reservation.id, spaces, passenger, row.cells.cabin, departure.start_date, caller));
      if (already === undefined) await assignLocked(tx, reservation.id, space, passenger, departure.start_date, caller);
      return {
        row: row.row,
        outcome: "assigned",
        name: `${passenger.firstName} ${passenger.lastName}`,
        message: null,
        column: null,
        passengerId: passenger.id,
        registered: found === null,
        cabinName: space.cabin_name,
      } satisfies ImportRow;
    });
  } catch (error) {
    const refusal = error instanceof RowRefusal ? error : error instanceof ApiError ? new RowRefusal(error, null) : null;
    if (refusal === null) throw error;
    return { row: row.row, outcome: "refused", name, message: refusal.message, column: refusal.column, passengerId: null, registered: false, cabinName: null };
  }
};

/** A limit a sheet passed, as the refusal that names it (decision 059). */
const limitRefusals = {
  rows: messages.importTooManyRows,
  columns: messages.importTooManyColumns,
  size: messages.importTooLarge,
  memory: messages.importOutOfMemory,
} as const;

/** A file that is no passenger sheet, as the refusal that says what is wrong with it (decision 075). */
const faultRefusals = {
  notSheet: messages.importNotSheet,
  empty: messages.importEmpty,
  noHeader: messages.importNoHeader,
  missingColumns: messages.importMissingColumns,
} as const;

/** The sheet's rows, or the refusal of a file that is no sheet (400) or passes a limit (413). */
const rowsOf = (reading: SheetReadingResult): ReadonlyArray<SheetRow> => {
  switch (reading.kind) {
    case "rows":
      // a sheet with a known header and no row has nothing to import
      if (reading.rows.length === 0) throw new ApiError(400, messages.importNoRows);
      return reading.rows;
    case "unreadable":
      throw new ApiError(400, faultRefusals[reading.fault]);
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
  // the multipart reading drops a part without bytes: an empty file arrives as none
  if (file === undefined) throw new ApiError(400, messages.importEmpty);
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
