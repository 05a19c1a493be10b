/**
 * Multipart endpoints and stored images, through the destination form: only real images (by
 * content, decoded in full) are kept, re-encoded as WebP; a file over MAX_UPLOAD_MB (1 here) is 413,
 * malformed or misdirected forms are 400, a stored image is served to anyone with a year of
 * immutable cache and 304 revalidation, also at each of IMAGE_WIDTHS as WebP (decision 035), and an
 * image no record uses any more is removed.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../server/db/database.ts";
import { encodePng } from "../../server/demo/png.ts";
import { detectImage, MAX_STORED_SIDE } from "../../server/uploads/images.ts";
import { storeImage } from "../../server/uploads/store.ts";
import { IMAGE_WIDTHS, type ImageWidth } from "../../src/api/images.ts";
import { INVALID_SESSION } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { openTestDatabase, resetDatabase } from "../setup/database.ts";
import { createStaff, dataOf, request, sessionFor, startServer, type TestServer, testEnv, versionIn } from "./support.ts";

let db: Database;
let server: TestServer;
let token: string;

beforeAll(async () => {
  db = await openTestDatabase();
  server = await startServer(db, { env: testEnv({ MAX_UPLOAD_MB: "1" }) });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

beforeEach(async () => {
  await resetDatabase(db);
  await db.exec("truncate uploads");
  const id = await createStaff(db, { email: "marketing@example.com", password: null, role: "marketing" });
  token = await sessionFor(server, db, id);
});

const bytesOf = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);

const pngBytes = (shade = 0) => bytesOf(encodePng(8, 8, (x, y) => [shade % 256, x * 30, y * 30]));

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

const formWith = (files: ReadonlyArray<{ readonly field: string; readonly blob: Blob; readonly name: string }>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, file.blob, file.name);
  return form;
};

const image = (bytes: Uint8Array<ArrayBuffer>, type = "image/png", name = "foto.png") => ({
  field: "image",
  blob: new Blob([bytes], { type }),
  name,
});

const post = async (body: FormData | string, options: { query?: string; headers?: Record<string, string>; auth?: boolean } = {}) => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth !== false) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.base}/api/itineraries/createItinerary${options.query ?? "?images=tiptops&&file=files"}`, {
    method: "POST",
    headers,
    body,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) };
};

const stored = async () => ({
  events: await db.query("select id, type from events order by id"),
  itineraries: await db.query("select id from itineraries order by id"),
  uploads: await db.query("select folder, sha256 from uploads order by sha256"),
});

/** The stored path of the newest destination's image. */
const newestImage = async (): Promise<string> => {
  const [row] = await db.query<{ image: string }>("select image from itineraries order by id desc limit 1");
  if (!row) throw new Error("no destination");
  return row.image;
};

/** A real picture of width x height in `format`, with a gradient that encoders cannot flatten. */
const picture = async (format: "jpeg" | "png" | "webp" | "avif" | "gif", width = 24, height = 16) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let index = 0; index < raw.length; index += 1) raw[index] = (index * 7 + Math.floor(index / (width * 3)) * 13) % 256;
  return bytesOf(await sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer());
};

/** The stored row of a path: its type, bytes and what they decode to. */
const storedRow = async (path: string) => {
  const [row] = await db.query<{ mime: string; size: number; bytes: Uint8Array }>(
    "select mime, size, bytes from uploads where 'uploads/' || folder || '/' || sha256 || '.' || ext = $1",
    [path],
  );
  if (!row) throw new Error(`nothing stored at ${path}`);
  return { ...row, metadata: await sharp(Buffer.from(row.bytes)).metadata() };
};

describe("what counts as an image", () => {
  const avifBox = (major: string, compatible: string) =>
    bytesOf(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${major}`), Buffer.alloc(4), Buffer.from(compatible)]));

  it.each([
    ["a PNG", "png", "image/png", "png"],
    ["a JPEG", "jpeg", "image/jpeg", "jpg"],
    ["a GIF", "gif", "image/gif", "gif"],
    ["a WebP", "webp", "image/webp", "webp"],
    ["an AVIF", "avif", "image/avif", "avif"],
  ] as const)("accepts %s, whatever the file is called, and stores it re-encoded as WebP", async (_case, format, mime, ext) => {
    const bytes = await picture(format);
    expect(detectImage(bytes)).toEqual({ mime, ext });
    const answer = await post(formWith([image(bytes, "application/octet-stream", "sin-nombre.txt")]));
    expect(answer).toEqual({ status: 200, body: { data: messages.created } });
    const path = await newestImage();
    expect(path).toMatch(/^uploads\/tiptops\/[0-9a-f]{64}\.webp$/);
    const row = await storedRow(path);
    expect(row.mime).toBe("image/webp");
    expect(row.metadata).toMatchObject({ format: "webp", width: 24, height: 16 });
  });

  it("tells an AVIF by its major or a compatible brand", () => {
    expect(detectImage(avifBox("avif", "mif1miaf"))).toEqual({ mime: "image/avif", ext: "avif" });
    expect(detectImage(avifBox("mif1", "avifmiaf"))).toEqual({ mime: "image/avif", ext: "avif" });
  });

  it.each([
    ["a GIF header followed by text", Buffer.concat([Buffer.from("GIF89a"), Buffer.from(" <script>alert(1)</script> ".repeat(20))])],
    ["a JPEG header followed by zeros", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]), Buffer.alloc(200)])],
    ["a WebP header followed by zeros", Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 "), Buffer.alloc(64)])],
    ["an AVIF box with no picture", Buffer.from(avifBox("avif", "mif1miaf"))],
    ["a PNG cut in half", Buffer.from(pngBytes(5)).subarray(0, 40)],
  ])("refuses %s (an image only in its first bytes) with 415, storing nothing", async (_case, bytes) => {
    const before = await stored();
    const answer = await post(formWith([image(bytesOf(bytes), "image/gif", "foto.gif")]));
    expect(answer).toEqual({ status: 415, body: { data: messages.unsupportedFile } });
    expect(await stored()).toEqual(before);
  });

  it("stores a large photo smaller, at most MAX_STORED_SIDE a side, upright and without its metadata", async () => {
    const raw = Buffer.alloc(3200 * 1800 * 3);
    let seed = 7;
    for (let index = 0; index < raw.length; index += 1) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      raw[index] = (index % 9_600) / 40 + (seed >>> 28);
    }
    // EXIF orientation 6: the camera was turned, the picture shows 1800 wide and 3200 high.
    const photo = await sharp(raw, { raw: { width: 3200, height: 1800, channels: 3 } })
      .jpeg({ quality: 85 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Cámara de Ana" } } })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(400_000);
    expect(photo.length).toBeLessThan(1_048_576);
    const answer = await post(formWith([image(bytesOf(photo), "image/jpeg", "IMG_0001.jpg")]));
    expect(answer).toEqual({ status: 200, body: { data: messages.created } });
    const row = await storedRow(await newestImage());
    expect(row.size).toBe(row.bytes.length);
    expect(row.size).toBeLessThan(photo.length / 2);
    expect(row.metadata).toMatchObject({ format: "webp", width: Math.round((1800 * MAX_STORED_SIDE) / 3200), height: MAX_STORED_SIDE });
    expect(row.metadata.exif).toBeUndefined();
    expect(row.metadata.orientation).toBeUndefined();
  });

  it.each([
    ["a shell script named x.png and sent as image/png", bytesOf(Buffer.from("#!/bin/sh\nrm -rf /\n")), "image/png", "x.png"],
    [
      "an SVG with a script",
      bytesOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      "image/svg+xml",
      "logo.svg",
    ],
    ["an HEIC photo", avifBox("heic", "mif1heic"), "image/heic", "IMG_0001.heic"],
    ["a PDF", bytesOf(Buffer.from("%PDF-1.7\n")), "application/pdf", "doc.pdf"],
  ])("refuses %s with 415, storing nothing", async (_case, bytes, type, name) => {
    const before = await stored();
    const answer = await post(formWith([image(bytes, type, name)]));
    expect(answer).toEqual({ status: 415, body: { data: messages.unsupportedFile } });
    expect(await stored()).toEqual(before);
  });
});

describe("what a multipart endpoint refuses", () => {
  it("refuses a file over MAX_UPLOAD_MB with 413, even when it starts like a PNG", async () => {
    const large = new Uint8Array(1_048_576 + 1);
    large.set(pngBytes());
    const before = await stored();
    const answer = await post(formWith([image(large)]));
    expect(answer).toEqual({ status: 413, body: { data: messages.fileTooLarge } });
    expect(await stored()).toEqual(before);
    const atLimit = new Uint8Array(1_048_576);
    atLimit.set(pngBytes());
    expect((await post(formWith([image(atLimit)]))).status).toBe(200);
  });

  it("refuses more files than the endpoint takes, and a file under another field, with 400", async () => {
    const before = await stored();
    expect(await post(formWith([image(pngBytes(1)), image(pngBytes(2))]))).toEqual({
      status: 400,
      body: { data: messages.invalidInput },
    });
    expect(
      await post(formWith([image(pngBytes(1)), { field: "feeding[0]", blob: new Blob([pngBytes(3)]), name: "x.png" }])),
    ).toEqual({ status: 400, body: { data: messages.invalidInput } });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ["a folder path with ../", "?images=../../etc&&file=files", messages.invalidInput],
    ["an unknown folder", "?images=home_page", messages.invalidInput],
    ["no folder", "?file=files", messages.requiredInformation],
  ])("refuses %s in the query with 400", async (_case, query, message) => {
    const before = await stored();
    expect(await post(formWith([image(pngBytes())]), { query })).toEqual({ status: 400, body: { data: message } });
    expect(await stored()).toEqual(before);
  });

  it("refuses a JSON body (415) and a broken multipart body (400), never with a server error", async () => {
    const json = await post(JSON.stringify(fields), { headers: { "content-type": "application/json" } });
    expect(json).toEqual({ status: 415, body: { data: messages.invalidInput } });
    const boundary = "----frontera";
    const broken = `--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\nCuenca\r\n--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG`;
    for (const contentType of [`multipart/form-data; boundary=${boundary}`, "multipart/form-data"]) {
      const answer = await post(broken, { headers: { "content-type": contentType } });
      expect(answer).toEqual({ status: 400, body: { data: messages.invalidInput } });
    }
    const empty = await post("", { headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    expect(empty).toEqual({ status: 400, body: { data: messages.requiredInformation } });
  });

  it("refuses a form on a JSON endpoint with 415", async () => {
    const form = new FormData();
    form.append("name", "Desayuno");
    const response = await fetch(`${server.base}/api/feedings/createFeeding`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ data: messages.invalidInput });
  });

  it("answers 498 to a form without a session, before reading the file", async () => {
    const before = await stored();
    const answer = await post(formWith([image(pngBytes())]), { auth: false });
    expect(answer).toEqual({ status: INVALID_SESSION, body: { data: messages.invalidSession } });
    expect(await stored()).toEqual(before);
  });
});

describe("serving stored images", () => {
  it("answers the image to anyone, immutable for a year, and 304 to a browser that has it", async () => {
    expect((await post(formWith([image(pngBytes(7))]))).status).toBe(200);
    const path = await newestImage();
    const bytes = new Uint8Array((await storedRow(path)).bytes);
    const first = await fetch(`${server.base}/api/${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes);
    const again = await fetch(`${server.base}/api/${path}`, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const otherTag = await fetch(`${server.base}/api/${path}`, { headers: { "if-none-match": '"abc"' } });
    expect(otherTag.status).toBe(200);
  });

  it.each([
    ["an unknown hash", `uploads/tiptops/${"0".repeat(64)}.png`],
    ["a known hash with another extension", null],
    ["a name that is not a hash", "uploads/tiptops/foto.png"],
    ["a folder with dots", "uploads/..%2F..%2Fetc/passwd"],
  ])("answers 404 JSON for %s", async (_case, path) => {
    expect((await post(formWith([image(pngBytes(8))]))).status).toBe(200);
    const target = path ?? (await newestImage()).replace(/\.webp$/, ".png");
    const answer = await request(server, "GET", `/api/${target}`);
    expect(answer.status).toBe(404);
    expect(dataOf(answer)).toBe(messages.notFound);
  });

  it("keeps the bytes it served, and answers 404 once the image is removed, even by another server", async () => {
    expect((await post(formWith([image(pngBytes(11))]))).status).toBe(200);
    const path = await newestImage();
    const bytes = new Uint8Array((await storedRow(path)).bytes);
    expect((await fetch(`${server.base}/api/${path}`)).status).toBe(200);
    const queries = vi.spyOn(db, "query");
    const again = await fetch(`${server.base}/api/${path}`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    // the second answer read no bytes: whether the image still exists is remembered until a write (decision 046)
    const texts = queries.mock.calls.map(([sql]) => String(sql));
    expect(texts.some((sql) => sql.includes("bytes"))).toBe(false);
    queries.mockRestore();
    // as another server would, once no record uses it
    await db.query("delete from uploads");
    const gone = await request(server, "GET", `/api/${path}`);
    expect([gone.status, dataOf(gone)]).toEqual([404, messages.notFound]);
  });

  it("answers HEAD with the headers and no body", async () => {
    expect((await post(formWith([image(pngBytes(9))]))).status).toBe(200);
    const response = await fetch(`${server.base}/api/${await newestImage()}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });
});

describe("serving a stored image at a width", () => {
  /** A destination whose photo is `bytes` (re-encoded as WebP on upload): its stored path. */
  const uploaded = async (bytes: Uint8Array<ArrayBuffer>): Promise<string> => {
    expect((await post(formWith([image(bytes)]))).status).toBe(200);
    return newestImage();
  };
  const variant = (path: string, width: ImageWidth | number, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/api/${path}/${width}.webp`, { headers });
  const decoded = async (response: Response) => {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, metadata: await sharp(bytes).metadata() };
  };

  it.each(IMAGE_WIDTHS)("answers a wider image %i px wide as WebP, with its proportions, immutable", async (width) => {
    const path = await uploaded(await picture("png", 2000, 1125));
    const response = await variant(path, width);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const { metadata } = await decoded(response);
    expect(metadata).toMatchObject({ format: "webp", width, height: Math.round((width * 1125) / 2000) });
  });

  it("never enlarges: a narrower WebP is answered as stored, a narrower PNG as WebP of its own width", async () => {
    const path = await uploaded(await picture("png", 300, 200));
    const stored = Buffer.from((await storedRow(path)).bytes);
    for (const width of IMAGE_WIDTHS) {
      const { bytes, metadata } = await decoded(await variant(path, width));
      expect(metadata).toMatchObject({ format: "webp", width: 300, height: 200 });
      expect(bytes.equals(stored)).toBe(true);
    }
    // as the demo's pictures and images stored before decision 020 are: PNG, kept as sent
    const png = Buffer.from(await picture("png", 1280, 600));
    const pngPath = await storeImage(db, "home_page", { bytes: png, detected: { mime: "image/png", ext: "png" } }, new Date());
    const widest = await variant(pngPath, 1600);
    expect(widest.headers.get("content-type")).toBe("image/webp");
    expect((await decoded(widest)).metadata).toMatchObject({ format: "webp", width: 1280, height: 600 });
    expect((await decoded(await variant(pngPath, 960))).metadata).toMatchObject({ format: "webp", width: 960, height: 450 });
  });

  it.each([
    ["a width it does not serve", 500],
    ["no width", 0],
    ["a width wider than any served", 4800],
  ])("refuses %s with 400, before looking the image up", async (_case, width) => {
    const path = await uploaded(pngBytes(21));
    const before = await stored();
    const queries = vi.spyOn(db, "query");
    const response = await variant(path, width);
    const texts = queries.mock.calls.map(([sql]) => String(sql));
    queries.mockRestore();
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ data: messages.invalidInput });
    expect(texts.filter((sql) => sql.includes("uploads"))).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ["a width in another format", (path: string) => `${path}/480.png`],
    ["a width of an unknown hash", () => `uploads/tiptops/${"0".repeat(64)}.webp/480.webp`],
  ])("answers 404 JSON for %s", async (_case, target) => {
    const path = await uploaded(pngBytes(22));
    const answer = await request(server, "GET", `/api/${target(path)}`);
    expect([answer.status, dataOf(answer)]).toEqual([404, messages.notFound]);
  });

  it("has an ETag of its own, and answers 304 to a browser that has that width", async () => {
    const path = await uploaded(await picture("png", 1200, 800));
    // each body is read to its end: an unread one holds its connection, and the server's close with it
    const answered = async (response: Response) => ({
      status: response.status,
      etag: response.headers.get("etag") ?? "",
      bytes: (await response.arrayBuffer()).byteLength,
    });
    const original = await answered(await fetch(`${server.base}/api/${path}`));
    const first = await answered(await variant(path, 480));
    expect(first.etag).toMatch(/^"[0-9a-f]{64}-480w"$/);
    expect(first.etag).not.toBe(original.etag);
    expect((await answered(await variant(path, 960))).etag).not.toBe(first.etag);
    const again = await variant(path, 480, { "if-none-match": first.etag });
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await answered(again)).toEqual({ status: 304, etag: first.etag, bytes: 0 });
    // the original's tag names other bytes
    expect(await answered(await variant(path, 480, { "if-none-match": original.etag }))).toEqual(first);
  });

  it("keeps a width it made, and answers 404 once the image is removed, even by another server", async () => {
    const path = await uploaded(await picture("png", 1200, 800));
    const response = await variant(path, 960);
    const etag = response.headers.get("etag") ?? "";
    const first = await decoded(response);
    const queries = vi.spyOn(db, "query");
    const again = await decoded(await variant(path, 960));
    const texts = queries.mock.calls.map(([sql]) => String(sql));
    queries.mockRestore();
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // the second answer read no bytes: whether the image still exists is remembered until a write (decision 046)
    expect(texts.some((sql) => sql.includes("bytes"))).toBe(false);
    // as another server would, once no record uses it
    await db.query("delete from uploads");
    for (const [width, headers] of [[960, {}], [960, { "if-none-match": etag }], [480, {}]] as const) {
      const gone = await request(server, "GET", `/api/${path}/${width}.webp`, { headers });
      expect([width, gone.status, dataOf(gone)]).toEqual([width, 404, messages.notFound]);
    }
  });
});

describe("images no record uses", () => {
  const paths = async (): Promise<string[]> =>
    (await db.query<{ path: string }>("select 'uploads/' || folder || '/' || sha256 || '.' || ext as path from uploads order by path")).map(
      (row) => row.path,
    );
  const newestId = async (table: "itineraries" | "banners"): Promise<number> => {
    const [row] = await db.query<{ id: number }>(`select id from ${table} order by id desc limit 1`);
    if (!row) throw new Error(`no ${table}`);
    return row.id;
  };
  const send = async (method: string, path: string, form?: FormData) => {
    const response = await fetch(`${server.base}/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, body: await response.json() };
  };
  /** The version an edit form loads a record at, from the record's GET answer. */
  const versionOf = async (path: string): Promise<string> => String(versionIn(await request(server, "GET", `/api${path}`, { token })));
  const bannerForm = (kept: ReadonlyArray<string> | null, files: ReadonlyArray<Uint8Array<ArrayBuffer>>, version?: string) => {
    const form = new FormData();
    form.append("title", "Galápagos a bordo");
    if (version !== undefined) form.append("version", version);
    if (kept !== null) {
      if (kept.length === 0) form.append("images", "");
      kept.forEach((path, index) => {
        form.append(`images[${index}]`, path);
      });
    }
    for (const bytes of files) form.append("images", new Blob([bytes], { type: "image/png" }), "foto.png");
    return form;
  };
  const bannerImages = async (id: number): Promise<string[]> =>
    (await db.query<{ path: string }>("select path from banner_images where banner_id = $1 order by position", [id])).map((row) => row.path);

  it("removes a destination's replaced photo and a deleted destination's photo, unless another destination shows it", async () => {
    expect((await post(formWith([image(pngBytes(1))]))).status).toBe(200);
    const first = await newestId("itineraries");
    const shared = await newestImage();
    // a second destination with the same picture: one stored image for both
    expect((await post(formWith([image(pngBytes(1))]))).status).toBe(200);
    const second = await newestId("itineraries");
    expect(await paths()).toEqual([shared]);

    const replace = async (id: number, bytes: Uint8Array<ArrayBuffer>) => {
      const form = formWith([image(bytes)]);
      form.append("version", await versionOf(`/itineraries/${id}`));
      return send("PUT", `/itineraries/updateItinerary/${id}?images=tiptops&&file=files`, form);
    };
    expect(await replace(first, pngBytes(2))).toEqual({ status: 200, body: { data: messages.updated } });
    const [replacement] = await db.query<{ image: string }>("select image from itineraries where id = $1", [first]);
    // still shown by the second destination
    expect(await paths()).toEqual([shared, replacement?.image].sort());

    expect((await replace(second, pngBytes(3))).status).toBe(200);
    const [third] = await db.query<{ image: string }>("select image from itineraries where id = $1", [second]);
    expect(await paths()).toEqual([replacement?.image, third?.image].sort());

    expect(await send("DELETE", `/itineraries/${second}`)).toEqual({ status: 200, body: { data: messages.deleted } });
    expect(await paths()).toEqual([replacement?.image]);
  });

  it("removes the images a banner drops, unless another banner shows them", async () => {
    expect((await send("POST", "/homeScreen/createBaner?images=home_page", bannerForm(null, [pngBytes(1), pngBytes(2)]))).status).toBe(200);
    const banner = await newestId("banners");
    const [a, b] = await bannerImages(banner);
    expect((await send("POST", "/homeScreen/createBaner?images=home_page", bannerForm(null, [pngBytes(2)]))).status).toBe(200);
    expect(await bannerImages(await newestId("banners"))).toEqual([b]);
    expect(await paths()).toEqual([a, b].sort());

    // b stays: the other banner shows it; a goes
    const edit = async (kept: ReadonlyArray<string> | null, files: ReadonlyArray<Uint8Array<ArrayBuffer>>) =>
      send("PUT", `/homeScreen/updateBaner/${banner}?images=home_page`, bannerForm(kept, files, await versionOf(`/homeScreen/getBaner/${banner}`)));
    expect((await edit([], [pngBytes(3)])).status).toBe(200);
    const [c] = await bannerImages(banner);
    expect(await paths()).toEqual([b, c].sort());
    // an edit that keeps its images removes nothing
    expect((await edit(null, [])).status).toBe(200);
    expect(await paths()).toEqual([b, c].sort());
  });
});
