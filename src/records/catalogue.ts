import {
  type CatalogueEndpoints,
  type CatalogueItem,
  type CataloguePaging,
  type CataloguePaths,
  catalogueEndpoints,
  type LifecycleCommand,
  type Total,
} from "../api/catalogues.ts";
import type { TextField } from "../api/fields.ts";
import { type Detail, type DetailValue, detail, type ReferenceOptions } from "../api/details.ts";
import { type Message, messages } from "../api/messages.ts";
import type { RoleName } from "../api/endpoint.ts";
import { CatalogueItemEvent, catalogueItemMachine } from "../machines/domain/catalogueItem.machine.ts";
import type { IkarusRateEvent, ikarusRateMachine } from "../machines/domain/ikarusRate.machine.ts";
import { nextStatus } from "../machines/domain/verdict.ts";
import type { ColumnDeclaration, FieldDeclaration } from "./record.ts";

/** Where the panel lists a record: the sidebar section its menu entry sits in. */
export type MenuSection = "administration" | "screens" | "operations" | "reports" | "fleet" | "rates" | "catalogues";

/**
 * A catalogue (a name, the active flag and its declared details: decision 027) declared once
 * (decision 017): its contract (the five calls of SPEC.md section 7), its rules (the
 * catalogue-item machine), its event stream, who may read and write it, its panel routes and
 * menu entry. The server's generic catalogue routes and projection, and the panel's generic list
 * and form screens, read everything from here; its texts are `nav.<key>`, `catalogue.<key>.new` /
 * `.edit` and `detail.<field>` in src/i18n. The panel's parts: the list's columns and the form's
 * fields (with the contract's rules, so the inputs get the server's `maxLength`) and the list's
 * choices and filters, from which src/machines/catalogues makes the list and form sources. Where
 * it is stored (its table, what points at its items) is the server's: server/catalogues/storage.ts.
 */
export interface CatalogueDeclaration {
  readonly key: string;
  readonly api: CatalogueEndpoints;
  readonly machine: CatalogueMachine;
  /** The stored events' schema, which the projection decodes them with. */
  readonly events: typeof CatalogueItemEvent | typeof IkarusRateEvent;
  /** The event stream; also the history stream its edit form reads. */
  readonly stream: string;
  readonly readers: ReadonlyArray<RoleName>;
  readonly writers: ReadonlyArray<RoleName>;
  readonly listPath: string;
  /** The form for a new item; the first one is where the add button goes. */
  readonly newPaths: readonly [string, ...string[]];
  /** The sidebar section its list sits in, and who finds it there (its readers, unless narrowed). */
  readonly menu: { readonly section: MenuSection; readonly roles?: ReadonlyArray<RoleName> };
  /** The message a second item of the same name is refused with; null where names may repeat (guides). */
  readonly nameTaken: Message | null;
  /** The reference detail within which names are unique (a deck's yacht); null: the whole catalogue. */
  readonly namesWithin: string | null;
  /** The list's columns, before the row actions (edit, delete). */
  readonly columns: ReadonlyArray<ColumnDeclaration<CatalogueItem>>;
  /** The form's fields, in order. */
  readonly fields: ReadonlyArray<FieldDeclaration<CatalogueItem>>;
  /** Where each reference detail's items come from: the list call of the catalogue it points at. */
  readonly choices: ChoiceEndpoints;
  /** The details the panel's list is narrowed by, each a select (the panel's list source reads them). */
  readonly listFilters: ReadonlyArray<ListFilterDeclaration>;
  /** A dropdown of links on each row of the list (a yacht's eight pages), or none. */
  readonly rowMenu: RowMenu | null;
  /** The commands each row's buttons offer (an Ikarus rate's activate, deactivate); none for a plain catalogue. */
  readonly commandButtons: ReadonlyArray<CommandButtonDeclaration>;
  /**
   * Whether the item's machine takes the event in the item's state, as the panel asks before it
   * offers a button: a deactivated Ikarus rate offers no activation, and no delete. Facts are
   * the server's: a button offered may still be refused (an item in use).
   */
  readonly offers: (item: CatalogueItem, event: string) => boolean;
  /** The items' life beyond the active flag (the Ikarus rate's), or none. */
  readonly lifecycle: LifecycleDeclaration | null;
}

/** Where a reference detail's items come from: the list endpoint of the catalogue it points at. */
export type ChoiceEndpoints = Readonly<Record<string, CatalogueEndpoints["list"]>>;

/**
 * A detail the list is narrowed by, with its label's text key: a reference (a cabin's yacht)
 * offers the items' names, another detail (a rate's year) its values.
 */
export interface ListFilterDeclaration {
  readonly name: string;
  readonly label: string;
  readonly reference: boolean;
}

/** The languages a list row keeps a reference detail's names in (decision 080). */
export const readerLanguages = ["es", "en"] as const;

/** The key a list row keeps a reference detail's names under, beside its ids: Spanish, or English for an English reader. */
export const namesKey = (detail: string, language = "es"): string => (language.startsWith("en") ? `${detail}NamesEn` : `${detail}Names`);

/** The machines a catalogue's items may live by: a plain item's, or one with a life of its own. */
export type CatalogueMachine = typeof catalogueItemMachine | typeof ikarusRateMachine;

/** A lifecycle command's row button: its icon (SPEC.md section 2) and its dialog's title's text key (`{{name}}` the item's). */
export interface CommandButtonDeclaration {
  readonly command: LifecycleCommand;
  readonly kind: "activate" | "deactivate";
  readonly title: string;
}

/**
 * Items with a life of their own (the Ikarus rate: drafted, activated, deactivated): their machine
 * and events, their states, the dates and texts its commands stamp with the text keys of their
 * columns, and each command with its button.
 */
export interface LifecycleDeclaration {
  readonly machine: typeof ikarusRateMachine;
  readonly events: typeof IkarusRateEvent;
  readonly states: readonly [string, ...string[]];
  /** `date`: shown as its day; `column`: the list shows it (the others show on the item's form). */
  readonly stamps: ReadonlyArray<{ readonly name: string; readonly label: string; readonly date: boolean; readonly column: boolean }>;
  readonly commands: ReadonlyArray<CommandButtonDeclaration>;
}

/** A row's dropdown: the text key of its name, and each link with the text key of its label. */
export interface RowMenu {
  readonly label: string;
  readonly links: (item: CatalogueItem) => ReadonlyArray<{ readonly to: string; readonly label: string }>;
}

/** A catalogue's name column. */
const nameColumn = (nameLabel: string): ColumnDeclaration<CatalogueItem> => ({ kind: "text", key: "name", header: nameLabel, value: (item) => item.name });

/** A catalogue's list: whether an item is active, and its name (SPEC.md section 2). */
const catalogueColumns = (nameLabel: string): ReadonlyArray<ColumnDeclaration<CatalogueItem>> => [
  { kind: "active", key: "active", header: "status.active", value: (item) => item.active },
  nameColumn(nameLabel),
];

/** A catalogue's form: the required name, with the contract's limit, and the active flag (none for items with a lifecycle). */
const catalogueFields = (nameLabel: string, nameField: TextField, activeFlag: boolean): ReadonlyArray<FieldDeclaration<CatalogueItem>> => [
  { kind: "text", name: "name", label: nameLabel, rule: nameField, value: (item) => item.name },
  ...(activeFlag ? [{ kind: "checkbox", name: "active", label: "form.active", value: (item: CatalogueItem) => item.active, initial: true } as const] : []),
];

/**
 * A lifecycle's columns in place of the active flag: the state as its choice reads ('Borrador',
 * 'Activa', 'Desactivada'), then each stamp (a date as its day).
 */
const lifecycleColumns = (lifecycle: LifecycleDeclaration): ReadonlyArray<ColumnDeclaration<CatalogueItem>> => [
  { kind: "detail", key: "state", header: "detail.lifecycleState", rule: detail.choice(lifecycle.states), value: (item) => String(item.state ?? "") },
  ...lifecycle.stamps
    .filter(({ column }) => column)
    .map(
      (stamp): ColumnDeclaration<CatalogueItem> => ({
        kind: "text",
        key: stamp.name,
        header: stamp.label,
        // sorted by the ISO day, shown as the reader's language writes it
        value: (item) => stampText(stamp, item),
        inLanguage: (item, language) => stampText(stamp, item, language),
      }),
    ),
];

/**
 * A stamp as it reads: a date as its day, day/month/year in every language (PRODUCT.md: an English
 * reader of an Ecuadorian operator's panel reads 25/11/2026 as every other date of it; ISO,
 * 2026-11-25, for sorting when no language is given), a text as it is, "" until stamped.
 */
export const stampText = (stamp: { readonly name: string; readonly date: boolean }, item: CatalogueItem, language?: string): string => {
  const value = item[stamp.name];
  const text = typeof value === "string" ? value : "";
  if (!stamp.date || text === "") return text;
  const day = text.slice(0, 10);
  return language === undefined
    ? day
    : `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
};

/** A detail shown in the list: its value as the table shows, sorts and exports it. */
const detailColumn = ({ name, label, rule }: DetailDeclaration): ColumnDeclaration<CatalogueItem> => {
  if (rule.kind === "flag") return { kind: "active", key: name, header: label, value: (item) => item[name] === true };
  if (rule.kind === "reference" || rule.kind === "references") {
    return {
      kind: "text",
      key: name,
      header: label,
      value: (item) => String(item[namesKey(name)] ?? ""),
      inLanguage: (item, language) => String(item[namesKey(name, language)] ?? ""),
    };
  }
  return { kind: "detail", key: name, header: label, rule, value: (item) => sortable(item[name] ?? null) };
};

/** A number or a text as a list sorts it; a blank number first. */
const sortable = (value: DetailValue): string | number =>
  typeof value === "number" ? value : value === null ? Number.NEGATIVE_INFINITY : String(value);

/** A detail's input in the form. */
const detailField = ({ name, label, rule, addRow }: DetailDeclaration): FieldDeclaration<CatalogueItem> => ({
  kind: "detail",
  name,
  label,
  rule,
  value: (item) => item[name] ?? null,
  ...(addRow === undefined ? {} : { addRow }),
});

/** What a catalogue is declared with: the declaration's own names, access and routes as it keeps them, and the rest from which it is made. */
export interface CatalogueOptions extends Pick<CatalogueDeclaration, "key" | "stream" | "readers" | "writers" | "listPath" | "newPaths" | "menu"> {
  /** The calls' resource and singular, as SPEC.md section 7 spells them: `feedings`, `Feeding`. */
  readonly resource: string;
  readonly singular: string;
  /** The label of the name field and column, when it is not `catalogue.name` ('Nombre'). */
  readonly nameLabel?: string;
  /** The name's rule, when it is not a required name of up to 120 characters (a season's year). */
  readonly nameField?: TextField;
  /** Default: `messages.nameInUse`; null where names may repeat. */
  readonly nameTaken?: Message | null;
  /** The fields beyond the name and the active flag, in the form's order (decision 027). */
  readonly details?: ReadonlyArray<DetailDeclaration>;
  /** The numbers an item adds up from others, shown in the list (a cabin's capacity). */
  readonly totals?: ReadonlyArray<TotalDeclaration>;
  /** The reference details the list call may be narrowed by (`GET /cabins?yachtId=`). */
  readonly filters?: ReadonlyArray<string>;
  /** A reference detail within which names are unique (a deck's name within its yacht); default the whole catalogue. */
  readonly namesWithin?: string;
  readonly rowMenu?: RowMenu;
  /** The calls' paths, where the spec fixes others than `/<resource>` (`/rates/general`). */
  readonly paths?: CataloguePaths;
  /** Details the panel's list is narrowed by beyond `filters` (a rate's year), each a select. */
  readonly listFilters?: ReadonlyArray<string>;
  /** For items with a life of their own, in place of the active flag (the Ikarus rate). */
  readonly lifecycle?: LifecycleDeclaration;
  /** The path of the call that copies a year's items to the next, their amounts raised (the rates'). */
  readonly yearCopy?: string;
  /** A catalogue that grows (the agencies): its list is paged, searched and sorted on the server. */
  readonly paging?: CataloguePaging;
}

/** A total as a catalogue declares it: the contract's, and the text key of its column's header. */
export type TotalDeclaration = Total & { readonly label: string };

/**
 * A detail as a catalogue declares it: the contract's name and rule, the text key of its label,
 * and whether the list shows it as a column.
 */
export interface DetailDeclaration extends Detail {
  readonly label: string;
  readonly column?: boolean;
  /** A reference's items to choose from: the list call of the catalogue it points at (`referenceTo`). */
  readonly choices?: CatalogueEndpoints["list"];
  /** A list of rows' add button, as a text key. */
  readonly addRow?: string;
}

/** A reference detail's rule and choices, pointing at a declared catalogue. */
export const referenceTo = (target: CatalogueDeclaration, options: ReferenceOptions = {}): Pick<DetailDeclaration, "rule" | "choices"> => ({
  rule: detail.reference(target.api.resource, options),
  choices: target.api.list,
});

/** A list of references to a declared catalogue's items; `repeats`: an item may be chosen more than once. */
export const referencesTo = (target: CatalogueDeclaration, options: { readonly repeats?: boolean } = {}): Pick<DetailDeclaration, "rule" | "choices"> => ({
  rule: detail.references(target.api.resource, options),
  choices: target.api.list,
});

/** A total's column: a whole number, sorted as one. */
const totalColumn = ({ name, label }: TotalDeclaration): ColumnDeclaration<CatalogueItem> => ({
  kind: "detail",
  key: name,
  header: label,
  rule: detail.number({ required: true, minimum: 0, maximum: Number.MAX_SAFE_INTEGER, whole: true }),
  value: (item) => sortable(item[name] ?? null),
});

export const simpleCatalogue = (options: CatalogueOptions): CatalogueDeclaration => {
  const details = options.details ?? [];
  const totals = options.totals ?? [];
  const lifecycle = options.lifecycle ?? null;
  const api = catalogueEndpoints(
    options.resource,
    options.singular,
    options.stream,
    { readers: options.readers, writers: options.writers },
    {
      details: details.map(({ name, rule }) => ({ name, rule })),
      ...(options.nameField === undefined ? {} : { nameField: options.nameField }),
      totals: totals.map(({ label: _label, ...total }) => total),
      filters: options.filters ?? [],
      ...(options.paths === undefined ? {} : { paths: options.paths }),
      ...(options.yearCopy === undefined ? {} : { yearCopy: options.yearCopy }),
      ...(options.paging === undefined ? {} : { paging: options.paging }),
      ...(lifecycle === null
        ? {}
        : {
            lifecycle: {
              states: lifecycle.states,
              stamps: lifecycle.stamps.map(({ name }) => name),
              commands: lifecycle.commands.map(({ command }) => command),
            },
          }),
    },
  );
  const nameLabel = options.nameLabel ?? "catalogue.name";
  const columns = [
    ...(lifecycle === null ? catalogueColumns(nameLabel) : [nameColumn(nameLabel)]),
    ...details.filter((detail) => detail.column === true).map(detailColumn),
    ...totals.map(totalColumn),
    ...(lifecycle === null ? [] : lifecycleColumns(lifecycle)),
  ];
  const fields = [...catalogueFields(nameLabel, api.nameField, lifecycle === null), ...details.map(detailField)];
  const machine: CatalogueMachine = lifecycle?.machine ?? catalogueItemMachine;
  const choices = Object.fromEntries(details.flatMap(({ name, choices: list }) => (list === undefined ? [] : [[name, list]])));
  return {
    key: options.key,
    api,
    machine,
    events: lifecycle?.events ?? CatalogueItemEvent,
    stream: options.stream,
    readers: options.readers,
    writers: options.writers,
    listPath: options.listPath,
    newPaths: options.newPaths,
    menu: options.menu,
    nameTaken: options.nameTaken === undefined ? messages.nameInUse : options.nameTaken,
    namesWithin: options.namesWithin ?? null,
    columns,
    fields,
    choices,
    listFilters: details
      .filter(({ name }) => api.filters.includes(name) || (options.listFilters ?? []).includes(name))
      .map(({ name, label, rule }) => ({ name, label, reference: rule.kind === "reference" })),
    rowMenu: options.rowMenu ?? null,
    commandButtons: lifecycle?.commands ?? [],
    lifecycle,
    offers: (item, event) =>
      lifecycle === null || nextStatus(machine, String(item.state ?? ""), { type: event } as Parameters<typeof nextStatus<CatalogueMachine>>[2]) !== null,
  };
};

/** The detail route of a declared catalogue's item. */
export const itemPath = (catalogue: CatalogueDeclaration, id: number | string): string => `${catalogue.listPath}/${id}`;
