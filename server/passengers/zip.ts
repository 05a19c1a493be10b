/**
 * The entries of a zip archive held in memory (an uploaded XLSX workbook), inflated a piece at a
 * time within a budget of uncompressed bytes: a few kilobytes of deflate can stand for hundreds of
 * megabytes, so neither the sizes the archive declares nor the bytes it really inflates to may
 * pass the budget (decision 059).
 */
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createInflateRaw } from "node:zlib";

/** The archive is no zip this reader takes: truncated, encrypted, zip64 or of another compression. */
export class ZipUnreadable extends Error {}

/** Reading on would pass the budget of uncompressed bytes. */
export class ZipTooLarge extends Error {}

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  /** What the archive claims; the inflated bytes are counted all the same. */
  readonly declaredSize: number;
  readonly localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record sits in the last 22 bytes, before a comment of at most 65,535. */
const END_SEARCH = 22 + 65_535;

/** The archive's entries by name, read from its central directory. */
export const zipEntries = (zip: Buffer): ReadonlyMap<string, ZipEntry> => {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_SEARCH); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipUnreadable("no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipUnreadable("broken central directory");
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    };
    // bit 0: encrypted, which no workbook a user fills in is
    if ((flags & 1) === 0) entries.set(entry.name, entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
};

/** Compressed bytes handed to zlib at a time. */
const PIECE = 1024;

function* pieces(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += PIECE) yield data.subarray(at, at + PIECE);
}

/** Uncompressed bytes still allowed to a reading, shared by every entry it inflates. */
export interface Budget {
  remaining: number;
}

/**
 * An entry's text, a piece at a time as it is inflated. Stops with ZipTooLarge as soon as its
 * declared size or its inflated bytes pass the budget; a caller that stops early (`break`) stops
 * the inflating too.
 */
export async function* entryText(zip: Buffer, entry: ZipEntry, budget: Budget): AsyncGenerator<string> {
  if (entry.declaredSize > budget.remaining) throw new ZipTooLarge(entry.name);
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipUnreadable(`no local header for ${entry.name}`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  const decoder = new StringDecoder("utf8");
  const take = (bytes: Buffer): string => {
    budget.remaining -= bytes.length;
    if (budget.remaining < 0) throw new ZipTooLarge(entry.name);
    return decoder.write(bytes);
  };
  if (entry.method === STORED) {
    yield take(data);
    return;
  }
  if (entry.method !== DEFLATED) throw new ZipUnreadable(`compression ${entry.method}`);
  // zlib inflates the whole of each piece written to it, however little is read: fed a kilobyte at
  // a time (deflate inflates at most about 1,032 times), it is never a megabyte ahead of the reading
  const input = Readable.from(pieces(data));
  const inflate = createInflateRaw();
  input.pipe(inflate);
  try {
    for await (const bytes of inflate) {
      if (!Buffer.isBuffer(bytes)) throw new ZipUnreadable("inflate gave no bytes");
      yield take(bytes);
    }
  } catch (error) {
    if (error instanceof ZipTooLarge || error instanceof ZipUnreadable) throw error;
    throw new ZipUnreadable(`${entry.name} does not inflate`);
  } finally {
    input.destroy();
    inflate.destroy();
  }
  yield decoder.end();
}
