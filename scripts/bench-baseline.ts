/**
 * The bench's baseline: bare Fastify answering, from memory, the bytes the real server answered
 * for each measured request (read from the JSON file named by argv[2], on the port of argv[3]).
 * What the real server does beyond this (database, sessions, validation) is its cost over it.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly etag?: string;
}

const [file, port] = process.argv.slice(2);
if (file === undefined || port === undefined) throw new Error("usage: bench-baseline.ts <responses.json> <port>");
const recorded: ReadonlyArray<Recorded> = JSON.parse(readFileSync(file, "utf8"));
const answers = new Map(recorded.map((answer) => [`${answer.method} ${answer.path}`, answer]));
const bodies = new Map(recorded.map((answer) => [`${answer.method} ${answer.path}`, Buffer.from(answer.body, "base64")]));
const app = Fastify();
// Fastify's JSON parser reads the login and lead bodies as the real server does.
app.route({
  method: ["GET", "POST"],
  url: "/*",
  handler: async (request, reply) => {
    const key = `${request.method} ${request.url}`;
    const answer = answers.get(key);
    if (answer === undefined) return reply.code(404).send();
    if (answer.etag !== undefined && request.headers["if-none-match"] === answer.etag) return reply.code(304).send();
    return reply.code(answer.status).type(answer.contentType).send(bodies.get(key));
  },
});
await app.listen({ host: "127.0.0.1", port: Number(port) });
console.log("baseline ready");
