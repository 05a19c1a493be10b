import { Schema } from "effect";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { listItems } from "../catalogues/items.ts";
import type { CatalogueRecord } from "../catalogues/projection.ts";

const NamedRow = Schema.Struct({ id: Schema.Int, name: Schema.String });

/**
 * The ids of the live (not deleted) rows of `table` named `names`, in the order of `names`: demo
 * content created earlier in the same seeding transaction. One missing is a bug of the demo.
 */
export const idsByName = async (tx: Queryable, table: string, names: ReadonlyArray<string>): Promise<number[]> => {
  const rows = await queryRows(
    tx,
    NamedRow,
    `select id, name from ${table} where name = any($1::text[]) and status <> 'deleted'`,
    [names],
  );
  return names.map((name) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (row === undefined) throw new Error(`demo ${table} row missing: ${name}`);
    return row.id;
  });
};

/** The id of the item named `name` in a catalogue (the demo points at what it just created). */
export const idOf = async (tx: Queryable, catalogue: CatalogueRecord, name: string): Promise<number> => {
  const item = (await listItems(tx, catalogue)).find((candidate) => candidate.name === name);
  if (item === undefined) throw new Error(`the demo needs '${name}' in ${catalogue.key}`);
  return item.id;
};
