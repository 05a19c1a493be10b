import type { Database } from "../server/db/database.ts";
import { createItem } from "../server/catalogues/items.ts";
import type { Detail, DetailValue } from "../src/api/details.ts";
import type { FieldValues } from "../src/machines/catalogues.ts";
import type { CatalogueDeclaration } from "../src/records/catalogue.ts";
import { catalogues } from "../src/records/index.ts";

/** A value each detail's rule accepts; a reference points at `referenced` (an item of its catalogue). */
export const fittingValue = ({ rule }: Detail, referenced: number): DetailValue => {
  switch (rule.kind) {
    case "text":
      return rule.text.kind === "email" ? "muestra@example.com" : "AB";
    case "number":
      return rule.minimum;
    case "choice":
      return rule.options[0] ?? null;
    case "time":
      return "08:30";
    case "colour":
      return "#2a9d8f";
    case "flag":
      return false;
    case "reference":
      return referenced;
    case "references":
      return [referenced];
  }
};

/** Valid details for tests that need any item: a required reference points at a live item, others at none. */
const sampleValue = async (detail: Detail, referenced: (resource: string) => Promise<number>): Promise<DetailValue> => {
  const { rule } = detail;
  if (rule.kind === "reference") return rule.required ? referenced(rule.catalogue) : null;
  if (rule.kind === "references") return [];
  return fittingValue(detail, 0);
};

/** A name the catalogue accepts: `base`, or a year for a catalogue named by years (seasons). */
export const sampleName = (catalogue: CatalogueDeclaration, base: string, variant = 0): string =>
  catalogue.api.nameField.kind === "year" ? String(2030 + variant) : base;

/** A live item of the catalogue a reference points at: the first one, created when there is none. */
const referencedItem = async (db: Database, resource: string): Promise<number> => {
  const target = catalogues.find((catalogue) => catalogue.api.resource === resource);
  if (target === undefined) throw new Error(`no catalogue '${resource}'`);
  const [found] = await db.query<{ id: number }>(`select id from ${target.table} where status <> 'deleted' and active order by id limit 1`);
  if (found !== undefined) return found.id;
  const details = await sampleDetails(db, target);
  const options = { actorId: null, occurredAt: new Date() };
  return db.transaction((tx) => createItem(tx, target, { ...details, name: sampleName(target, "Muestra"), active: true }, options));
};

/** Every detail of a catalogue with a valid value, by name, as the API takes them. */
export const sampleDetails = async (db: Database, catalogue: CatalogueDeclaration): Promise<Readonly<Record<string, DetailValue>>> => {
  const values: Record<string, DetailValue> = {};
  for (const detail of catalogue.api.details) values[detail.name] = await sampleValue(detail, (resource) => referencedItem(db, resource));
  return values;
};

/** Details as the panel's form holds them (numbers and ids as text). */
export const detailFields = (details: ReadonlyArray<Detail>, values: Readonly<Record<string, DetailValue>>): FieldValues =>
  Object.fromEntries(
    details.map(({ name }) => {
      const value = values[name] ?? null;
      if (Array.isArray(value)) return [name, value.map(String)];
      if (typeof value === "number") return [name, String(value)];
      return [name, value ?? ""];
    }),
  );
