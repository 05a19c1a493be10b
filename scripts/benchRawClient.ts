/**
 * A load generator that does not parse bodies (issue 39 item 4, decision 085): keep-alive sockets,
 * one request in flight on each, the answer's status line and headers read, its body only counted
 * off by Content-Length. autocannon parses every byte of a 237 KB image, which on two shared cores
 * was what the image rows measured (bare Fastify gave 213 req/s through it).
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
      const end = head.indexOf(HEADER_END);
      if (end < 0) return;
      const header = head.subarray(0, end).toString("latin1");
      status = header.slice(9, 12);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1];
      remaining = Number(length ?? "0") - (head.length - end - HEADER_END.length);
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
  const lines = [`GET ${load.path} HTTP/1.1`, `host: ${hostname}:${port}`, "connection: keep-alive", ...Object.entries(load.headers).map(([name, value]) => `${name}: ${value}`)];
  const request = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
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
