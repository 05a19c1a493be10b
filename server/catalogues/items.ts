import { Schema } from "effect";
import { type CatalogueItem, type CatalogueItemPayload, catalogueItemProblems } from "../../src/api/catalogues.ts";
import { ApiError } from "../../src/api/errors.ts";
import { firstProblem } from "../../src/api/fields.ts";
import type { CatalogueItemFacts } from "../../src/machines/domain/catalogueItem.machine.ts";
import { messages } from "../../src/api/messages.ts";
import type { Queryable } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import type { ItemUse } from "../../src/records/catalogue.ts";
import type { CatalogueRecord } from "./projection.ts";

const ItemRow = Schema.Struct({ id: Schema.Int, name: Schema.String, active: Schema.Boolean });
const decodeItem = Schema.decodeUnknownSync(ItemRow);

/**
 * Names sort with the ICU root collation (accents and case after the letter, as a reader expects)
 * named explicitly, so PGlite (whose default collation is C) and PostgreSQL give the same order.
 */
export const listItems = async (db: Queryable, catalogue: CatalogueRecord): Promise<CatalogueItem[]> =>
  (
    await db.query<unknown>(
      `select id, name, active from ${catalogue.table} where status <> 'deleted'
       order by name collate "und-x-icu", id`,
    )
  ).map((row) => decodeItem(row));

/** A live (not deleted) item, or null. */
export const findItem = async (db: Queryable, catalogue: CatalogueRecord, id: number): Promise<CatalogueItem | null> => {
  const [row] = await db.query<unknown>(
    `select id, name, active from ${catalogue.table} where id = $1 and status <> 'deleted'`,
    [id],
  );
  return row === undefined ? null : decodeItem(row);
};

/** Like findItem, for a command: the row stays locked until the transaction ends; 404 when gone. */
const lockItem = async (tx: Queryable, catalogue: CatalogueRecord, id: number): Promise<CatalogueItem> => {
  const [row] = await tx.query<unknown>(
    `select id, name, active from ${catalogue.table} where id = $1 and status <> 'deleted' for update`,
    [id],
  );
  if (row === undefined) throw new ApiError(404, messages.notFound);
  return decodeItem(row);
};

/** The rows of one declared use of the item: a parameterised query over trusted declaration names. */
const itemUseQuery = (use: ItemUse): { readonly sql: string; readonly params: ReadonlyArray<string> } => {
  const matches = Object.entries(use.match ?? {});
  const conditions = [`${use.column} = $1`, ...matches.map(([column], index) => `${column} = $${index + 2}`)];
  return { sql: `select 1 as used from ${use.table} where ${conditions.join(" and ")} limit 1`, params: matches.map(([, value]) => value) };
};

/**
 * Whether anything the catalogue's declaration names (`usedBy`) points at the item: one in use may
 * be deactivated but not deleted.
 */
export const isCatalogueItemInUse = async (tx: Queryable, catalogue: CatalogueRecord, id: number): Promise<boolean> => {
  for (const use of catalogue.usedBy) {
    const { sql, params } = itemUseQuery(use);
    if ((await tx.query(sql, [id, ...params])).length > 0) return true;
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
  const [row] = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence($1, 'id'))::int as id", [
    catalogue.table,
  ]);
  if (!row) throw new Error(`no id from the ${catalogue.table} sequence`);
  const event = { type: "catalogueItem.create", name: payload.name.trim(), active: payload.active ?? true } as const;
  await decide(tx, catalogue, String(row.id), event, options, formFacts(payload));
  return row.id;
};

/**
 * Saves the edit form: one event per change (rename, then activate or deactivate), none when the
 * form changes nothing. `active` left out keeps the item's state.
 */
export const updateItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: number,
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
  id: number,
  options: CommandOptions,
): Promise<void> => {
  await lockItem(tx, catalogue, id);
  const facts = { fieldProblem: null, isInUse: await isCatalogueItemInUse(tx, catalogue, id) };
  await decide(tx, catalogue, String(id), { type: "catalogueItem.delete" }, options, facts);
};
