import { Schema } from "effect";
import type { ApiClient } from "../../api/client.ts";
import {
  type CatalogueEndpoints,
  type CatalogueItem,
  type CatalogueItemPayload,
  type CataloguePageQuery,
  type CataloguePaging,
  type CatalogueShape,
  catalogueItemProblems,
} from "../../api/catalogues.ts";
import { type Cell, type Detail, type DetailRule, type DetailValue, detailMessage, emptyValue } from "../../api/details.ts";
import { CatalogueItemId } from "../../api/ids.ts";
import { messages } from "../../api/messages.ts";
import { imageNaming, keptInSlots } from "../shared/formImages.ts";
import { createRecordFormMachine, type FormImage, type FormProblems, type FormSource } from "../shared/recordForm.machine.ts";
import { ACTIVE_FILTER, type ListQuery, type SortValue } from "../shared/listQuery.ts";
import { createRecordListMachine, type ListSource } from "../shared/recordRows.ts";
import { type CatalogueDeclaration, type ChoiceEndpoints, type ListFilterDeclaration, namesKey, readerLanguages } from "../../records/catalogue.ts";
import { nameIn } from "../../api/english.ts";

/**
 * A declared form's values by field name, as the generic form view reads them: the text of a
 * text or number field (a number already in its plain form, `1450.5`), whether a checkbox is
 * checked, the ids ticked in a list of references.
 */
export type FieldValues = Readonly<Record<string, string | boolean | ReadonlyArray<string> | ReadonlyArray<RowTexts>>>;

/** A row of a list of rows as the form holds it: each cell's text. */
export type RowTexts = Readonly<Record<string, string>>;

/** A text field's value; a missing or non-text one reads as empty, which the rules treat as missing. */
export const textValue = (values: FieldValues, name: string): string => {
  const value = values[name];
  return typeof value === "string" ? value : "";
};

/** A checkbox's value; a missing one reads as unchecked. */
export const flagValue = (values: FieldValues, name: string): boolean => values[name] === true;

/** A plain number's text as a number: null when blank, NaN (refused by the rules) when it is none. */
export const numberOf = (text: string): number | null => {
  const typed = text.trim();
  if (typed === "") return null;
  return /^-?\d+(?:\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
};

/** An id as a form holds it (an option's value); null when none is chosen. */
const idOf = (text: string): number | null => (/^[1-9]\d*$/.test(text) ? Number(text) : null);

/** One cell's text as the contract sends it: text trimmed, a number, a choice or a reference (null when blank). */
const cellValue = (rule: Cell["rule"], text: string): string | number | null => {
  if (rule.kind === "number") return numberOf(text);
  if (rule.kind === "choice") return text === "" ? null : text;
  if (rule.kind === "reference") return idOf(text);
  return text.trim();
};

/** One detail's value as the form holds it, as the contract sends it (a catalogue's form, a yacht page's). */
export const detailPayloadValue = (rule: DetailRule, values: FieldValues, name: string): DetailValue => {
  const value = values[name];
  switch (rule.kind) {
    case "rows":
      return Array.isArray(value)
        ? (value as ReadonlyArray<RowTexts>).map((row) =>
            Object.fromEntries(rule.cells.map((cell) => [cell.name, cellValue(cell.rule, String(row[cell.name] ?? ""))])),
          )
        : [];
    case "text":
    case "colour":
    case "image":
      return textValue(values, name).trim();
    case "images":
      return Array.isArray(value) ? value.filter((path): path is string => typeof path === "string") : [];
    case "number":
    case "money":
      return numberOf(textValue(values, name));
    case "choice":
    case "time":
    case "date":
      return textValue(values, name) === "" ? null : textValue(values, name);
    case "flag":
      return flagValue(values, name);
    case "reference":
      return idOf(textValue(values, name));
    case "references":
      return Array.isArray(value) ? value.flatMap((text) => idOf(text) ?? []) : emptyValue(rule);
  }
};

/** The catalogue form's values as the contract's payload: the name trimmed, each detail as its rule reads it. */
export const catalogueItemPayload = (details: ReadonlyArray<Detail>, values: FieldValues): CatalogueItemPayload => ({
  name: textValue(values, "name").trim(),
  active: flagValue(values, "active"),
  ...Object.fromEntries(details.map(({ name, rule }) => [name, detailPayloadValue(rule, values, name)])),
});

/** A saved item as its own payload, with another active flag: what a list's (de)activate sends. */
const unchangedPayload = (details: ReadonlyArray<Detail>, item: CatalogueItem, active: boolean): CatalogueItemPayload => ({
  name: item.name,
  active,
  ...Object.fromEntries(details.map(({ name, rule }) => [name, item[name] ?? emptyValue(rule)])),
});

/**
 * The problems the form shows by its fields: the rules' own, with the spec's message where a
 * detail's rule names one (`number 0-99`, `select a company`), as the server would answer.
 */
export const catalogueFormProblems = (shape: CatalogueShape, payload: CatalogueItemPayload): FormProblems =>
  Object.fromEntries(
    Object.entries(catalogueItemProblems(shape, payload)).map(([name, problem]) => {
      const rule = shape.details.find((detail) => detail.name === name)?.rule;
      const message = rule === undefined || problem === undefined ? null : detailMessage(rule, problem);
      return [name, message === null ? problem : { answer: message }];
    }),
  );

/** A detail route's id as the item's id (the route admits only ids in range). */
const catalogueItemId = Schema.decodeSync(CatalogueItemId);

/**
 * The items each reference detail chooses from, by the detail's name: what the form offers and
 * what the list shows in place of ids.
 */
export type CatalogueChoices = Readonly<Record<string, ReadonlyArray<CatalogueItem>>>;


const loadChoices = async (client: ApiClient, choices: ChoiceEndpoints): Promise<CatalogueChoices> =>
  Object.fromEntries(
    await Promise.all(Object.entries(choices).map(async ([name, list]) => [name, await client.call(list)] as const)),
  );

/**
 * How an item reads where it is chosen or named: its name in the reader's language (decision 080),
 * and a person's last name after it (a captain or a guide, whose catalogue names them by their
 * first name).
 */
export const itemLabel = (item: CatalogueItem, language: string): string => {
  const name = nameIn(language, item);
  return typeof item.lastName === "string" && item.lastName !== "" ? `${name} ${item.lastName}` : name;
};


/**
 * The names of the items a reference detail points at, in their catalogue's order, comma-separated;
 * one chosen more than once with its count ("2 × Single").
 */
const namesOf = (value: DetailValue, items: ReadonlyArray<CatalogueItem>, language: string): string => {
  const ids = Array.isArray(value) ? value : typeof value === "number" ? [value] : [];
  return items
    .flatMap((item) => {
      const count = ids.filter((id) => id === item.id).length;
      if (count === 0) return [];
      return [count === 1 ? itemLabel(item, language) : `${count} × ${itemLabel(item, language)}`];
    })
    .join(", ");
};

/** The rows with each reference detail's names beside its ids (what the table shows and sorts). */
const withNames = (items: ReadonlyArray<CatalogueItem>, chosen: CatalogueChoices): CatalogueItem[] =>
  items.map((item) => ({
    ...item,
    // in both languages: the list shows the reader's (decision 080)
    ...Object.fromEntries(
      Object.entries(chosen).flatMap(([name, options]) =>
        readerLanguages.map((language) => [namesKey(name, language), namesOf(item[name] ?? null, options, language)] as const),
      ),
    ),
  }));

/**
 * A paged catalogue's list query as the list's address holds it: the page, its size, the search,
 * the active filter (`yes` / `no`) and a column's order where the server sorts by it.
 */
export const cataloguePageQuery = (paging: CataloguePaging, query: ListQuery): CataloguePageQuery => {
  const sort = ["name", "active", ...paging.sorts].find((key) => key === query.sort);
  const active = query.filters[ACTIVE_FILTER];
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(sort === undefined ? {} : { sort, order: query.direction }),
    ...(query.q.trim() === "" ? {} : { q: query.q.trim() }),
    ...(active === "yes" ? { active: "true" } : active === "no" ? { active: "false" } : {}),
  };
};

/**
 * A catalogue's list: its rows (each reference detail's names beside its ids) and delete, from
 * its declared endpoints; it sorts by its declared columns, searches the name and the referenced
 * items' names, and (de)activates
 * an item by saving it unchanged but for the flag, with its version.
 */
export const catalogueListSource = (
  api: CatalogueEndpoints,
  columns: ReadonlyArray<{ readonly key: string; readonly value: (item: CatalogueItem) => SortValue }>,
  choices: ChoiceEndpoints = {},
  filters: ReadonlyArray<ListFilterDeclaration> = [],
  paging: CataloguePaging | null = api.paging,
): ListSource<CatalogueItem> => ({
  list: async (client) => {
    const [items, chosen] = await Promise.all([client.call(api.list), loadChoices(client, choices)]);
    return withNames(items, chosen);
  },
  // a growing catalogue (the agencies) is paged, searched and sorted by its list call
  ...(paging === null
    ? {}
    : {
        page: async (client: ApiClient, query: ListQuery) => {
          const [answer, chosen] = await Promise.all([
            client.request(api.list, { query: cataloguePageQuery(paging, query) }),
            loadChoices(client, choices),
          ]);
          return { rows: withNames(answer.data, chosen), total: answer.meta?.total ?? answer.data.length };
        },
      }),
  remove: (client, id) => client.call(api.remove, { params: { id: catalogueItemId(id) } }),
  // an item with a lifecycle moves by its commands (an Ikarus rate's activation), not by a flag
  commands: Object.fromEntries(
    api.commands.map(({ command, endpoint }) => [
      command.name,
      {
        run: (client: ApiClient, id: number, reason: string) =>
          client.call(endpoint, { params: { id: catalogueItemId(id) }, body: command.reason ? { reason } : {} }),
        asksReason: command.reason,
      },
    ]),
  ),
  view: {
    sortKeys: Object.fromEntries(columns.map((column) => [column.key, column.value])),
    // a cabin is found by its yacht's or deck's name as well as its own
    searchText: (item) => [item.name, ...Object.keys(choices).map((name) => String(item[namesKey(name)] ?? ""))].join(" "),
    title: (item) => item.name,
    ...(api.lifecycle === null ? { active: (item: CatalogueItem) => item.active } : {}),
    choiceFilters: filters.map(({ name, label, reference }) => ({
      name,
      label,
      id: (item) => (typeof item[name] === "number" ? item[name] : null),
      text: (item) => String(reference ? (item[namesKey(name)] ?? "") : (item[name] ?? "")),
    })),
  },
  ...(api.lifecycle === null
    ? {
        setActive: (client: ApiClient, item: CatalogueItem, active: boolean) =>
          client.call(api.update, {
            params: { id: catalogueItemId(item.id) },
            body: { ...unchangedPayload(api.details, item, active), version: item.version },
          }),
      }
    : {}),
});

/**
 * A catalogue's form: the required name and the declared details (the contract's
 * `catalogueItemProblems`, the same rules the server's catalogue-item machine refuses with), the
 * active flag, and the items each reference detail offers.
 */
export const catalogueFormSource = (
  api: CatalogueEndpoints,
  choices: ChoiceEndpoints = {},
): FormSource<CatalogueItem, CatalogueChoices, FieldValues> => {
  // each image detail (a yacht's picture, a company's logos) is a slot of one image named after it
  const imageFields = api.details.flatMap(({ name, rule }) => (rule.kind === "image" ? [name] : []));
  const payloadOf = (draft: FieldValues, images: ReadonlyArray<FormImage>) => {
    const { files, name } = imageNaming();
    const payload: CatalogueItemPayload = {
      ...catalogueItemPayload(api.details, draft),
      ...Object.fromEntries(
        imageFields.map((field) => {
          const image = images.find((candidate) => candidate.slot === field);
          return [field, image === undefined ? "" : name(image)];
        }),
      ),
    };
    return { payload, files };
  };
  return {
  load: async (client, id) => {
    const [item, options] = await Promise.all([
      id === null ? null : client.call(api.get, { params: { id: catalogueItemId(id) } }),
      loadChoices(client, choices),
    ]);
    return { item, options };
  },
  problems: (values) => catalogueFormProblems(api, catalogueItemPayload(api.details, values)),
  answeredFields: { [messages.nameInUse]: "name", [messages.seasonYearTaken]: "name" },
  save: (client, { id, version, draft, images, report, signal }) => {
    const { payload, files } = payloadOf(draft, images);
    const sending = { files, onProgress: report, ...(signal === undefined ? {} : { signal }) };
    if (id === null) return files.length === 0 ? client.call(api.create, { body: payload }) : client.upload(api.create, { fields: payload, ...sending });
    const params = { id: catalogueItemId(id) };
    const body = { ...payload, version };
    return files.length === 0 ? client.call(api.update, { params, body }) : client.upload(api.update, { params, fields: body, ...sending });
  },
  ...(imageFields.length === 0 ? {} : { images: { max: 1, kept: (item: CatalogueItem) => keptInSlots(item, imageFields) } }),
  };
};

/** Feeding, activities, courtesies and every other catalogue: one list flow, typed for their items. */
export const catalogueListMachine = createRecordListMachine<CatalogueItem>(
  "catalogueList",
  "A catalogue's list on the one list engine: its items read whole and paged in the panel (or paged on the server: the agencies), deleted and commanded per row after a dialog, deleted / activated / deactivated when ticked, exported.",
);

/** Their create/edit form flow. */
export const catalogueFormMachine = createRecordFormMachine<CatalogueItem, CatalogueChoices, FieldValues>();

const listSources = new WeakMap<CatalogueDeclaration, ListSource<CatalogueItem>>();
const formSources = new WeakMap<CatalogueDeclaration, FormSource<CatalogueItem, CatalogueChoices, FieldValues>>();

/** A declared catalogue's list source, made once per catalogue: the declaration itself stays data. */
export const listSourceOf = (catalogue: CatalogueDeclaration): ListSource<CatalogueItem> => {
  const made = listSources.get(catalogue) ?? catalogueListSource(catalogue.api, catalogue.columns, catalogue.choices, catalogue.listFilters);
  listSources.set(catalogue, made);
  return made;
};

/** A declared catalogue's form source, made once per catalogue. */
export const formSourceOf = (catalogue: CatalogueDeclaration): FormSource<CatalogueItem, CatalogueChoices, FieldValues> => {
  const made = formSources.get(catalogue) ?? catalogueFormSource(catalogue.api, catalogue.choices);
  formSources.set(catalogue, made);
  return made;
};
