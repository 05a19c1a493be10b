/**
 * Hostile passenger sheets, made in memory for the hardening test and the bench (issue 35): an
 * XLSX that is a small zip around a sheet of hundreds of megabytes of blank cells, an XLSX and a
 * CSV of 520,000 passengers (about 9.9 MB, under the default MAX_UPLOAD_MB). Each begins with a header the import knows, so a reader that loads
 * the whole sheet before counting reaches every row.
 */
import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

const MEGABYTE = 1_048_576;

interface ZipEntry {
  readonly name: string;
  readonly compressed: Buffer;
  readonly crc: number;
  readonly size: number;
}

const storedEntry = (name: string, text: string): ZipEntry => {
  const bytes = Buffer.from(text, "utf8");
  return { name, compressed: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
};

/**
 * A zip of `entries`, deflated. `declaredSize` is the uncompressed size its headers claim for an
 * entry: the true one unless a test makes the file lie about it.
 */
const zipOf = (entries: ReadonlyArray<ZipEntry>, declaredSize: (entry: ZipEntry) => number): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(declaredSize(entry), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(declaredSize(entry), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

/** The parts every workbook has around its one sheet. */
const workbookParts = (): ZipEntry[] => [
  storedEntry(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ),
  storedEntry(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ),
  storedEntry(
    "xl/workbook.xml",
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Pasajeros" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  storedEntry(
    "xl/_rels/workbook.xml.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ),
];

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Nombre</t></is></c><c r="B1" t="inlineStr"><is><t>Apellido</t></is></c></row>';
const SHEET_END = "</sheetData></worksheet>";

/** The rows' XML in pieces of about a megabyte, the sheet's start and end around them. */
function* sheetPieces(rows: Iterable<string>): Generator<Buffer> {
  let piece = SHEET_START;
  for (const row of rows) {
    piece += row;
    if (piece.length >= MEGABYTE) {
      yield Buffer.from(piece, "utf8");
      piece = "";
    }
  }
  yield Buffer.from(piece + SHEET_END, "utf8");
}

/** A sheet entry deflated as it is written: `rows` gives its rows' XML a row at a time. */
const streamedSheet = async (rows: Iterable<string>, level: number): Promise<ZipEntry> => {
  const deflate = createDeflateRaw({ level });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  let crc = 0;
  let size = 0;
  for (const bytes of sheetPieces(rows)) {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return { name: "xl/worksheets/sheet1.xml", compressed: Buffer.concat(compressed), crc, size };
};

/** Rows of blank cells (styled, without content) until the sheet holds about `megabytes` MB. */
function* blankRows(megabytes: number): Generator<string> {
  const cells = '<c s="0"/>'.repeat(50);
  let size = 0;
  for (let row = 2; size < megabytes * MEGABYTE; row += 1) {
    const text = `<row r="${row}">${cells}</row>`;
    size += text.length;
    yield text;
  }
}

/**
 * A workbook whose one sheet is `megabytes` MB of blank cells once inflated: 400 MB is a file of
 * about 1.5 MB. `lying` makes its headers claim the sheet holds a few kilobytes.
 */
export const blankCellsWorkbook = async (megabytes: number, lying = false): Promise<Buffer> => {
  const sheet = await streamedSheet(blankRows(megabytes), 9);
  return zipOf([...workbookParts(), sheet], (entry) => (lying && entry === sheet ? 4096 : entry.size));
};

function* passengerRows(rows: number): Generator<string> {
  for (let row = 2; row < rows + 2; row += 1) {
    yield `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>Rosa</t></is></c><c r="B${row}" t="inlineStr"><is><t>Mena ${row}</t></is></c></row>`;
  }
}

/** A workbook of `rows` passengers under the header. */
export const manyRowsWorkbook = async (rows: number): Promise<Buffer> => zipOf([...workbookParts(), await streamedSheet(passengerRows(rows), 1)], (entry) => entry.size);

/** A workbook with only a header row, whose shared strings are `count` different texts. */
export const sharedStringsWorkbook = (count: number): Buffer => {
  const strings = Array.from({ length: count }, (_, index) => `<si><t>${index}</t></si>`).join("");
  return zipOf(
    [
      ...workbookParts(),
      storedEntry("xl/sharedStrings.xml", `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings}</sst>`),
      storedEntry("xl/worksheets/sheet1.xml", SHEET_START + SHEET_END),
    ],
    (entry) => entry.size,
  );
};

/** A CSV of `rows` passengers under the header: 520,000 of them are about 9.9 MB. */
export const manyRowsCsv = (rows: number): Buffer => {
  const lines = ["Nombre;Apellido"];
  for (let row = 0; row < rows; row += 1) lines.push(`Rosa;Mena Vera ${row % 100}`);
  return Buffer.from(lines.join("\n"), "utf8");
};
