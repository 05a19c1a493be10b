/** Helpers shared by the hardening tests. */
import type { Queryable } from "../../server/db/database.ts";

/** How many events the log holds: a refused request must leave it unchanged. */
export const eventCount = async (db: Queryable): Promise<number> => {
  const [row] = await db.query<{ count: number }>("select count(*)::int as count from events");
  return row?.count ?? 0;
};

/** How many stored images there are. */
export const uploadCount = async (db: Queryable): Promise<number> => {
  const [row] = await db.query<{ count: number }>("select count(*)::int as count from uploads");
  return row?.count ?? 0;
};

/** Whether a body gives away the server's insides: a stack frame or a file path. */
export const leaksInternals = (text: string): boolean =>
  /\bat .+:\d+:\d+|node_modules|\/work\/|\/home\/|\/tmp\/|[A-Za-z]:\\|\.ts\b:\d|Error: /.test(text);
