import { crc32, deflateSync } from "node:zlib";

/** An sRGB colour, 0-255 per channel. */
export type Rgb = readonly [number, number, number];

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Encodes 8-bit RGB pixels (`pixels`: three bytes a pixel, row by row from the top) as PNG:
 * signature, IHDR, one zlib-compressed IDAT whose scanlines each start with filter 0 (none), IEND.
 * The demo's pictures are stored as the WebP the upload pipeline makes of them, never as this PNG,
 * so it is deflated at zlib's fastest level: level 9 took a quarter of their painting time.
 */
export const encodeRgbPng = (width: number, height: number, pixels: Uint8Array): Buffer => {
  const row = width * 3;
  const stride = 1 + row;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) raw.set(pixels.subarray(y * row, (y + 1) * row), y * stride + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // bit depth 8, colour type 2 (RGB), compression 0, filter 0, no interlace
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 1 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
};

/** Sets the pixel at (x, y) of an RGB picture `width` pixels wide (encodeRgbPng's layout). */
export const setPixel = (pixels: Uint8Array, width: number, x: number, y: number, [r, g, b]: Rgb): void => {
  const offset = (y * width + x) * 3;
  pixels[offset] = r;
  pixels[offset + 1] = g;
  pixels[offset + 2] = b;
};

/** Sets `count` pixels from the `start`th (counted row by row) of an RGB picture to `colour`: a run of one row. */
export const fillPixels = (pixels: Uint8Array, start: number, count: number, [r, g, b]: Rgb): void => {
  for (let offset = start * 3, end = (start + count) * 3; offset < end; offset += 3) {
    pixels[offset] = r;
    pixels[offset + 1] = g;
    pixels[offset + 2] = b;
  }
};

/** Encodes as PNG the picture whose colour at (x, y) `pixel` answers (encodeRgbPng). */
export const encodePng = (width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer => {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) setPixel(pixels, width, x, y, pixel(x, y));
  return encodeRgbPng(width, height, pixels);
};

/**
 * The painter `paint`, remembering what it painted: a picture depends on its arguments only (not on
 * the clock), so the same arguments get the same bytes without painting them again. A server
 * seeds its demo once, and gains nothing; the tests seed it many times in one process (the first
 * start on fourteen days, the fuzzer's and the sales' demos), where the painting, pixel by pixel
 * and deflated at level 9, was half of each seed's CPU. What it keeps is the demo's pictures,
 * about 0.8 MB of PNG.
 */
export const paintedOnce = <Args extends ReadonlyArray<unknown>, Picture>(paint: (...args: Args) => Picture): ((...args: Args) => Picture) => {
  const painted = new Map<string, Picture>();
  return (...args) => {
    const key = JSON.stringify(args);
    const known = painted.get(key);
    if (known !== undefined) return known;
    const picture = paint(...args);
    painted.set(key, picture);
    return picture;
  };
};
