import type { Database } from "../server/db/database.ts";
import { tableOf } from "../server/catalogues/storage.ts";
import { createItem } from "../server/catalogues/items.ts";
import type { Detail, DetailValue } from "../src/api/details.ts";
import type { FieldValues } from "../src/machines/catalogues/catalogues.ts";
import type { CatalogueDeclaration } from "../src/records/catalogue.ts";
import { catalogues } from "../src/records/index.ts";

/** A value each detail's rule accepts; a reference points at `referenced` (an item of its catalogue). */
export const fittingValue = ({ rule }: Detail, referenced: number): DetailValue => {
  switch (rule.kind) {
    case "text":
      return rule.text.kind === "email" ? "muestra@example.com" : "AB";
    case "number":
      return rule.minimum;
    case "money":
      return 1450.5;
    case "choice":
      return rule.options[0] ?? null;
    case "time":
      return "08:30";
    case "date":
      return "2027-03-14";
    case "colour":
      return "#2a9d8f";
    case "flag":
      return false;
    case "reference":
      return referenced;
    case "references":
      return [referenced];
    case "rows":
      return [Object.fromEntries(rule.cells.map((cell) => [cell.name, fittingValue(cell, referenced) as string | number | null]))];
    case "image":
      return "";
    case "images":
      return [];
  }
};

/**
 * Valid details for tests that need any item: a required reference points at a live item (one
 * sharing the item's value of the detail it is `within`), others at none.
 */
const sampleValue = async (
  detail: Detail,
  referenced: (resource: string, within: { readonly detail: string; readonly value: DetailValue } | null) => Promise<number>,
  values: Readonly<Record<string, DetailValue>>,
): Promise<DetailValue> => {
  const { rule } = detail;
  if (rule.kind === "reference") {
    if (!rule.required) return null;
    return referenced(rule.catalogue, rule.within === undefined ? null : { detail: rule.within, value: values[rule.within] ?? null });
  }
  if (rule.kind === "references") return [];
  return fittingValue(detail, 0);
};

/** A name the catalogue accepts: `base` (cut to its limit), or a year for a catalogue named by years (seasons). */
export const sampleName = (catalogue: CatalogueDeclaration, base: string, variant = 0): string => {
  if (catalogue.api.nameField.kind === "year") return String(2030 + variant);
  // a short name (a cabin's number) keeps the variant apart within its limit
  return base.length <= catalogue.api.nameField.maxLength ? base : `${base.slice(0, catalogue.api.nameField.maxLength - 2)} ${variant}`;
};

/**
 * A live item of the catalogue a reference points at (sharing `within`'s value): the first one,
 * created (named `name`) when there is none.
 */
export const referencedItem = async (
  db: Database,
  resource: string,
  within: { readonly detail: string; readonly value: DetailValue } | null = null,
  name = "Muestra",
): Promise<number> => {
  const target = catalogues.find((catalogue) => catalogue.api.resource === resource);
  if (target === undefined) throw new Error(`no catalogue '${resource}'`);
  const [found] = await db.query<{ id: number }>(
    `select id from ${tableOf(target)} where status <> 'deleted' and active and ($1::text is null or details->$1 = $2::jsonb) order by id limit 1`,
    [within?.detail ?? null, JSON.stringify(within?.value ?? null)],
  );
  if (found !== undefined) return found.id;
  const details = { ...(await sampleDetails(db, target)), ...(within === null ? {} : { [within.detail]: within.value }) };
  const options = { actorId: null, occurredAt: new Date() };
  return db.transaction((tx) => createItem(tx, target, { ...details, name: sampleName(target, name), active: true }, options));
};

/** Every detail of a catalogue with a valid value, by name, as the API takes them. */
export const sampleDetails = async (db: Database, catalogue: CatalogueDeclaration): Promise<Readonly<Record<string, DetailValue>>> => {
  const values: Record<string, DetailValue> = {};
  for (const detail of catalogue.api.details) {
    values[detail.name] = await sampleValue(detail, (resource, within) => referencedItem(db, resource, within), values);
  }
  return values;
};

/** Details as the panel's form holds them (numbers and ids as text). */
export const detailFields = (details: ReadonlyArray<Detail>, values: Readonly<Record<string, DetailValue>>): FieldValues =>
  Object.fromEntries(
    details.map(({ name }) => {
      const value = values[name] ?? null;
      if (Array.isArray(value)) {
        return [name, value.map((entry) => (typeof entry === "object" ? Object.fromEntries(Object.entries(entry).map(([cell, text]) => [cell, String(text ?? "")])) : String(entry)))];
      }
      if (typeof value === "number") return [name, String(value)];
      return [name, value ?? ""];
    }),
  );
