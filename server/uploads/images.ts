import { availableParallelism } from "node:os";
import type { Sharp, SharpInput, SharpOptions } from "sharp";

type SharpOf = (input: SharpInput, options: SharpOptions) => Sharp;

/** The cores a decode may use: all but one, which is the event loop's (one at least). */
const DECODE_CORES = Math.max(1, availableParallelism() - 1);

/** libuv's pool, where sharp waits for each image; file reads, zlib, crypto and Argon2 share it. */
const THREADPOOL = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * Images decoded at once in this process: as many as the cores left to decodes, and one fewer
 * than libuv's pool, so that a burst of uploads leaves a thread to the rest of the server (one
 * at least). This bounds the memory of decoded pixels whatever the number of uploads in flight;
 * the others wait their turn in a queue, a promise each, which costs the event loop nothing.
 */
const MAX_DECODES = Math.max(1, Math.min(DECODE_CORES, THREADPOOL - 1));

/** libvips' threads for one image: the decode cores shared among the slots. */
const THREADS_PER_DECODE = Math.max(1, Math.floor(DECODE_CORES / MAX_DECODES));

let loadedSharp: Promise<SharpOf> | undefined;

/**
 * sharp, loaded with the first image to work: libvips is about 25 MB of resident memory that a
 * server answering stored images from memory (decision 035) has no use for at idle.
 */
const loadSharp = (): Promise<SharpOf> =>
  (loadedSharp ??= import("sharp").then(({ default: sharp }) => {
    // Each upload and each served width is decoded once: libvips' operation cache would only hold memory.
    sharp.cache(false);
    // libvips' threads per image (the cores, by default), so that the decodes together never
    // take the core left to the event loop.
    sharp.concurrency(THREADS_PER_DECODE);
    return sharp;
  }));

/** What the content of an uploaded file says it is: the only basis for accepting it. */
export interface DetectedImage {
  readonly mime: "image/jpeg" | "image/png" | "image/webp" | "image/avif" | "image/gif";
  readonly ext: "jpg" | "png" | "webp" | "avif" | "gif";
}

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * AVIF is an ISO-BMFF file whose first box is `ftyp`: its major brand, or one of its compatible
 * brands, is avif (still image) or avis (sequence). HEIC and MP4 share the box but not the brand.
 */
const isAvif = (bytes: Uint8Array): boolean => {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  // After the major brand (8..12) and the minor version (12..16) come the compatible brands.
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    if (AVIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return true;
  }
  return false;
};

/**
 * Tells a JPEG, PNG, WebP, AVIF or GIF image by its first bytes (magic numbers), whatever the
 * file's name or declared type; anything else, SVG included (it can carry scripts), is null.
 */
export const detectImage = (bytes: Uint8Array): DetectedImage | null => {
  if (startsWith(bytes, JPEG_SIGNATURE)) return { mime: "image/jpeg", ext: "jpg" };
  if (startsWith(bytes, PNG_SIGNATURE)) return { mime: "image/png", ext: "png" };
  if (bytes.length >= 6 && ["GIF87a", "GIF89a"].includes(ascii(bytes, 0, 6))) return { mime: "image/gif", ext: "gif" };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { mime: "image/webp", ext: "webp" };
  }
  if (isAvif(bytes)) return { mime: "image/avif", ext: "avif" };
  return null;
};

/**
 * Images above this many pixels are refused (sharp's limitInputPixels, checked on the header
 * libvips reads, before any pixel is decoded): a few kilobytes of PNG or JPEG can claim 50,000 x
 * 50,000 pixels and cost gigabytes to whoever decodes them. 40 megapixels is more than any photo
 * the site shows.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The longest side of a stored image: wider than any place the site or the panel shows one. */
export const MAX_STORED_SIDE = 2400;

/** What every upload is stored as (docs/decisions/020-images-decoded-and-re-encoded.md). */
export const STORED_IMAGE: DetectedImage = { mime: "image/webp", ext: "webp" };

/** WebP quality for photographs: visually clean at a fraction of a camera JPEG's bytes. */
const WEBP_QUALITY = 80;

let decoding = 0;
const waiting: Array<() => void> = [];

const withDecodeSlot = async <T>(work: () => Promise<T>): Promise<T> => {
  if (decoding >= MAX_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes to the next in line, or is freed.
    const next = waiting.shift();
    if (next === undefined) decoding -= 1;
    else next();
  }
};

/** Why an upload was refused: not an image (415) or too large once decoded (413). */
export class ImageRefused extends Error {
  constructor(readonly reason: "unsupported" | "tooLarge") {
    super(reason);
  }
}

/** How sharp reads a stored or uploaded image: the limits of decision 020. */
const decodeOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true, autoOrient: true } as const;

/**
 * Decodes an uploaded file fully and encodes it again as WebP: oriented as its EXIF says, at most
 * MAX_STORED_SIDE a side, its metadata (EXIF, GPS, XMP, ICC after conversion to sRGB) left behind,
 * the first frame of an animation. The magic bytes only preselect the formats (SVG, HEIC, PDF and
 * the rest, which libvips could also read, are refused before decoding); the decode is the real
 * content check, so a file that is an image only in its first bytes is refused (415), whatever
 * size that header claims; a header libvips reads that claims more than MAX_IMAGE_PIXELS is a
 * pixel bomb (413). Runs in libuv's pool, off the event loop.
 */
export const reencodeImage = async (bytes: Buffer): Promise<{ readonly bytes: Buffer; readonly detected: DetectedImage }> => {
  const detected = detectImage(bytes);
  if (detected === null) throw new ImageRefused("unsupported");
  // outside the try: a library that cannot load is the server's fault (500), not the file's
  const sharp = await loadSharp();
  try {
    const encoded = await withDecodeSlot(() =>
      sharp(bytes, decodeOptions)
        .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    );
    return { bytes: encoded, detected: STORED_IMAGE };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    throw new ImageRefused(/pixel limit/i.test(message) ? "tooLarge" : "unsupported");
  }
};

/**
 * A stored image at `width` pixels wide, as WebP (decision 035), never enlarged: a WebP no wider
 * than that is answered as it is, since encoding it again would only lose quality. Shares the
 * decode slots with the uploads, so a burst of first requests cannot take every core.
 */
export const resizeImage = (bytes: Buffer, width: number): Promise<Buffer> =>
  withDecodeSlot(async () => {
    const image = (await loadSharp())(bytes, decodeOptions);
    const { format, autoOrient } = await image.metadata();
    if (format === "webp" && autoOrient.width <= width) return bytes;
    return image.resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
  });

/** A stored image as a PNG at most `height` pixels high, never enlarged: a PDF's logo. */
export const pngImage = (bytes: Buffer, height: number): Promise<Buffer> =>
  withDecodeSlot(async () => (await loadSharp())(bytes, decodeOptions).resize({ height, withoutEnlargement: true }).png().toBuffer());
