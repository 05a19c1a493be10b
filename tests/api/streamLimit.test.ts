/**
 * Live streams per user (issue 35, item 6; decision 058): one user keeps at most
 * MAX_STREAMS_PER_USER streams of changes open on a server; one more is refused with 429 in the
 * usual envelope, and is let in again once one of theirs is closed. Another user is not concerned.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_USER } from "../../server/http/register.ts";
import { messages } from "../../src/api/messages.ts";
import { testDatabase } from "../setup/database.ts";
import { createStaff, sessionFor, startServer, type TestServer } from "./support.ts";

const db = testDatabase();
let server: TestServer;

beforeAll(async () => {
  server = await startServer(db);
});

afterAll(async () => {
  await server?.close();
});

/** Every stream a test opened, closed after it. */
const opened: AbortController[] = [];

afterEach(() => {
  for (const controller of opened.splice(0)) controller.abort();
});

interface Stream {
  readonly status: number;
  readonly body: unknown;
  readonly cacheControl: string | null;
  close(): void;
}

/** Opens the live stream as the panel does, and keeps it open until closed. */
const openStream = async (token: string): Promise<Stream> => {
  const controller = new AbortController();
  opened.push(controller);
  const response = await fetch(`${server.base}/api/events/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
    signal: controller.signal,
  });
  const streaming = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  return {
    status: response.status,
    body: streaming ? undefined : ((await response.json()) as unknown),
    cacheControl: response.headers.get("cache-control"),
    close: () => controller.abort(),
  };
};

/** Opens streams until one is let in, for a while: a closed stream is counted off when the server hears it closed. */
const openOnceFreed = async (token: string): Promise<Stream> => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const stream = await openStream(token);
    if (stream.status === 200) return stream;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no stream was let in");
};

describe("GET /api/events/stream", () => {
  it(`keeps one user to ${MAX_STREAMS_PER_USER} open streams: one more is 429, let in once one of theirs closes`, async () => {
    const rosa = await sessionFor(server, db, await createStaff(db, { email: "rosa@agencia.example.com", role: "agency" }));
    const streams: Stream[] = [];
    for (let count = 0; count < MAX_STREAMS_PER_USER; count += 1) streams.push(await openStream(rosa));
    expect(streams.map((stream) => stream.status)).toEqual(Array<number>(MAX_STREAMS_PER_USER).fill(200));
    const refused = await openStream(rosa);
    expect([refused.status, refused.body, refused.cacheControl]).toEqual([429, { data: messages.tooManyAttempts }, "no-store"]);
    // another session of the same user counts with the first
    const rosaAgain = await sessionFor(server, db, await userIdOf("rosa@agencia.example.com"));
    expect((await openStream(rosaAgain)).status).toBe(429);
    // a colleague of the same agency is another user
    const luis = await sessionFor(server, db, await createStaff(db, { email: "luis@agencia.example.com", role: "agency" }));
    expect((await openStream(luis)).status).toBe(200);
    streams[0]?.close();
    expect((await openOnceFreed(rosa)).status).toBe(200);
    expect((await openStream(rosa)).status).toBe(429);
  });
});

const userIdOf = async (email: string): Promise<number> => {
  const [row] = await db.query<{ id: number }>("select id from users where email = $1", [email]);
  if (row === undefined) throw new Error(`no user ${email}`);
  return row.id;
};
