import type { FastifyInstance, FastifyReply } from "fastify";
import { API_BASE } from "../../src/api/index.ts";
import { messages } from "../../src/api/messages.ts";
import type { Queryable } from "../db/database.ts";
import { findImage, imageExists } from "./store.ts";

export interface UploadsContext {
  readonly db: Queryable;
}

/** Folder names the upload endpoints fix (`tiptops`, `home_page`); anything else cannot exist. */
const folderPattern = /^[a-z_]{1,40}$/;
const filePattern = /^([0-9a-f]{64})\.(jpg|png|webp|avif|gif)$/;

const YEAR_SECONDS = 31_536_000;

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
const matches = (header: string | undefined, etag: string): boolean =>
  header?.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  }) ?? false;

const notFound = (reply: FastifyReply) =>
  reply.code(404).header("cache-control", "no-store").send({ data: messages.notFound });

const immutable = (reply: FastifyReply, etag: string) =>
  reply
    .header("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`)
    .header("etag", etag)
    // The type comes from the content check at upload; browsers must not guess another one.
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox");

/**
 * Serves stored images at /api/uploads/<folder>/<sha256>.<ext> without a session: the public
 * landing page shows them. The name is the content's hash, so an answer never changes: a year of
 * immutable cache, the hash as ETag, 304 when the browser already has it. Not an endpoint of the
 * contract, whose answers are JSON envelopes; a miss still answers the contract's 404 JSON.
 */
export const registerUploadRoutes = (app: FastifyInstance, context: UploadsContext): void => {
  app.get<{ Params: { folder: string; file: string } }>(`${API_BASE}/uploads/:folder/:file`, async (request, reply) => {
    const { folder, file } = request.params;
    const [, sha256, ext] = filePattern.exec(file) ?? [];
    if (!folderPattern.test(folder) || sha256 === undefined || ext === undefined) return notFound(reply);
    const etag = `"${sha256}"`;
    if (matches(request.headers["if-none-match"], etag)) {
      // A browser revalidating its copy needs no bytes read: the name is the content's hash.
      if (!(await imageExists(context.db, folder, sha256, ext))) return notFound(reply);
      return immutable(reply, etag).code(304).send();
    }
    const image = await findImage(context.db, folder, sha256, ext);
    if (image === null) return notFound(reply);
    return immutable(reply, etag).code(200).type(image.mime).send(image.bytes);
  });
};
