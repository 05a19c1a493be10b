import { Schema } from "effect";
import type { Database, Queryable } from "../db/database.ts";
import { execute, queryRows } from "../db/rows.ts";
import { MAX_RUN, type Projection, projectionOf, registerProjections } from "./projection.ts";
import { EventRow, eventColumns, type StoredEvent, toStoredEvent } from "./store.ts";

const PAGE = 1000;

/**
 * Writes events in id order: one by one through their projection's `apply`, except consecutive
 * events its batch takes, which are held as a run and written together when an event it does not
 * take comes (that event may read their rows), at MAX_RUN, or at `finish`.
 */
const replayer = (tx: Queryable) => {
  let run: StoredEvent[] = [];
  let runProjection: Projection | null = null;
  const flush = async () => {
    if (runProjection?.batch && run.length > 0) await runProjection.batch.apply(tx, run);
    run = [];
    runProjection = null;
  };
  return {
    replay: async (event: StoredEvent): Promise<void> => {
      const projection = projectionOf(event.stream);
      if (!projection.batch?.takes(event)) {
        await flush();
        return projection.apply(tx, event);
      }
      if (projection !== runProjection || run.length === MAX_RUN) await flush();
      runProjection = projection;
      run.push(event);
    },
    finish: flush,
  };
};

const IndexRow = Schema.Struct({ name: Schema.String, definition: Schema.String });

/**
 * Drops the inverted (GIN) indexes of `tables` and answers their definitions, to create them again
 * once the rows are in: such an index (the leads' search trigrams) is costly to keep row by row,
 * and written again for each row the replay updates afterwards (a lead's ordinal), where one
 * build over the finished table is a single sort. The replay never reads through them (they serve
 * searches), unlike the b-tree indexes, which stay.
 */
const dropInvertedIndexes = async (tx: Queryable, tables: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  const indexes = await queryRows(
    tx,
    IndexRow,
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class t on t.oid = i.indrelid
       join pg_class x on x.oid = i.indexrelid
       join pg_am m on m.oid = x.relam
      where t.relnamespace = 'public'::regnamespace and t.relname = any($1::text[]) and m.amname = 'gin'
      order by 1`,
    [tables],
  );
  if (indexes.length > 0) await tx.exec(`drop index ${indexes.map((index) => index.name).join(", ")}`);
  return indexes.map((index) => index.definition);
};

/**
 * Empties every table of `projections` and replays every event in id order, in one transaction,
 * lets each projection settle what its batches left, creates again the inverted indexes set aside
 * for the replay, then sets each id sequence past the highest replayed id. Answers how many
 * events were replayed.
 */
export const replayEvents = (db: Database, projections: ReadonlyArray<Projection>): Promise<number> =>
  db.transaction(async (tx) => {
    registerProjections(projections);
    const tables = projections.flatMap((projection) => projection.tables);
    await tx.exec(`truncate ${tables.join(", ")}`);
    const invertedIndexes = await dropInvertedIndexes(tx, tables);
    const events = replayer(tx);
    let replayed = 0;
    let lastId = 0;
    for (;;) {
      const sql = `select ${eventColumns} from events where id > $1 order by id limit ${PAGE}`;
      const page: StoredEvent[] = (await queryRows(tx, EventRow, sql, [lastId])).map(toStoredEvent);
      for (const event of page) await events.replay(event);
      replayed += page.length;
      const last = page.at(-1);
      if (last === undefined || page.length < PAGE) break;
      lastId = last.id;
    }
    await events.finish();
    for (const projection of projections) await projection.settle?.(tx);
    for (const definition of invertedIndexes) await tx.exec(definition);
    for (const { table, column } of projections.flatMap((projection) => projection.sequences)) {
      await execute(
        tx,
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${column}) from ${table}), 0) + 1, false)`,
        [table, column],
      );
    }
    return replayed;
  });
