import { Schema } from "effect";
import { CatalogueItemId } from "../api/ids.ts";
import {
  type CatalogueEndpoints,
  type CatalogueItem,
  type CatalogueItemPayload,
  catalogueItemProblems,
} from "../api/catalogues.ts";
import { createRecordFormMachine, type FormSource } from "./recordForm.machine.ts";
import { createRecordListMachine, type ListSource } from "./recordList.machine.ts";

/**
 * A declared form's values by field name, as the generic form view reads them: the text of a
 * text field, whether a checkbox is checked. A record's source turns them into its payload.
 */
export type FieldValues = Readonly<Record<string, string | boolean>>;

/** A text field's value; a missing or non-text one reads as empty, which the rules treat as missing. */
export const textValue = (values: FieldValues, name: string): string => {
  const value = values[name];
  return typeof value === "string" ? value : "";
};

/** A checkbox's value; a missing one reads as unchecked. */
export const flagValue = (values: FieldValues, name: string): boolean => values[name] === true;

/** The catalogue form's values as the contract's payload, the name trimmed. */
export const catalogueItemPayload = (values: FieldValues): CatalogueItemPayload => ({
  name: textValue(values, "name").trim(),
  active: flagValue(values, "active"),
});

/** A detail route's id as the item's id (the route admits only ids in range). */
const catalogueItemId = Schema.decodeSync(CatalogueItemId);

/** A simple catalogue's list: its rows and delete, from its declared endpoints. */
export const catalogueListSource = (api: CatalogueEndpoints): ListSource<CatalogueItem> => ({
  list: (client) => client.call(api.list),
  remove: (client, id) => client.call(api.remove, { params: { id: catalogueItemId(id) } }),
});

/**
 * A simple catalogue's form: a required name (the contract's `catalogueItemProblems`, the same
 * rule the server's catalogue-item machine refuses with) and the active flag.
 */
export const catalogueFormSource = (api: CatalogueEndpoints): FormSource<CatalogueItem, null, FieldValues> => ({
  load: async (client, id) => ({ item: id === null ? null : await client.call(api.get, { params: { id: catalogueItemId(id) } }), options: null }),
  problems: (values) => catalogueItemProblems(catalogueItemPayload(values)),
  save: (client, { id, draft }) =>
    id === null
      ? client.call(api.create, { body: catalogueItemPayload(draft) })
      : client.call(api.update, { params: { id: catalogueItemId(id) }, body: catalogueItemPayload(draft) }),
});

/** Feeding, activities, courtesies and every other simple catalogue: one list flow, typed for their items. */
export const catalogueListMachine = createRecordListMachine<CatalogueItem>();

/** Their create/edit form flow. */
export const catalogueFormMachine = createRecordFormMachine<CatalogueItem, null, FieldValues>();
