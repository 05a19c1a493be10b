import { Schema } from "effect";
import type { CatalogueItem } from "../../src/api/catalogues.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import type { Queryable } from "../db/database.ts";
import { type CommandOptions, decide } from "../events/command.ts";
import type { CatalogueRecord } from "../events/projections/catalogueItems.ts";

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

/**
 * Whether a destination includes the item. Destinations record their items in
 * itinerary_catalogue_items (filled by the destinations' projection); an item in use may be
 * deactivated but not deleted.
 */
export const isCatalogueItemInUse = async (tx: Queryable, catalogue: CatalogueRecord, id: number): Promise<boolean> => {
  const rows = await tx.query<{ used: number }>(
    "select 1 as used from itinerary_catalogue_items where catalogue = $1 and item_id = $2 limit 1",
    [catalogue.stream, id],
  );
  return rows.length > 0;
};

export interface ItemFields {
  /** Already trimmed and checked. */
  readonly name: string;
  readonly active: boolean;
}

/** Adds an item through the event store and answers its id. */
export const createItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  item: ItemFields,
  options: CommandOptions,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence($1, 'id'))::int as id", [
    catalogue.table,
  ]);
  if (!row) throw new Error(`no id from the ${catalogue.table} sequence`);
  await decide(tx, catalogue, String(row.id), { type: "catalogueItem.create", ...item }, options);
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
  change: { readonly name: string; readonly active?: boolean },
  options: CommandOptions,
): Promise<void> => {
  const current = await lockItem(tx, catalogue, id);
  const streamId = String(id);
  if (change.name !== current.name) {
    await decide(tx, catalogue, streamId, { type: "catalogueItem.rename", name: change.name }, options);
  }
  if (change.active !== undefined && change.active !== current.active) {
    const type = change.active ? "catalogueItem.activate" : "catalogueItem.deactivate";
    await decide(tx, catalogue, streamId, { type }, options);
  }
};

/** Deletes an item no destination uses (409 itemInUse otherwise). */
export const deleteItem = async (
  tx: Queryable,
  catalogue: CatalogueRecord,
  id: number,
  options: CommandOptions,
): Promise<void> => {
  await lockItem(tx, catalogue, id);
  if (await isCatalogueItemInUse(tx, catalogue, id)) throw new ApiError(409, messages.itemInUse);
  await decide(tx, catalogue, String(id), { type: "catalogueItem.delete" }, options);
};
