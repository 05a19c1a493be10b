import type { Database } from "../db/database.ts";
import { execute, queryRows } from "../db/rows.ts";
import { type Projection, project, registerProjections } from "./projection.ts";
import { EventRow, eventColumns, type StoredEvent, toStoredEvent } from "./store.ts";

const BATCH = 1000;

/**
 * Empties every table of `projections` and replays every event in id order, in one transaction,
 * then sets each id sequence past the highest replayed id. Answers how many events were replayed.
 */
export const replayEvents = (db: Database, projections: ReadonlyArray<Projection>): Promise<number> =>
  db.transaction(async (tx) => {
    registerProjections(projections);
    await tx.exec(`truncate ${projections.flatMap((projection) => projection.tables).join(", ")}`);
    let replayed = 0;
    let lastId = 0;
    for (;;) {
      const sql = `select ${eventColumns} from events where id > $1 order by id limit ${BATCH}`;
      const batch: StoredEvent[] = (await queryRows(tx, EventRow, sql, [lastId])).map(toStoredEvent);
      for (const event of batch) await project(tx, event);
      replayed += batch.length;
      const last = batch.at(-1);
      if (last === undefined || batch.length < BATCH) break;
      lastId = last.id;
    }
    for (const { table, column } of projections.flatMap((projection) => projection.sequences)) {
      await execute(
        tx,
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${column}) from ${table}), 0) + 1, false)`,
        [table, column],
      );
    }
    return replayed;
  });
