/**
 * `npm run rebuild`: replays every event into empty projection tables (see events/rebuild.ts),
 * on the database the server would use.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { prepareSchema } from "./schema.ts";
import { openDatabase } from "./db/open.ts";
import { decodeEnv, EnvError } from "./env.ts";
import type { Database } from "./db/database.ts";
import { replayEvents } from "./events/rebuild.ts";
import { projections } from "./projections.ts";

/** Every feature's read tables rebuilt from the events. */
export const rebuildProjections = (db: Database): Promise<number> => replayEvents(db, projections);

const isScript = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);

if (isScript) {
  try {
    const env = decodeEnv(process.env);
    const db = await openDatabase(env);
    try {
      await prepareSchema(db);
      const replayed = await rebuildProjections(db);
      console.log(`Projections rebuilt from ${replayed} events (${db.kind}).`);
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exitCode = 1;
  }
}
