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
