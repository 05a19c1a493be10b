/** Helpers shared by the hardening tests. */
import type { Queryable } from "../../server/db/database.ts";

/** How many events the log holds: a refused request must leave it unchanged. */
export const eventCount = async (db: Queryable): Promise<number> => {
  const [row] = await db.query<{ count: number }>("select count(*)::int as count from events");
  return row?.count ?? 0;
};

/** The id of the newest event, 0 when there is none. */
export const lastEventId = async (db: Queryable): Promise<number> => {
  const [row] = await db.query<{ id: number | null }>("select max(id)::int as id from events");
  return row?.id ?? 0;
};

/** The events appended after `id`, as stream and type, so a failure names what was written. */
export const eventsAfter = (db: Queryable, id: number) =>
  db.query<{ stream: string; type: string; stream_id: string }>(
    "select stream, type, stream_id from events where id > $1 order by id",
    [id],
  );

/** How many stored images there are. */
export const uploadCount = async (db: Queryable): Promise<number> => {
  const [row] = await db.query<{ count: number }>("select count(*)::int as count from uploads");
  return row?.count ?? 0;
};

/** Whether a body gives away the server's insides: a stack frame or a file path. */
export const leaksInternals = (text: string): boolean =>
  /\bat .+:\d+:\d+|node_modules|\/work\/|\/home\/|\/tmp\/|[A-Za-z]:\\|\.ts\b:\d|Error: /.test(text);
