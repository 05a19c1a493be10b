/**
 * `npm run seed:leads -- 100000`: loads N generated leads (server/demo/generatedLeads.ts) into the
 * database the server would use (DATA_DIR or DATABASE_URL), for trying the lists at volume.
 */
import { prepareSchema } from "../server/schema.ts";
import { openDatabase } from "../server/db/open.ts";
import { decodeEnv } from "../server/env.ts";
import { seedGeneratedLeads } from "../server/demo/generatedLeads.ts";

const count = Number(process.argv[2] ?? "100000");
if (!Number.isInteger(count) || count <= 0) {
  console.error("usage: node --import tsx scripts/seed-leads.ts <number of leads>");
  process.exit(1);
}

const env = decodeEnv(process.env);
const db = await openDatabase(env);
try {
  await prepareSchema(db);
  const started = performance.now();
  await seedGeneratedLeads(db, count, count);
  // Fresh statistics and visibility map, as autovacuum would give them after a while.
  await db.query("vacuum analyze leads");
  const seconds = (performance.now() - started) / 1000;
  console.log(`${count} leads loaded into ${db.kind} in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} per second).`);
} finally {
  await db.close();
}
