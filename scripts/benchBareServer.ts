/**
 * A bare server beside the limit (issue 39 item 4, decision 085): the captured statements of each
 * heavy read served by plain Fastify routes, no hooks, no session, no contract, the plain
 * database's rows sent as JSON.stringify makes them. The bench asks it with the same client at the
 * same concurrency as the endpoint: what HTTP on this machine allows at best over the same SQL.
 *
 * BARE_ROUNDS names a JSON file of the rounds of each read (an array per read, in the bench's
 * order); DATA_DIR or DATABASE_URL the replay's copy of the database; PORT where to listen.
 * POST /write/:read/:n runs round n's write rolled back, GET /read/:read/:n its read, POST /vacuum
 * clears what the rolled-back writes left (decision 138).
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import Fastify from "fastify";
import { openDatabase } from "../server/db/open.ts";
import { type Round, replayOn, replayRead, replayWrite, vacuumRolledBack } from "./benchReplay.ts";

const rounds = JSON.parse(readFileSync(process.env.BARE_ROUNDS ?? "", "utf8")) as ReadonlyArray<ReadonlyArray<Round>>;
const db = await openDatabase({ DATA_DIR: process.env.DATA_DIR ?? tmpdir(), ...(process.env.DATABASE_URL === undefined ? {} : { DATABASE_URL: process.env.DATABASE_URL }) });
const replay = replayOn(db);
const roundOf = (params: unknown): Round | undefined => {
  const { read, n } = params as { read: string; n: string };
  const all = rounds[Number(read)] ?? [];
  return all[Number(n) % Math.max(1, all.length)];
};

const app = Fastify();
app.get("/health", async (_request, reply) => reply.type("application/json").send("{}"));
app.post("/write/:read/:n", async (request, reply) => {
  const round = roundOf(request.params);
  if (round === undefined) return reply.code(404).send();
  await replayWrite(replay, round);
  return reply.type("application/json").send("{}");
});
app.post("/vacuum", async (_request, reply) => {
  await vacuumRolledBack(replay);
  return reply.type("application/json").send("{}");
});
app.get("/read/:read/:n", async (request, reply) => {
  const round = roundOf(request.params);
  if (round === undefined) return reply.code(404).send();
  return reply.type("application/json").send(JSON.stringify(await replayRead(replay, round)));
});
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
