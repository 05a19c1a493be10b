/** `npm run serve`: the API and the built panel on HOST:PORT. */
import { seed } from "./seed.ts";
import { buildApp } from "./app.ts";
import { registerProjections } from "./events/projection.ts";
import { projections } from "./projections.ts";
import { prepareSchema } from "./schema.ts";
import { openDatabase } from "./db/open.ts";
import { decodeEnv, EnvError, type Env, holdPolicy } from "./env.ts";
import { createLogger } from "./log.ts";
import { createMailer } from "./mail/mailer.ts";
import { startDueWork } from "./reservations/worker.ts";
import { startUpkeep } from "./db/upkeep.ts";
import { loggingOwnReads, loggingStatements, statementFile, timingStatements } from "./db/statementLog.ts";

const readEnv = (): Env => {
  try {
    return decodeEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

const env = readEnv();
const log = createLogger(env.LOG_LEVEL);
const opened = await openDatabase(env);
const statementLog = env.STATEMENT_LOG === undefined ? undefined : statementFile(env.STATEMENT_LOG);
if (statementLog !== undefined) loggingOwnReads(statementLog);
const logged = statementLog === undefined ? opened : loggingStatements(opened, statementLog);
const db = env.STATEMENT_TIMING ? timingStatements(logged) : logged;
log.info(env.DATABASE_URL ? "Database: PostgreSQL (DATABASE_URL)" : `Database: embedded PGlite in ${env.DATA_DIR}`);
registerProjections(projections);
const applied = await prepareSchema(db);
if (applied.length > 0) log.info(`Migrations applied: ${applied.join(", ")}`);
await seed(db, env, log, new Date());
const mailer = createMailer(env, db, log);
const app = await buildApp({ db, mailer, env, logger: log });
await app.listen({ host: env.HOST, port: env.PORT });
const address = app.server.address();
const port = typeof address === "object" && address !== null ? address.port : env.PORT;
log.info(`Back office ready at http://${env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST}:${port}/panel`);

// The first requests after a start go before the background rounds, which otherwise hold the
// embedded database's one connection for their first 0.2-0.4 s (decision 114).
const BACKGROUND_AFTER_START_MS = 2_000;
const stopDueWork = startDueWork({ db, mailer, policy: holdPolicy(env), log, intervalSeconds: env.EXPIRY_INTERVAL_SECONDS, firstAfterMs: BACKGROUND_AFTER_START_MS });
const UPKEEP_INTERVAL_MS = 60 * 60_000;
const stopUpkeep = startUpkeep(db, UPKEEP_INTERVAL_MS, log, BACKGROUND_AFTER_START_MS);

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  log.info(`${signal}: closing`);
  try {
    await stopDueWork();
    await stopUpkeep();
    await app.close();
    await db.close();
  } finally {
    process.exit(0);
  }
};
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
