import { Schema } from "effect";
import { type FieldProblem, type TextField, textProblem, textSchema } from "./fields.ts";
import { SerialId } from "./ids.ts";
import { isCalendarDay } from "./calendarDay.ts";
import type { Message } from "./messages.ts";
import { centsOf, dollarsOf } from "./cents.ts";

export { isCalendarDay };

/**
 * The fields a catalogue item has beyond its name and active flag (decision 027): a language's
 * initials, a berth's capacity, a guide's languages. A catalogue's declaration (src/records) lists
 * them once; the contract's schemas, the server's rules and read table, and the panel's form and
 * list are all built from that list.
 *
 * On the wire each is a plain value: text is a string (empty when not filled), a number or a
 * choice, a time (`HH:MM`) or a date (`YYYY-MM-DD`) is null when not filled, a colour `#rrggbb`, a flag a boolean, a reference the chosen item's id (or null),
 * references a list of ids (an id repeated as often as it is chosen, where the rule repeats), an
 * image a stored image's path (empty when none), images a list of paths (decision 031).
 */
export type DetailRule =
  | { readonly kind: "text"; readonly text: TextField }
  | {
      readonly kind: "number";
      readonly required: boolean;
      readonly minimum: number;
      readonly maximum: number;
      /** Whole numbers only (a capacity, a level), or amounts with at most two decimals. */
      readonly whole: boolean;
      /** The spec's message for a number out of range (`number 0-99`), else 'invalid information'. */
      readonly outOfRange?: Message;
      /** Another number detail this one may not be below (a range's `to` and its `from`). */
      readonly atLeast?: string;
    }
  | {
      /**
       * An amount of money (a rate, a GPS tax, a credit limit; decision 088): US dollars with at
       * most two decimals on the wire and in the forms, integer cents where it is kept (the
       * events and the read table, under `<name>Cents`: `storedDetails`, `answeredDetails`).
       */
      readonly kind: "money";
      readonly required: boolean;
      /** The largest amount, in cents; the smallest is zero. */
      readonly maximumCents: number;
      /** The spec's message for an amount below zero, too large or with more than two decimals, else 'invalid information'. */
      readonly outOfRange?: Message;
    }
  | { readonly kind: "choice"; readonly required: boolean; readonly options: ReadonlyArray<string> }
  | { readonly kind: "colour" }
  | {
      /** A time of day, `HH:MM` on a 24-hour clock (a flight's departure). */
      readonly kind: "time";
      readonly required: boolean;
      /** The spec's message when it is missing (`select a flight time`). */
      readonly unselected?: Message;
    }
  | {
      /** A calendar day, `YYYY-MM-DD` (a departure's start). */
      readonly kind: "date";
      readonly required: boolean;
    }
  | { readonly kind: "flag" }
  | {
      readonly kind: "reference";
      /** The resource of the catalogue chosen from (`companies`). */
      readonly catalogue: string;
      readonly required: boolean;
      /** The spec's message when none or no live item is chosen (`select a company`). */
      readonly unselected?: Message;
      /**
       * A reference detail of this item that the chosen item must share: a cabin's deck is one of
       * the cabin's yacht (`within: "yacht"`).
       */
      readonly within?: string;
    }
  | {
      readonly kind: "references";
      readonly catalogue: string;
      /** An item may be chosen more than once, the list counting each (a cabin's two single berths). */
      readonly repeats: boolean;
    }
  | {
      /** A list of rows, each with the same cells (a cruise itinerary's day-by-day program). */
      readonly kind: "rows";
      readonly cells: ReadonlyArray<Cell>;
      readonly maxRows: number;
      /** A cell no two rows may share (a deck's plan: one row per deck). */
      readonly key?: string;
    }
  | {
      /** One stored image (a deck's plan), or none. */
      readonly kind: "image";
    }
  | {
      /** Stored images in order (a yacht's cabin photos), at most `max`. */
      readonly kind: "images";
      readonly max: number;
    };

/** The rules a row's cell may have: text, a number, a choice, a reference, an image. */
export type CellRule = Extract<DetailRule, { readonly kind: "text" | "number" | "choice" | "reference" | "image" }>;

/** One cell of a row: its name on the wire, the text key of its label, and its rule. */
export interface Cell {
  readonly name: string;
  readonly label: string;
  readonly rule: CellRule;
}

/** A row's cells by name: text, a number, a choice or an image's path, a reference's id (null when not filled). */
export type RowValue = Readonly<Record<string, string | number | null>>;

/** One declared detail: its name on the wire and its rule. */
export interface Detail {
  readonly name: string;
  readonly rule: DetailRule;
}

export type DetailValue =
  | string
  | number
  | boolean
  | null
  | ReadonlyArray<number>
  | ReadonlyArray<string>
  | ReadonlyArray<RowValue>;

/** A catalogue item's details by name, as the wire and the read table hold them. */
export type DetailValues = Readonly<Record<string, DetailValue>>;

const ReferenceId = SerialId;

/** A stored image's path below the API base: `uploads/<folder>/<sha256>.<ext>` (server/uploads/store.ts). */
export const STORED_IMAGE_PATH = /^uploads\/[a-z_]{1,40}\/[0-9a-f]{64}\.(?:jpg|png|webp|avif|gif)$/;

/** In a payload with files, `new:<n>` names the request's n-th file (0 first) in place of a stored path (decision 031). */
export const NEW_IMAGE = /^new:(\d{1,3})$/;

/** The image a multipart payload names: a stored path the record keeps, a new file, or none (empty). */
export const newImageValue = (index: number): string => `new:${index}`;

/** An image as a payload sends it: empty, a stored path or a new file; anything else is malformed. */
const ImageValue = Schema.String.check(Schema.isPattern(new RegExp(`^$|${STORED_IMAGE_PATH.source}|${NEW_IMAGE.source}`)));

/** The schema of one detail's value, as a saved item answers it. */
const valueSchema = (rule: DetailRule): Schema.Codec<DetailValue> => {
  switch (rule.kind) {
    case "text":
    case "colour":
    case "image":
      return Schema.String;
    case "images":
      return Schema.Array(Schema.String);
    case "number":
    case "money":
      return Schema.NullOr(Schema.Finite);
    case "choice":
    case "time":
    case "date":
      return Schema.NullOr(Schema.String);
    case "flag":
      return Schema.Boolean;
    case "reference":
      return Schema.NullOr(ReferenceId);
    case "references":
      return Schema.Array(ReferenceId);
    case "rows":
      return Schema.Array(rowSchema(rule.cells, valueSchema));
  }
};

/** A row's schema: each cell by its rule, as `cellSchema` reads it. */
const rowSchema = (cells: ReadonlyArray<Cell>, cellSchema: (rule: DetailRule) => Schema.Codec<DetailValue>) =>
  Schema.Struct(Object.fromEntries(cells.map(({ name, rule }) => [name, cellSchema(rule)]))) as unknown as Schema.Codec<RowValue>;

/**
 * The schema of one detail as a form sends it: text within its limit, any finite number (the rule
 * judges its range, so that the answer is the spec's message), a choice among the options, ids.
 */
const payloadSchema = (rule: DetailRule): Schema.Codec<DetailValue> => {
  switch (rule.kind) {
    case "text":
      return textSchema(rule.text);
    case "choice":
      return Schema.NullOr(Schema.Literals(rule.options));
    case "rows":
      return Schema.Array(rowSchema(rule.cells, payloadSchema));
    case "image":
      return ImageValue;
    case "images":
      return Schema.Array(ImageValue);
    default:
      return valueSchema(rule);
  }
};

/** The details' fields of an item's schema, each required: a saved item answers every one. */
export const detailFields = (details: ReadonlyArray<Detail>): Record<string, Schema.Codec<DetailValue>> =>
  Object.fromEntries(details.map(({ name, rule }) => [name, valueSchema(rule)]));

/** The details' fields of a payload's schema, each optional: one left out is its empty value. */
export const detailPayloadFields = (details: ReadonlyArray<Detail>) =>
  Object.fromEntries(details.map(({ name, rule }) => [name, Schema.optionalKey(payloadSchema(rule))]));

/** A detail's value when nothing is filled in (a new form, a payload that leaves it out). */
export const emptyValue = (rule: DetailRule): DetailValue => {
  switch (rule.kind) {
    case "text":
      return "";
    case "colour":
      // the panel's own blue, until someone picks the yacht's colour
      return "#1e6091";
    case "flag":
      return false;
    case "image":
      return "";
    case "references":
    case "rows":
    case "images":
      return [];
    default:
      return null;
  }
};

/** The details of a payload, each present: trimmed text, the empty value for one left out. */
export const detailValues = (details: ReadonlyArray<Detail>, payload: Readonly<Record<string, unknown>>): DetailValues =>
  Object.fromEntries(
    details.map(({ name, rule }) => {
      const value = payload[name] as DetailValue | undefined;
      if (value === undefined) return [name, emptyValue(rule)];
      return [name, typeof value === "string" && rule.kind === "text" ? value.trim() : value];
    }),
  );

/**
 * The cents of an amount of dollars as the wire carries it (a JSON number), read from the digits
 * JSON wrote, never multiplied as a binary fraction; null when it has more than two decimals (or
 * is written with an exponent: no amount).
 */
export const centsOfAmount = (dollars: number): number | null => centsOf(String(dollars));

/**
 * What is wrong with one detail's value, judged alone: a missing required value, a malformed text,
 * a number out of its range or not whole. Whether a referenced item exists is a fact the server
 * loads (`unselectedReferences`).
 */
export const detailProblem = (rule: DetailRule, value: DetailValue): FieldProblem | null => {
  switch (rule.kind) {
    case "text":
      return textProblem(rule.text, typeof value === "string" ? value : "");
    case "number": {
      if (value === null) return rule.required ? "required" : null;
      if (typeof value !== "number") return "invalid";
      const inRange = value >= rule.minimum && value <= rule.maximum;
      return inRange && (rule.whole ? Number.isInteger(value) : centsOfAmount(value) !== null) ? null : "invalid";
    }
    case "money": {
      if (value === null) return rule.required ? "required" : null;
      const cents = typeof value === "number" ? centsOfAmount(value) : null;
      return cents !== null && cents >= 0 && cents <= rule.maximumCents ? null : "invalid";
    }
    case "choice":
      if (value === null || value === "") return rule.required ? "required" : null;
      return typeof value === "string" && rule.options.includes(value) ? null : "invalid";
    case "colour":
      return typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value) ? null : "invalid";
    case "time":
      if (value === null || value === "") return rule.required ? "required" : null;
      return typeof value === "string" && /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : "invalid";
    case "date":
      if (value === null || value === "") return rule.required ? "required" : null;
      return typeof value === "string" && isCalendarDay(value) ? null : "invalid";
    case "reference":
      return value === null && rule.required ? "required" : null;
    case "references": {
      const ids = Array.isArray(value) ? value : [];
      const repeated = new Set(ids).size !== ids.length;
      return ids.length > MAX_REFERENCES || (repeated && !rule.repeats) ? "invalid" : null;
    }
    case "image":
      return typeof value === "string" && (value === "" || STORED_IMAGE_PATH.test(value) || NEW_IMAGE.test(value)) ? null : "invalid";
    case "images": {
      const images = Array.isArray(value) ? value : [];
      if (images.length > rule.max) return "invalid";
      return images.every((image) => typeof image === "string" && image !== "" && detailProblem({ kind: "image" }, image) === null) ? null : "invalid";
    }
    case "rows": {
      const rows = (Array.isArray(value) ? value : []) as ReadonlyArray<RowValue>;
      if (rows.length > rule.maxRows) return "invalid";
      const keys = rule.key === undefined ? [] : rows.map((row) => row[rule.key ?? ""] ?? null).filter((key) => key !== null);
      if (new Set(keys).size !== keys.length) return "invalid";
      // the rows' first problem is the list's: a blank cell 'required', else a malformed one
      const problems = rows.flatMap((row) => rule.cells.map(({ name, rule: cell }) => detailProblem(cell, row[name] ?? emptyValue(cell))));
      return problems.find((problem) => problem === "required") ?? problems.find((problem) => problem !== null) ?? null;
    }
    default:
      return null;
  }
};

/** More than any list of references needs (a guide's languages, a cabin's berths). */
const MAX_REFERENCES = 50;

/**
 * The message a problem of this detail is answered with: its rule's own message where the spec
 * names one (`number 0-99`, `select a company`), else none (the generic one for the problem).
 */
export const detailMessage = (rule: DetailRule, problem: FieldProblem): Message | null => {
  if ((rule.kind === "number" || rule.kind === "money") && problem === "invalid") return rule.outOfRange ?? null;
  if (rule.kind === "reference") return rule.unselected ?? null;
  if (rule.kind === "time" && problem === "required") return rule.unselected ?? null;
  return null;
};

/** Each detail's problem, by name. */
export const detailProblems = (
  details: ReadonlyArray<Detail>,
  values: DetailValues,
): Readonly<Record<string, FieldProblem>> => {
  const problems: Record<string, FieldProblem> = {};
  for (const { name, rule } of details) {
    const problem = detailProblem(rule, values[name] ?? emptyValue(rule)) ?? orderProblem(rule, values[name], values);
    if (problem !== null) problems[name] = problem;
  }
  return problems;
};

/** A number below the detail it must be at least (a passenger range whose `to` is under its `from`). */
const orderProblem = (rule: DetailRule, value: DetailValue | undefined, values: DetailValues): FieldProblem | null => {
  if (rule.kind !== "number" || rule.atLeast === undefined) return null;
  const floor = values[rule.atLeast];
  return typeof value === "number" && typeof floor === "number" && value < floor ? "invalid" : null;
};

/** The ids a detail's value points at (none for a detail that is no reference). */
export const referencedIds = (rule: DetailRule, value: DetailValue): ReadonlyArray<number> => {
  if (rule.kind === "reference") return typeof value === "number" ? [value] : [];
  if (rule.kind === "references") return Array.isArray(value) ? (value as ReadonlyArray<number>) : [];
  return [];
};

/** Each row's cell `cell`, as a value of its own (a crew member's nationality). */
export const cellValues = (value: DetailValue, cell: string): ReadonlyArray<DetailValue> =>
  (Array.isArray(value) ? (value as ReadonlyArray<RowValue>) : []).map((row) => (typeof row === "object" && row !== null ? (row[cell] ?? null) : null));

/**
 * The references of a detail, a cell of its rows each counted too (a deck plan's decks): the
 * catalogue each points at, the ids chosen, and the reference detail they must share.
 */
export const referencesOf = (
  rule: DetailRule,
  value: DetailValue,
): ReadonlyArray<{ readonly catalogue: string; readonly ids: ReadonlyArray<number>; readonly within: string | null }> => {
  if (rule.kind === "reference") return [{ catalogue: rule.catalogue, ids: referencedIds(rule, value), within: rule.within ?? null }];
  if (rule.kind === "references") return [{ catalogue: rule.catalogue, ids: referencedIds(rule, value), within: null }];
  if (rule.kind !== "rows") return [];
  return rule.cells.flatMap(({ name, rule: cell }) =>
    cell.kind === "reference"
      ? [{ catalogue: cell.catalogue, ids: cellValues(value, name).flatMap((id) => (typeof id === "number" ? [id] : [])), within: cell.within ?? null }]
      : [],
  );
};

/** The stored images a detail's value names (a cell of its rows too): what it keeps in use. */
export const imagesOf = (rule: DetailRule, value: DetailValue): ReadonlyArray<string> => {
  const named = (values: ReadonlyArray<unknown>) => values.filter((path): path is string => typeof path === "string" && path !== "");
  if (rule.kind === "image") return named([value]);
  if (rule.kind === "images") return named(Array.isArray(value) ? value : []);
  if (rule.kind !== "rows") return [];
  return rule.cells.flatMap(({ name, rule: cell }) => (cell.kind === "image" ? named(cellValues(value, name)) : []));
};

/** How a reference is chosen: required (default), its message when unselected, the detail it shares. */
export interface ReferenceOptions {
  readonly required?: boolean;
  readonly unselected?: Message;
  readonly within?: string;
}

/** Where a detail is kept in an item's stored details: an amount of money as its cents, under `<name>Cents` (decision 088). */
export const storedName = ({ name, rule }: Detail): string => (rule.kind === "money" ? `${name}Cents` : name);

/**
 * The details as an item's events and read table keep them (decision 088): each amount of money
 * in integer cents under `<name>Cents`, the others as the wire has them. The values are judged
 * first (`detailProblems`): an amount here has at most two decimals.
 */
export const storedDetails = (details: ReadonlyArray<Detail>, values: DetailValues): DetailValues =>
  Object.fromEntries(
    details.map((detail) => {
      const value = values[detail.name] ?? emptyValue(detail.rule);
      return [storedName(detail), detail.rule.kind === "money" && typeof value === "number" ? centsOfAmount(value) : value];
    }),
  );

/**
 * Stored details as the wire answers them: each declared detail under its name, an amount of
 * money in dollars from its cents, the empty value for one never set. The one place stored cents
 * become the wire's dollars (and `storedDetails` the way back).
 */
export const answeredDetails = (details: ReadonlyArray<Detail>, stored: Readonly<Record<string, unknown>>): DetailValues =>
  Object.fromEntries(
    details.map((detail) => {
      const value = stored[storedName(detail)];
      if (detail.rule.kind === "money") return [detail.name, typeof value === "number" ? dollarsOf(value) : null];
      return [detail.name, (value ?? emptyValue(detail.rule)) as DetailValue];
    }),
  );

/** Rule builders, so that a declaration reads as the domain reads. */
export const detail = {
  text: (text: TextField): DetailRule => ({ kind: "text", text }),
  number: (options: Omit<Extract<DetailRule, { kind: "number" }>, "kind">): DetailRule => ({ kind: "number", ...options }),
  /** An amount of US dollars from zero to `maximumCents`, kept in cents (decision 088). */
  money: (options: Omit<Extract<DetailRule, { kind: "money" }>, "kind">): DetailRule => ({ kind: "money", ...options }),
  choice: (options: ReadonlyArray<string>, required = true): DetailRule => ({ kind: "choice", required, options }),
  time: (options: { readonly required?: boolean; readonly unselected?: Message } = {}): DetailRule => ({
    kind: "time",
    required: options.required ?? true,
    ...(options.unselected === undefined ? {} : { unselected: options.unselected }),
  }),
  date: (options: { readonly required?: boolean } = {}): DetailRule => ({ kind: "date", required: options.required ?? true }),
  flag: (): DetailRule => ({ kind: "flag" }),
  colour: (): DetailRule => ({ kind: "colour" }),
  reference: (catalogue: string, options: ReferenceOptions = {}): DetailRule => ({
    kind: "reference",
    catalogue,
    required: options.required ?? true,
    ...(options.unselected === undefined ? {} : { unselected: options.unselected }),
    ...(options.within === undefined ? {} : { within: options.within }),
  }),
  references: (catalogue: string, options: { readonly repeats?: boolean } = {}): DetailRule => ({
    kind: "references",
    catalogue,
    repeats: options.repeats ?? false,
  }),
  rows: (cells: ReadonlyArray<Cell>, maxRows: number, key?: string): DetailRule => ({
    kind: "rows",
    cells,
    maxRows,
    ...(key === undefined ? {} : { key }),
  }),
  image: (): DetailRule => ({ kind: "image" }),
  images: (max: number): DetailRule => ({ kind: "images", max }),
} as const;
