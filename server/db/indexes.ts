/**
 * Indexes that only reads use, set aside for a bulk write (the rebuild, the generated leads) and
 * created again after it: one build over the finished table is a single sort, where keeping them
 * row by row costs the writing a third of its time (the leads' search trigrams most).
 */
import { Schema } from "effect";
import type { Queryable } from "./database.ts";
import { queryRows } from "./rows.ts";

const IndexDefinition = Schema.Struct({ definition: Schema.String });

/**
 * Drops `indexes` and answers their definitions, storage options included, to be run again once
 * the rows are in. A name no index has any more fails here, before anything is written.
 */
export const setAsideIndexes = async (tx: Queryable, indexes: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  const definitions = await queryRows(
    tx,
    IndexDefinition,
    "select pg_get_indexdef(name::regclass) as definition from unnest($1::text[]) as name",
    [indexes],
  );
  if (indexes.length > 0) await tx.exec(`drop index ${indexes.join(", ")}`);
  return definitions.map((index) => index.definition);
};
