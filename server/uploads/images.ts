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
 * Images above this many pixels are refused: a few kilobytes of PNG or JPEG can claim 50,000 x
 * 50,000 pixels and cost gigabytes to whoever decodes them (a browser, a thumbnailer). 40
 * megapixels is more than any photo the site shows.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** JPEG: the first start-of-frame marker (SOF0..SOF15 except DHT, JPG and DAC) holds the size. */
const jpegSize = (bytes: Uint8Array): { width: number; height: number } | null => {
  const data = view(bytes);
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length (standalone) carry no segment.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: data.getUint16(offset + 5), width: data.getUint16(offset + 7) };
    offset += 2 + data.getUint16(offset + 2);
  }
  return null;
};

/** WebP: the VP8X canvas, or the lossy (VP8) or lossless (VP8L) bitstream header. */
const webpSize = (bytes: Uint8Array): { width: number; height: number } | null => {
  if (bytes.length < 30) return null;
  const data = view(bytes);
  const chunk = ascii(bytes, 12, 16);
  const uint24 = (at: number) => data.getUint16(at, true) + ((bytes[at + 2] ?? 0) << 16);
  if (chunk === "VP8X") return { width: uint24(24) + 1, height: uint24(27) + 1 };
  if (chunk === "VP8 ") return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = data.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
};

/** AVIF: the first `ispe` (image spatial extents) property box: version/flags, width, height. */
const avifSize = (bytes: Uint8Array): { width: number; height: number } | null => {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf("ispe");
  if (at < 0 || at + 16 > bytes.length) return null;
  const data = view(bytes);
  return { width: data.getUint32(at + 8), height: data.getUint32(at + 12) };
};

/** The width and height an image's header declares, or null when the header cannot be read. */
export const imageSize = (bytes: Uint8Array, detected: DetectedImage): { width: number; height: number } | null => {
  switch (detected.ext) {
    case "png":
      return bytes.length >= 24 ? { width: view(bytes).getUint32(16), height: view(bytes).getUint32(20) } : null;
    case "gif":
      return bytes.length >= 10 ? { width: view(bytes).getUint16(6, true), height: view(bytes).getUint16(8, true) } : null;
    case "jpg":
      return jpegSize(bytes);
    case "webp":
      return webpSize(bytes);
    case "avif":
      return avifSize(bytes);
  }
};

/** Whether an image declares more pixels than MAX_IMAGE_PIXELS. */
export const hasTooManyPixels = (bytes: Uint8Array, detected: DetectedImage): boolean => {
  const size = imageSize(bytes, detected);
  return size !== null && size.width * size.height > MAX_IMAGE_PIXELS;
};
