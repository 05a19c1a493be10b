/** The bench's light client (decision 131): what the figures against the limit ask the servers with. */
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { lightClient } from "../../scripts/benchRawClient.ts";

const servers: FastifyInstance[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A server answering an echo, a large body, a chunked stream, and counting its connections. */
const started = async () => {
  const app = Fastify();
  servers.push(app);
  let connections = 0;
  app.server.on("connection", () => {
    connections += 1;
  });
  app.post("/echo", async (request, reply) => reply.code(201).send({ got: request.body, auth: request.headers.authorization ?? null }));
  app.get("/large/:size", async (request) => "é".repeat(Number((request.params as { size: string }).size)));
  app.get("/missing", async (_request, reply) => reply.code(404).send({ error: "missing" }));
  app.get("/chunked", async (_request, reply) => {
    reply.raw.writeHead(200, { "transfer-encoding": "chunked" });
    reply.raw.end("no length");
    return reply;
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, connections: () => connections };
};

describe("the bench's light client", () => {
  it("sends a JSON body and headers, and answers the status and the body's bytes", async () => {
    const { url } = await started();
    const client = lightClient(url);
    const answer = await client.request({ method: "POST", path: "/echo", headers: { authorization: "Bearer t" }, body: { name: "Isla Española", n: 7 } });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString("utf8"))).toEqual({ got: { name: "Isla Española", n: 7 }, auth: "Bearer t" });
    expect((await client.request({ method: "GET", path: "/missing" })).status).toBe(404);
    client.close();
  });

  it("reads a body that arrives in many chunks to its last byte, and the next answer on the same socket apart from it", async () => {
    const { url } = await started();
    const client = lightClient(url);
    const large = await client.request({ method: "GET", path: "/large/300000" });
    expect(large.body.toString("utf8")).toBe("é".repeat(300_000));
    const small = await client.request({ method: "GET", path: "/large/3" });
    expect(small.body.toString("utf8")).toBe("ééé");
    client.close();
  });

  it("opens a socket for each request in flight and keeps it for the next", async () => {
    const { url, connections } = await started();
    const client = lightClient(url);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => client.request({ method: "GET", path: `/large/${n}` })));
      expect(answers.map((answer) => answer.body.length)).toEqual(Array.from({ length: 8 }, (_, n) => 2 * n));
    }
    expect(connections()).toBe(8);
    client.close();
  });

  it("refuses an answer without a length instead of waiting for it forever", async () => {
    const { url } = await started();
    const client = lightClient(url);
    await expect(client.request({ method: "GET", path: "/chunked" })).rejects.toThrow(/chunked/);
    client.close();
  });
});
