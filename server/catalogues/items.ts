import { CatalogueItem, type CatalogueItemPayload, catalogueItemProblems } from "../../src/api/catalogues.ts";
import type { CatalogueItemId } from "../../src/api/ids.ts";
import { firstProblem } from "../../src/api/fields.ts";
import type { CatalogueItemFacts } from "../../src/machines/domain/catalogueItem.machine.ts";
import type { Queryable } from "../db/database.ts";
import { queryExists, queryOne, queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, decideNew } from "../events/command.ts";
import { orNotFound } from "../http/found.ts";
import type { ItemUse } from "../../src/records/catalogue.ts";
import type { CatalogueRecord } from "./projection.ts";

/**
 * Names sort with the ICU root collation (accents and case after the letter, as a reader expects)
 * named explicitly, so PGlite (whose default collation is C) and PostgreSQL give the same order.
 */
export const listItems = (db: Queryable, catalogue: CatalogueRecord): Promise<CatalogueItem[]> =>
  queryRows(
    db,
    CatalogueItem,
    `select id, name, active from ${catalogue.table} where status <> 'deleted'
     order by name collate "und-x-icu", id`,
  );

/** A live (not deleted) item, or null; `lock` ("for update") keeps it locked until the transaction ends. */
export const findItem = (db: Queryable, catalogue: CatalogueRecord, id: CatalogueItemId, lock = ""): Promise<CatalogueItem | null> =>
  queryOne(
    db,
    CatalogueItem,
    `select id, name, active from ${catalogue.table} where id = $1 and status <> 'deleted' ${lock}`,
    [id],
  );

/** Like findItem, for a command: the row stays locked until the transaction ends; 404 when gone. */
const lockItem = async (tx: Queryable, catalogue: CatalogueRecord, id: CatalogueItemId): Promise<CatalogueItem> =>
  orNotFound(await findItem(tx, catalogue, id, "for update"));

/** The rows of one declared use of the item: a parameterised query over trusted declaration names. */
const itemUseQuery = (use: ItemUse): { readonly sql: string; readonly params: ReadonlyArray<string> } => {
  const matches = Object.entries(use.match ?? {});
  const conditions = [`${use.column} = $1`, ...matches.map(([column], index) => `${column} = $${index + 2}`)];
  return { sql: `select from ${use.table} where ${conditions.join(" and ")}`, params: matches.map(([, value]) => value) };
};

/**
 * Whether anything the catalogue's declaration names (`usedBy`) points at the item: one in use may
 * be deactivated but not deleted.
 */
export const isCatalogueItemInUse = async (tx: Queryable, catalogue: CatalogueRecord, id: CatalogueItemId): Promise<boolean> => {
  for (const use of catalogue.usedBy) {
    const { sql, params } = itemUseQuery(use);
    if (await queryExists(tx, sql, [id, ...params])) return true;
  }
  return false;
};

/** The facts the item's machine decides a create or an edit with: the form's field problem. */
const formFacts = (payload: CatalogueItemPayload): CatalogueItemFacts => ({
  fieldProblem: firstProblem(catalogueItemProblems(payload)),
  isInUse: false,
});

/** Adds an item through the event store and answers its id. */
export const createItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  payload: CatalogueItemPayload,
  options: CommandOptions,
): Promise<number> => {
  const event = { type: "catalogueItem.create", name: payload.name.trim(), active: payload.active ?? true } as const;
  return decideNew(tx, catalogue, event, options, formFacts(payload));
};

/**
 * Saves the edit form: one event per change (rename, then activate or deactivate), none when the
 * form changes nothing. `active` left out keeps the item's state.
 */
export const updateItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: CatalogueItemId,
  payload: CatalogueItemPayload,
  options: CommandOptions,
): Promise<void> => {
  const current = await lockItem(tx, catalogue, id);
  const streamId = String(id);
  const name = payload.name.trim();
  if (name !== current.name) {
    await decide(tx, catalogue, streamId, { type: "catalogueItem.rename", name }, options, formFacts(payload));
  }
  if (payload.active !== undefined && payload.active !== current.active) {
    const type = payload.active ? "catalogueItem.activate" : "catalogueItem.deactivate";
    await decide(tx, catalogue, streamId, { type }, options);
  }
};

/** Deletes an item; its machine refuses one a destination uses (409 itemInUse). */
export const deleteItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: CatalogueItemId,
  options: CommandOptions,
): Promise<void> => {
  await lockItem(tx, catalogue, id);
  const facts = { fieldProblem: null, isInUse: await isCatalogueItemInUse(tx, catalogue, id) };
  await decide(tx, catalogue, String(id), { type: "catalogueItem.delete" }, options, facts);
};
