import { Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { ImageWidth } from "../../src/api/images.ts";
import { API_BASE } from "../../src/api/index.ts";
import { messages } from "../../src/api/messages.ts";
import type { Database } from "../db/database.ts";
import { resizeImage, STORED_IMAGE } from "./images.ts";
import { findImage, imageExists, type StoredImage } from "./store.ts";

export interface UploadsContext {
  readonly db: Database;
}

/** Folder names the upload endpoints fix (`tiptops`, `home_page`); anything else cannot exist. */
const folderPattern = /^[a-z_]{1,40}$/;
const filePattern = /^([0-9a-f]{64})\.(jpg|png|webp|avif|gif)$/;
/** The last segment of a width's path (src/api/images.ts imageVariantPath); which widths exist is ImageWidth. */
const variantPattern = /^(\d{1,5})\.webp$/;
const isImageWidth = Schema.is(ImageWidth);

const YEAR_SECONDS = 31_536_000;

/** The bytes of recently served images a server keeps: the landing page's photos fit many times over. */
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
const matches = (header: string | undefined, etag: string): boolean =>
  header?.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  }) ?? false;

const notFound = (reply: FastifyReply) =>
  reply.code(404).header("cache-control", "no-store").send({ data: messages.notFound });

const widthNotServed = (reply: FastifyReply) =>
  reply.code(400).header("cache-control", "no-store").send({ data: messages.invalidInput });

const immutable = (reply: FastifyReply, etag: string) =>
  reply
    .header("cache-control", `public, max-age=${YEAR_SECONDS}, immutable`)
    .header("etag", etag)
    // The type comes from the content check at upload; browsers must not guess another one.
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox");

/** The stored image a URL names. */
interface ImageName {
  readonly folder: string;
  readonly sha256: string;
  readonly ext: string;
}

/**
 * Serves stored images at /api/uploads/<folder>/<sha256>.<ext> without a session: the public
 * landing page shows them. The name is the content's hash, so an answer never changes: a year of
 * immutable cache, the hash as ETag, 304 when the browser already has it. The server keeps the
 * bytes it served last (a bounded cache), so a first request of each browser reads no bytes from
 * the database. Not an endpoint of the contract, whose answers are JSON envelopes; a miss still
 * answers the contract's 404 JSON.
 *
 * The same image at one of IMAGE_WIDTHS is at .../<sha256>.<ext>/<width>.webp (decision 035):
 * made from the stored bytes on its first request and kept in the same cache. Its bytes follow
 * from the hash, the width and a fixed encoding, so it is as immutable as the original; any other
 * width is 400.
 */
export const registerUploadRoutes = (app: FastifyInstance, context: UploadsContext): void => {
  // Whether an image still exists is remembered until any server writes (decision 046): a removal
  // is a write, so it is never answered from before it, and between writes no statement is run.
  const exists = (folder: string, sha256: string, ext: string): Promise<boolean> =>
    context.db.remember(`image ${folder}/${sha256}.${ext}`, () => imageExists(context.db, folder, sha256, ext));
  // A path names its bytes by their hash, so a kept copy is never out of date; whether the image
  // still exists (another server may have removed it) is asked each time, without its bytes.
  const kept = new LRUCache<string, StoredImage>({ maxSize: IMAGE_CACHE_BYTES, sizeCalculation: (image) => Math.max(1, image.bytes.length) });
  const imageAt = async (folder: string, sha256: string, ext: string): Promise<StoredImage | null> => {
    const path = `${folder}/${sha256}.${ext}`;
    const cached = kept.get(path);
    if (cached !== undefined) {
      if (await exists(folder, sha256, ext)) return cached;
      kept.delete(path);
      return null;
    }
    const image = await findImage(context.db, folder, sha256, ext);
    if (image !== null) kept.set(path, image);
    return image;
  };

  // Browsers asking for a width nobody asked for yet wait for one resize, not one each.
  const resizing = new Map<string, Promise<StoredImage>>();
  const resized = (key: string, original: StoredImage, width: ImageWidth): Promise<StoredImage> => {
    const pending = resizing.get(key);
    if (pending !== undefined) return pending;
    const made = resizeImage(original.bytes, width)
      .then((bytes) => {
        const variant = { sha256: original.sha256, mime: STORED_IMAGE.mime, bytes };
        kept.set(key, variant);
        return variant;
      })
      .finally(() => resizing.delete(key));
    resizing.set(key, made);
    return made;
  };

  const variantAt = async ({ folder, sha256, ext }: ImageName, width: ImageWidth): Promise<StoredImage | null> => {
    const key = `${folder}/${sha256}.${ext}/${width}`;
    const cached = kept.get(key);
    if (cached !== undefined) {
      if (await exists(folder, sha256, ext)) return cached;
      kept.delete(key);
      return null;
    }
    const original = await imageAt(folder, sha256, ext);
    return original === null ? null : resized(key, original, width);
  };

  /** Answers the image `name` as stored (width null) or at one of IMAGE_WIDTHS. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, name: ImageName, width: ImageWidth | null) => {
    const { folder, sha256, ext } = name;
    const etag = width === null ? `"${sha256}"` : `"${sha256}-${width}w"`;
    if (matches(request.headers["if-none-match"], etag)) {
      // A browser revalidating its copy needs no bytes read: the name is the content's hash.
      if (!(await exists(folder, sha256, ext))) return notFound(reply);
      return immutable(reply, etag).code(304).send();
    }
    const image = width === null ? await imageAt(folder, sha256, ext) : await variantAt(name, width);
    if (image === null) return notFound(reply);
    return immutable(reply, etag).code(200).type(image.mime).send(image.bytes);
  };

  app.get<{ Params: { folder: string; file: string } }>(`${API_BASE}/uploads/:folder/:file`, async (request, reply) => {
    const { folder, file } = request.params;
    const [, sha256, ext] = filePattern.exec(file) ?? [];
    if (!folderPattern.test(folder) || sha256 === undefined || ext === undefined) return notFound(reply);
    return answer(request, reply, { folder, sha256, ext }, null);
  });

  app.get<{ Params: { folder: string; file: string; variant: string } }>(
    `${API_BASE}/uploads/:folder/:file/:variant`,
    async (request, reply) => {
      const { folder, file, variant } = request.params;
      const [, sha256, ext] = filePattern.exec(file) ?? [];
      const [, digits] = variantPattern.exec(variant) ?? [];
      if (!folderPattern.test(folder) || sha256 === undefined || ext === undefined || digits === undefined) return notFound(reply);
      const width = Number(digits);
      if (!isImageWidth(width)) return widthNotServed(reply);
      return answer(request, reply, { folder, sha256, ext }, width);
    },
  );
};
