/**
 * Load generators that do not parse bodies (issue 39 item 4, decisions 085 and 131): keep-alive
 * sockets, one request in flight on each, the answer's status line and headers read, its body only
 * counted off by Content-Length. autocannon parses every byte of a 237 KB image, which on two shared
 * cores was what the image rows measured (bare Fastify gave 213 req/s through it); Node's fetch
 * took about 0.5 ms of a core for each request, a third of what a hold costs its server.
 */
import { connect, type Socket } from "node:net";
import { percentile } from "./benchSupport.ts";

export interface RawLoad {
  readonly url: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly connections: number;
  readonly seconds: number;
}

export interface RawResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Answers by status; a connection lost counts under "error". */
  readonly statuses: Record<string, number>;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/** Where an answer's header ends, its status and the body's length; null while the header is not all in. */
const headerOf = (head: Buffer): { readonly status: string; readonly bodyStart: number; readonly length: number } | null => {
  const end = head.indexOf(HEADER_END);
  if (end < 0) return null;
  const header = head.subarray(0, end).toString("latin1");
  if (/\r\ntransfer-encoding:\s*chunked/i.test(header)) throw new Error("a chunked answer: the light client reads answers with a Content-Length only");
  return { status: header.slice(9, 12), bodyStart: end + HEADER_END.length, length: Number(/\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1] ?? "0") };
};

/** A keep-alive request's bytes: its line, the host, its headers, and the body after them. */
const requestBytes = (method: string, path: string, host: string, headers: Record<string, string>, payload: Buffer | null): Buffer => {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `host: ${host}`,
    "connection: keep-alive",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(payload === null ? [] : ["content-type: application/json", `content-length: ${payload.length}`]),
  ];
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return payload === null ? head : Buffer.concat([head, payload]);
};

/** One request on a light client: its method, path, headers and JSON body. */
export interface LightRequest {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

/** A client asking one server over keep-alive sockets, a socket for each request in flight: the answer's status and its body's bytes, unparsed. */
export interface LightClient {
  request(request: LightRequest): Promise<{ readonly status: number; readonly body: Buffer }>;
  close(): void;
}

interface Waiting {
  readonly resolve: (answer: { readonly status: number; readonly body: Buffer }) => void;
  readonly reject: (error: Error) => void;
}

/**
 * The bench's clients at concurrency (decision 131): each loop of `loaded` has one request in
 * flight, so a socket is taken from the idle ones or opened, and given back once its answer is in.
 */
export const lightClient = (url: string): LightClient => {
  const { hostname, port } = new URL(url);
  const idle: Socket[] = [];
  const open = new Set<Socket>();
  const waiting = new Map<Socket, Waiting>();
  const opened = (): Socket => {
    const socket = connect({ host: hostname, port: Number(port), noDelay: true });
    open.add(socket);
    /** The current answer's bytes so far, and its header once read. */
    let chunks: Buffer[] = [];
    let received = 0;
    let answer: ReturnType<typeof headerOf> = null;
    const fail = (error: Error) => {
      open.delete(socket);
      const at = idle.indexOf(socket);
      if (at >= 0) idle.splice(at, 1);
      waiting.get(socket)?.reject(error);
      waiting.delete(socket);
    };
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (answer === null) {
        try {
          answer = headerOf(chunks.length === 1 ? chunk : Buffer.concat(chunks));
        } catch (error) {
          socket.destroy();
          fail(error as Error);
          return;
        }
      }
      if (answer === null || received < answer.bodyStart + answer.length) return;
      const whole = chunks.length === 1 ? chunk : Buffer.concat(chunks, received);
      const { status, bodyStart, length } = answer;
      chunks = [];
      received = 0;
      answer = null;
      const asker = waiting.get(socket);
      waiting.delete(socket);
      idle.push(socket);
      asker?.resolve({ status: Number(status), body: whole.subarray(bodyStart, bodyStart + length) });
    });
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("the server closed the connection")));
    return socket;
  };
  return {
    request: ({ method, path, headers = {}, body }) =>
      new Promise((resolve, reject) => {
        const socket = idle.pop() ?? opened();
        waiting.set(socket, { resolve, reject });
        socket.write(requestBytes(method, path, `${hostname}:${port}`, headers, body === undefined ? null : Buffer.from(JSON.stringify(body))));
      }),
    close: () => {
      for (const socket of open) socket.destroy();
      open.clear();
      idle.length = 0;
    },
  };
};

/** One connection asking `request` again and again until `until`, each answer's time in `latencies`. */
const connection = (host: string, port: number, request: Buffer, until: number, latencies: number[], statuses: Record<string, number>): Promise<void> =>
  new Promise((resolve) => {
    const socket: Socket = connect({ host, port, noDelay: true });
    let head: Buffer = Buffer.alloc(0);
    /** Body bytes still to come of the current answer; -1 while its header is read. */
    let remaining = -1;
    let status = "";
    let sent = 0;
    const send = () => {
      if (performance.now() >= until) {
        socket.end();
        resolve();
        return;
      }
      sent = performance.now();
      head = Buffer.alloc(0);
      remaining = -1;
      socket.write(request);
    };
    const answered = () => {
      latencies.push(performance.now() - sent);
      statuses[status] = (statuses[status] ?? 0) + 1;
      send();
    };
    socket.on("connect", send);
    socket.on("data", (chunk: Buffer) => {
      if (remaining >= 0) {
        remaining -= chunk.length;
        if (remaining <= 0) answered();
        return;
      }
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const answer = headerOf(head);
      if (answer === null) return;
      status = answer.status;
      remaining = answer.length - (head.length - answer.bodyStart);
      if (remaining <= 0) answered();
    });
    socket.on("error", () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
  });

/** `connections` sockets asking `path` back to back for `seconds`. */
export const rawLoad = async (load: RawLoad): Promise<RawResult> => {
  const { hostname, port } = new URL(load.url);
  const request = requestBytes("GET", load.path, `${hostname}:${port}`, load.headers, null);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const until = started + load.seconds * 1000;
  await Promise.all(Array.from({ length: load.connections }, () => connection(hostname, Number(port), request, until, latencies, statuses)));
  return {
    rps: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
  };
};
