import { type CatalogueEndpoints, type CatalogueItem, catalogueEndpoints, catalogueItemFields } from "../api/catalogues.ts";
import type { RoleName } from "../api/endpoint.ts";
import { catalogueFormSource, catalogueListSource, type FieldValues } from "../machines/catalogues.ts";
import { catalogueItemMachine } from "../machines/domain/catalogueItem.machine.ts";
import type { FormSource } from "../machines/recordForm.machine.ts";
import type { ListSource } from "../machines/recordList.machine.ts";
import type { ColumnDeclaration, FieldDeclaration } from "./record.ts";

/** Where the panel lists a record: the sidebar section its menu entry sits in. */
export type MenuSection = "administration" | "screens";

/**
 * A table and column whose rows point at a catalogue item: while one does, the item is in use
 * and its machine refuses to delete it (it can be deactivated). `match` narrows the rows, e.g.
 * `{ catalogue: "feeding" }` when one table holds the items of several catalogues.
 */
export interface ItemUse {
  readonly table: string;
  readonly column: string;
  readonly match?: Readonly<Record<string, string>>;
}

/**
 * A simple catalogue (a name and the active flag) declared once (decision 017): its contract
 * (the five calls of SPEC.md section 7), its rules (the catalogue-item machine), its event stream
 * and read table, who may read and write it, its panel routes and menu entry, and what uses its
 * items. The server's generic catalogue routes, projection and table, and the panel's generic
 * list and form screens, read everything from here; its texts are `nav.<key>` and
 * `catalogue.<key>.new` / `.edit` in src/i18n. The panel's parts: the list's columns and the
 * form's fields (with the contract's rules, so the inputs get the server's `maxLength`), and the
 * sources the generic list and form machines run with.
 */
export interface CatalogueDeclaration {
  readonly key: string;
  readonly api: CatalogueEndpoints;
  readonly machine: typeof catalogueItemMachine;
  /** The event stream; also the history stream its edit form reads. */
  readonly stream: string;
  readonly table: string;
  readonly readers: ReadonlyArray<RoleName>;
  readonly writers: ReadonlyArray<RoleName>;
  readonly listPath: string;
  /** The form for a new item; the first one is where the add button goes. */
  readonly newPaths: readonly [string, ...string[]];
  readonly menu: { readonly section: MenuSection };
  readonly usedBy: ReadonlyArray<ItemUse>;
  /** The list's columns, before the row actions (edit, delete). */
  readonly columns: ReadonlyArray<ColumnDeclaration<CatalogueItem>>;
  /** The form's fields, in order. */
  readonly fields: ReadonlyArray<FieldDeclaration<CatalogueItem>>;
  /** The list machine's source: rows and delete. */
  readonly listSource: ListSource<CatalogueItem>;
  /** The form machine's source: load, the field rules, save. */
  readonly formSource: FormSource<CatalogueItem, null, FieldValues>;
}

/** A simple catalogue's list: whether an item is active, and its name (SPEC.md section 2). */
export const catalogueColumns: ReadonlyArray<ColumnDeclaration<CatalogueItem>> = [
  { kind: "active", header: "status.active", value: (item) => item.active },
  { kind: "text", header: "catalogue.name", value: (item) => item.name },
];

/** A simple catalogue's form: the required name, with the contract's limit, and the active flag. */
export const catalogueFields: ReadonlyArray<FieldDeclaration<CatalogueItem>> = [
  { kind: "text", name: "name", label: "catalogue.name", rule: catalogueItemFields.name, value: (item) => item.name },
  { kind: "checkbox", name: "active", label: "form.active", value: (item) => item.active, initial: true },
];

export interface CatalogueOptions {
  readonly key: string;
  /** The calls' resource and singular, as SPEC.md section 7 spells them: `feedings`, `Feeding`. */
  readonly resource: string;
  readonly singular: string;
  readonly stream: string;
  readonly table: string;
  readonly readers: ReadonlyArray<RoleName>;
  readonly writers: ReadonlyArray<RoleName>;
  readonly listPath: string;
  readonly newPaths: readonly [string, ...string[]];
  readonly menu: { readonly section: MenuSection };
  readonly usedBy?: ReadonlyArray<ItemUse>;
}

export const simpleCatalogue = (options: CatalogueOptions): CatalogueDeclaration => {
  const api = catalogueEndpoints(options.resource, options.singular, options.stream, {
    readers: options.readers,
    writers: options.writers,
  });
  return {
    key: options.key,
    api,
    machine: catalogueItemMachine,
    stream: options.stream,
    table: options.table,
    readers: options.readers,
    writers: options.writers,
    listPath: options.listPath,
    newPaths: options.newPaths,
    menu: options.menu,
    usedBy: options.usedBy ?? [],
    columns: catalogueColumns,
    fields: catalogueFields,
    listSource: catalogueListSource(api),
    formSource: catalogueFormSource(api),
  };
};

/** The detail route of a declared catalogue's item. */
export const itemPath = (catalogue: CatalogueDeclaration, id: number | string): string => `${catalogue.listPath}/${id}`;
