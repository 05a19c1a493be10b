import type { CatalogueEndpoints } from "../../api/catalogues.ts";
import type { ApiClient } from "../../api/client.ts";
import type { CatalogueChoices } from "../catalogues/catalogues.ts";

/**
 * What a record's form loads: the record (none for a new one) and, beside it, each reference
 * field's live items from the list call of its catalogue, by field name (a departure's yacht and
 * itinerary, a passenger's agency and nationality).
 */
export const loadWithChoices = async <Item>(
  client: ApiClient,
  choices: Readonly<Record<string, CatalogueEndpoints["list"]>>,
  item: Promise<Item> | null,
): Promise<{ readonly item: Item | null; readonly options: CatalogueChoices }> => {
  const [loaded, ...lists] = await Promise.all([item, ...Object.values(choices).map((list) => client.call(list))]);
  return { item: loaded, options: Object.fromEntries(Object.keys(choices).map((name, index) => [name, lists[index] ?? []])) };
};
