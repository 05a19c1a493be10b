import { createHash } from "node:crypto";
import { tableOf } from "../catalogues/storage.ts";
import { Schema } from "effect";
import { catalogues } from "../../src/records/index.ts";
import type { Queryable } from "../db/database.ts";
import { execute, queryExists, queryOne } from "../db/rows.ts";
import type { DetectedImage } from "./images.ts";

/** An uploaded file whose content was checked to be an image. */
export interface UploadedImage {
  readonly bytes: Buffer;
  readonly detected: DetectedImage;
}

/** The path the API answers for a stored image, below the API base: uploads/<folder>/<sha256>.<ext>. */
export const uploadPath = (folder: string, sha256: string, ext: string): string => `uploads/${folder}/${sha256}.${ext}`;

/**
 * Keeps an image's bytes under the sha256 of its content, in the caller's transaction, and answers
 * its path. Identical bytes are stored once: a second upload finds the row already there, and
 * locks it (a no-op update) so that a concurrent removeUnusedImages cannot take it away before
 * this transaction's record names it.
 *
 * The bytes travel as a binary parameter, copied as they are on both databases (PGlite's own
 * conversions of bytes or of hex text run on the event loop: decisions 020 and 063).
 */
export const storeImage = async (tx: Queryable, folder: string, image: UploadedImage, at: Date): Promise<string> => {
  const sha256 = createHash("sha256").update(image.bytes).digest("hex");
  await execute(
    tx,
    `insert into uploads (folder, sha256, ext, mime, bytes, size, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (folder, sha256) do update set size = uploads.size`,
    [folder, sha256, image.detected.ext, image.detected.mime, image.bytes, image.bytes.length, at],
  );
  return uploadPath(folder, sha256, image.detected.ext);
};

/** The bytes come as base64 text for the same reason they are stored as hex (see storeImage). */
const ImageRow = Schema.Struct({ mime: Schema.String, bytes: Schema.String });

/** The row of uploads/<folder>/<sha256>.<ext>. */
const byPath = "from uploads where folder = $1 and sha256 = $2 and ext = $3";

export interface StoredImage {
  readonly sha256: string;
  readonly mime: string;
  readonly bytes: Buffer;
}

/** The image stored at uploads/<folder>/<sha256>.<ext>, or null. */
export const findImage = async (
  db: Queryable,
  folder: string,
  sha256: string,
  ext: string,
): Promise<StoredImage | null> => {
  const row = await queryOne(db, ImageRow, `select mime, encode(bytes, 'base64') as bytes ${byPath}`, [folder, sha256, ext]);
  // PostgreSQL breaks base64 into lines; Buffer.from skips the line breaks.
  return row === null ? null : { sha256, mime: row.mime, bytes: Buffer.from(row.bytes, "base64") };
};

/** Whether an image is stored, without reading its bytes (a browser revalidating its copy). */
export const imageExists = (db: Queryable, folder: string, sha256: string, ext: string): Promise<boolean> =>
  queryExists(db, `select ${byPath}`, [folder, sha256, ext]);

/** Where a record names a stored image by its path: a table and its column. */
export interface ImageReference {
  readonly table: string;
  readonly column: string;
  /** SQL limiting the rows that still use their image (a deleted destination uses none). */
  readonly live?: string;
  /**
   * The column is a jsonb document naming images anywhere in it (a yacht page: decision 031): a
   * path is a 64-digit hash, so finding its text in the document cannot mistake another value for it.
   */
  readonly json?: boolean;
}

/**
 * The tables whose records name stored images. A feature that stores images adds its table here,
 * so that an image it still uses is never removed.
 */
export const imageReferences: ReadonlyArray<ImageReference> = [
  { table: "itineraries", column: "image", live: "status <> 'deleted'" },
  { table: "banner_images", column: "path" },
  { table: "yacht_pages", column: "content", json: true },
  // the catalogues with image details: a yacht's picture, a company's logos (decision 031)
  ...catalogues
    .filter(({ api }) => api.details.some(({ rule }) => rule.kind === "image"))
    .map((catalogue) => ({ table: tableOf(catalogue), column: "details", json: true, live: "status <> 'deleted'" })),
];

/** A row of `uploads` as the path the API answers (uploadPath in SQL). */
export const pathOf = "'uploads/' || folder || '/' || sha256 || '.' || ext";

/**
 * Removes, in the caller's transaction and after its change is written, those of `paths` (stored
 * image paths a change stopped using: a banner's dropped images, a destination's replaced photo)
 * that no record names any more; answers how many rows went. The rows are locked first, and the
 * references read by a second statement: under READ COMMITTED that one sees a concurrent upload
 * of the same bytes that committed while this waited for its lock (storeImage locks the row too).
 */
export const removeUnusedImages = async (tx: Queryable, paths: ReadonlyArray<string>): Promise<number> => {
  const candidates = [...new Set(paths)].filter((path) => path !== "");
  if (candidates.length === 0) return 0;
  await tx.query(`select sha256 from uploads where ${pathOf} = any($1::text[]) for update`, [candidates]);
  const used = imageReferences
    .map(({ table, column, live, json }) => {
      const names = json === true ? `strpos(r.${column}::text, ${pathOf}) > 0` : `r.${column} = ${pathOf}`;
      return `exists (select 1 from ${table} r where ${names}${live ? ` and r.${live}` : ""})`;
    })
    .join(" or ");
  const removed = await tx.query(`delete from uploads where ${pathOf} = any($1::text[]) and not (${used}) returning sha256`, [candidates]);
  return removed.length;
};
