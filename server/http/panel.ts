import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/**
 * Serves the built panel from `distDir` when it holds an index.html: Vite's hashed files under
 * /assets are cached for a year, everything else (index.html above all) is revalidated, so a new
 * build is picked up at once.
 */
export const registerPanel = async (app: FastifyInstance, distDir: string): Promise<boolean> => {
  const root = resolve(distDir);
  if (!existsSync(join(root, "index.html"))) return false;
  const assets = `${join(root, "assets")}${sep}`;
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    // One route for every path, the file looked up when asked: `wildcard: false` reads the whole
    // directory at start and adds a route per file, 0.45 s of each start (decision 056). A path
    // without a file falls to the not-found handler, which answers client routes with index.html.
    wildcard: true,
    cacheControl: false,
    // `npm run build` writes .br and .gz beside each file: sent to browsers that accept them.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header("cache-control", path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
  return true;
};

/**
 * Whether an unmatched request is a client route of the panel (like /panel/users/7 on a hard
 * refresh), answered with index.html. Missing files (a name with an extension, or anything under
 * /assets) stay 404s so that the browser never runs HTML as a script.
 */
export const isClientRoute = (request: FastifyRequest): boolean => {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0] ?? "/";
  if (path.startsWith("/assets/")) return false;
  const last = path.split("/").pop() ?? "";
  return !last.includes(".");
};

export const sendIndex = (reply: FastifyReply): FastifyReply =>
  reply.header("cache-control", REVALIDATE).type("text/html; charset=utf-8").sendFile("index.html");
