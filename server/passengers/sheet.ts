/**
 * A passenger sheet read as it streams, within limits that stop the reading at once (issue 35,
 * decision 059): an XLSX workbook's entries are inflated a piece at a time and parsed as they
 * come, a CSV file is split a piece at a time, and the reading ends as soon as the sheet has more
 * than MAX_SHEET_MB of text, more than MAX_IMPORT_ROWS passengers or a cell beyond
 * MAX_IMPORT_COLUMNS. It runs in a worker with a memory cap (sheets.ts): nothing here may block
 * the server, nor hold more than a bounded piece of the file.
 */
import { StringDecoder } from "node:string_decoder";
import { SaxesParser } from "saxes";
import { headerKey, importColumns, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, MAX_SHEET_MB } from "../../src/api/passengers.ts";
import { type Budget, entryText, ZipTooLarge, ZipUnreadable, type ZipEntry, zipEntries } from "./zip.ts";

/** One row of an imported sheet: its number in the sheet and its cells by the field they fill, as text. */
export interface SheetRow {
  readonly row: number;
  readonly cells: Readonly<Record<string, string>>;
}

/** A limit of the reading: the sheet's text, its passengers or its columns. */
export type SheetLimit = "size" | "rows" | "columns";

/**
 * Why a file is no passenger sheet: not an XLSX or CSV file at all; empty; a first row that is no
 * header (none of its cells is a column the import knows); a header row without every column a
 * passenger needs (decision 075).
 */
export type SheetFault = "notSheet" | "empty" | "noHeader" | "missingColumns";

/**
 * What a reading found: the rows; a file that is no sheet with a known header, and why; or a
 * limit passed, where the reading stopped.
 */
export type SheetReading =
  | { readonly kind: "rows"; readonly rows: ReadonlyArray<SheetRow> }
  | { readonly kind: "unreadable"; readonly fault: SheetFault }
  | { readonly kind: "overLimit"; readonly limit: SheetLimit };

const MEGABYTE = 1_048_576;
/** CSV bytes decoded at a time. */
const CSV_PIECE = 65_536;

/** Each header a sheet may use, as `headerKey` reads it, with the field it fills. */
const fieldOfHeader: ReadonlyMap<string, string> = new Map(
  importColumns.flatMap(({ name, headers }) => headers.map((header) => [headerKey(header), name] as const)),
);

/** Thrown inside a reading when a limit is passed; the reading answers it as `overLimit`. */
class OverLimit extends Error {
  constructor(readonly limit: SheetLimit) {
    super(limit);
  }
}

/** Thrown inside a reading when the file is no sheet it can read, with why. */
class Unreadable extends Error {
  constructor(readonly fault: SheetFault) {
    super(fault);
  }
}

/** The columns every passenger needs: a header row without one of them refuses the whole file. */
const requiredColumns = ["firstName", "lastName", "identificationType", "identification", "birthday", "country", "gender"];

/**
 * Whether the bytes are no text file: a NUL byte in the first kilobytes (an old XLS workbook, an
 * image, a PDF's streams) or a PDF's own start. A CSV file is text in any encoding.
 */
const isBinary = (bytes: Buffer): boolean => bytes.subarray(0, 8192).includes(0) || bytes.subarray(0, 5).toString("latin1") === "%PDF-";

/** Whether the bytes start as a ZIP archive does, as every XLSX workbook does. */
const isZip = (bytes: Buffer): boolean => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** A day as `YYYY-MM-DD` in UTC. */
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Excel's day 0 for serial dates (1899-12-30, which absorbs its 1900 leap-year bug). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** An Excel serial day (with its fraction of a day) as `YYYY-MM-DD`. */
const serialDay = (serial: number): string => isoDay(new Date(EXCEL_EPOCH + Math.round(serial * 86_400_000)));

/**
 * A day as a sheet may write it: `YYYY-MM-DD`, `DD/MM/YYYY` (or with `-` or `.`), or an Excel
 * serial number; anything else is kept as written, and the passenger's rules refuse it.
 */
export const sheetDay = (text: string): string => {
  const trimmed = text.trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (dayFirst !== null) return `${dayFirst[3]}-${dayFirst[2]?.padStart(2, "0")}-${dayFirst[1]?.padStart(2, "0")}`;
  if (/^\d{5}$/.test(trimmed)) return serialDay(Number(trimmed));
  return trimmed.slice(0, 10);
};

/**
 * The rows under a header row as cells arrive: the header (row 1) says which column fills which
 * field; a row without a known field's value is skipped; the passenger after MAX_IMPORT_ROWS and
 * any cell beyond MAX_IMPORT_COLUMNS stop the reading.
 */
class RowCollector {
  readonly rows: SheetRow[] = [];
  private readonly fields = new Map<number, string>();
  private current: { row: number; cells: Record<string, string> } | null = null;
  /** Whether any row had a cell: none is an empty file. */
  private written = false;

  startRow(row: number): void {
    // a sheet whose first row is no known header is no passenger sheet
    if (row > 1 && this.fields.size === 0) this.refuseHeader();
    this.current = { row, cells: {} };
  }

  /** The header row read: without a known column it is none, without a required one it is the wrong one. */
  private refuseHeader(): never {
    throw new Unreadable(this.written ? "noHeader" : "empty");
  }

  cell(column: number, text: string): void {
    if (column > MAX_IMPORT_COLUMNS) throw new OverLimit("columns");
    const current = this.current;
    const value = text.trim();
    if (current === null || value === "") return;
    this.written = true;
    if (current.row === 1) {
      const field = fieldOfHeader.get(headerKey(value));
      if (field !== undefined) this.fields.set(column, field);
      return;
    }
    const field = this.fields.get(column);
    if (field !== undefined) current.cells[field] = value;
  }

  endRow(): void {
    const current = this.current;
    this.current = null;
    if (current === null || current.row === 1 || Object.keys(current.cells).length === 0) return;
    this.rows.push(current);
    if (this.rows.length > MAX_IMPORT_ROWS) throw new OverLimit("rows");
  }

  /** The rows read, once the whole sheet was within its limits: under a header row naming every column a passenger needs. */
  finish(): ReadonlyArray<SheetRow> {
    if (this.fields.size === 0) this.refuseHeader();
    const named = new Set(this.fields.values());
    if (requiredColumns.some((column) => !named.has(column))) throw new Unreadable("missingColumns");
    return this.rows;
  }
}

/** The separator of a CSV file: the one its header line has most of (a Spanish Excel writes `;`). */
const separatorOf = (start: string): string => {
  const header = start.split(/\r?\n/, 1)[0] ?? "";
  const counts = [",", ";", "\t"].map((separator) => [separator, header.split(separator).length] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
};

/**
 * A CSV file's rows (RFC 4180: quoted fields may hold separators, doubled quotes and line breaks),
 * every cell kept as written (a cédula's leading zero is no number's), split a piece at a time.
 */
const readCsv = (bytes: Buffer): ReadonlyArray<SheetRow> => {
  if (bytes.length > MAX_SHEET_MB * MEGABYTE) throw new OverLimit("size");
  const decoder = new StringDecoder("utf8");
  const collector = new RowCollector();
  let separator: string | null = null;
  let row = 1;
  let column = 1;
  let field = "";
  let quoted = false;
  /** The last character was a quote inside a quoted field: a second one is a quote, else the field ends. */
  let quoteSeen = false;
  let rowStarted = false;
  const endField = () => {
    if (!rowStarted) collector.startRow(row);
    rowStarted = true;
    collector.cell(column, field);
    field = "";
    column += 1;
  };
  const endRow = () => {
    endField();
    collector.endRow();
    row += 1;
    column = 1;
    rowStarted = false;
  };
  for (let at = 0; at < bytes.length; at += CSV_PIECE) {
    let text = decoder.write(bytes.subarray(at, at + CSV_PIECE));
    if (at === 0) text = text.replace(/^\uFEFF/, "");
    separator ??= separatorOf(text);
    for (const character of text) {
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (character === '"') {
            field += '"';
            continue;
          }
          quoted = false;
        } else if (character === '"') {
          quoteSeen = true;
          continue;
        } else {
          field += character;
          continue;
        }
      }
      if (character === '"' && field === "") quoted = true;
      else if (character === separator) endField();
      else if (character === "\n") endRow();
      else if (character !== "\r") field += character;
    }
  }
  if (field !== "" || rowStarted || quoted) endRow();
  return collector.finish();
};

/** An XML tag's name without its prefix (`x:row` is a `row`). */
const localName = (name: string): string => name.slice(name.indexOf(":") + 1);

/** What an XML part's reader does with each tag and text, and whether it has read enough. */
interface XmlHandler {
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  text(text: string): void;
  close(name: string): void;
  readonly done?: () => boolean;
}

/** Parses an entry's XML as it is inflated; stops when the handler has read enough. */
const readXml = async (zip: Buffer, entry: ZipEntry, budget: Budget, handler: XmlHandler): Promise<void> => {
  const parser = new SaxesParser();
  let failure: Error | null = null;
  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.on("opentag", (tag) => handler.open(localName(tag.name), tag.attributes));
  parser.on("text", (text) => handler.text(text));
  parser.on("cdata", (text) => handler.text(text));
  parser.on("closetag", (tag) => handler.close(localName(tag.name)));
  for await (const text of entryText(zip, entry, budget)) {
    parser.write(text);
    if (failure !== null) throw new Unreadable("notSheet");
    if (handler.done?.() === true) return;
  }
  parser.close();
  if (failure !== null) throw new Unreadable("notSheet");
};

/** The path in the archive of the workbook's first sheet, from the workbook and its relationships. */
const firstSheetPath = async (zip: Buffer, entries: ReadonlyMap<string, ZipEntry>, budget: Budget): Promise<string> => {
  const workbook = entries.get("xl/workbook.xml");
  const relationships = entries.get("xl/_rels/workbook.xml.rels");
  if (workbook === undefined || relationships === undefined) throw new Unreadable("notSheet");
  let relationship: string | null = null;
  await readXml(zip, workbook, budget, {
    open: (name, attributes) => {
      if (name !== "sheet" || relationship !== null) return;
      relationship = Object.entries(attributes).find(([attribute]) => attribute.includes(":") && localName(attribute) === "id")?.[1] ?? null;
    },
    text: () => undefined,
    close: () => undefined,
    done: () => relationship !== null,
  });
  let target: string | null = null;
  await readXml(zip, relationships, budget, {
    open: (name, attributes) => {
      if (name === "Relationship" && attributes.Id === relationship) target = attributes.Target ?? null;
    },
    text: () => undefined,
    close: () => undefined,
    done: () => target !== null,
  });
  if (target === null) throw new Unreadable("notSheet");
  const path: string = target;
  return path.startsWith("/") ? path.slice(1) : `xl/${path}`;
};

/** The texts of a workbook's shared strings, in order (a rich text's runs joined; phonetic hints left out). */
const sharedStrings = async (zip: Buffer, entry: ZipEntry | undefined, budget: Budget): Promise<string[]> => {
  const strings: string[] = [];
  if (entry === undefined) return strings;
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  await readXml(zip, entry, budget, {
    open: (name) => {
      if (name === "si") current = "";
      else if (name === "rPh") inPhonetic = true;
      else if (name === "t") inText = !inPhonetic;
    },
    text: (text) => {
      if (inText && current !== null) current += text;
    },
    close: (name) => {
      if (name === "t") inText = false;
      else if (name === "rPh") inPhonetic = false;
      else if (name === "si") {
        strings.push(current ?? "");
        current = null;
      }
    },
  });
  return strings;
};

/** Excel's built-in number formats that show a date. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a format code shows a date: a day, month or year outside quotes and brackets. */
const isDateCode = (code: string): boolean => /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ""));

/** The cell styles (by index) whose number format shows a date: their numbers are days. */
const dateStyles = async (zip: Buffer, entry: ZipEntry | undefined, budget: Budget): Promise<ReadonlySet<number>> => {
  const dates = new Set<number>();
  if (entry === undefined) return dates;
  const dateFormats = new Set(BUILT_IN_DATE_FORMATS);
  let inCellFormats = false;
  let style = 0;
  await readXml(zip, entry, budget, {
    open: (name, attributes) => {
      if (name === "numFmt" && isDateCode(attributes.formatCode ?? "")) dateFormats.add(Number(attributes.numFmtId));
      else if (name === "cellXfs") inCellFormats = true;
      else if (name === "xf" && inCellFormats) {
        if (dateFormats.has(Number(attributes.numFmtId ?? "0"))) dates.add(style);
        style += 1;
      }
    },
    text: () => undefined,
    close: (name) => {
      if (name === "cellXfs") inCellFormats = false;
    },
    done: () => style > 0 && !inCellFormats,
  });
  return dates;
};

/** A column's number from a cell reference: `C7` is 3; none when it has no letters. */
const columnOf = (reference: string): number | null => {
  const letters = /^[A-Za-z]+/.exec(reference)?.[0];
  if (letters === undefined) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
};

/**
 * The rows of an XLSX workbook's first sheet: shared strings and styles read first (an archive's
 * own order often puts them after the sheets), then the sheet, stopped at a limit.
 */
const readWorkbook = async (zip: Buffer): Promise<ReadonlyArray<SheetRow>> => {
  const entries = zipEntries(zip);
  const budget: Budget = { remaining: MAX_SHEET_MB * MEGABYTE };
  const sheet = entries.get(await firstSheetPath(zip, entries, budget));
  if (sheet === undefined) throw new Unreadable("notSheet");
  const strings = await sharedStrings(zip, entries.get("xl/sharedStrings.xml"), budget);
  const dates = await dateStyles(zip, entries.get("xl/styles.xml"), budget);
  const collector = new RowCollector();
  let row = 0;
  let column = 0;
  let cell: { type: string; style: number; value: string; inline: string } | null = null;
  let capture: "value" | "inline" | null = null;
  let inPhonetic = false;
  let ended = false;
  /** A cell's value as text: a shared or inline string, a boolean's word, a date cell's day, a number as a number. */
  const cellText = (found: NonNullable<typeof cell>): string => {
    switch (found.type) {
      case "s":
        return strings[Number(found.value)] ?? "";
      case "inlineStr":
        return found.inline;
      case "b":
        return found.value === "1" ? "true" : "false";
      case "e":
        return "";
      case "str":
        return found.value;
      case "d":
        return found.value.slice(0, 10);
      default: {
        const number = Number(found.value);
        if (found.value.trim() === "" || !Number.isFinite(number)) return found.value;
        return dates.has(found.style) ? serialDay(number) : String(number);
      }
    }
  };
  await readXml(zip, sheet, budget, {
    open: (name, attributes) => {
      if (name === "row") {
        const number = Number(attributes.r);
        row = Number.isInteger(number) && number > 0 ? number : row + 1;
        column = 0;
        collector.startRow(row);
      } else if (name === "c") {
        column = columnOf(attributes.r ?? "") ?? column + 1;
        cell = { type: attributes.t ?? "n", style: Number(attributes.s ?? "0"), value: "", inline: "" };
      } else if (name === "v") capture = "value";
      else if (name === "rPh") inPhonetic = true;
      else if (name === "t" && cell?.type === "inlineStr" && !inPhonetic) capture = "inline";
    },
    text: (text) => {
      if (cell === null || capture === null) return;
      if (capture === "value") cell.value += text;
      else cell.inline += text;
    },
    close: (name) => {
      if (name === "v" || name === "t") capture = null;
      else if (name === "rPh") inPhonetic = false;
      else if (name === "c" && cell !== null) {
        collector.cell(column, cellText(cell));
        cell = null;
      } else if (name === "row") collector.endRow();
      else if (name === "sheetData") ended = true;
    },
    done: () => ended,
  });
  return collector.finish();
};

/**
 * The rows of the first sheet of an XLSX workbook or a CSV file under its header row, each cell
 * under the field its header names (unknown headers are left out); blank rows are skipped.
 */
export const readSheet = async (bytes: Buffer): Promise<SheetReading> => {
  try {
    if (!isZip(bytes) && isBinary(bytes)) return { kind: "unreadable", fault: "notSheet" };
    const rows = isZip(bytes) ? await readWorkbook(bytes) : readCsv(bytes);
    return { kind: "rows", rows };
  } catch (error) {
    if (error instanceof OverLimit) return { kind: "overLimit", limit: error.limit };
    if (error instanceof ZipTooLarge) return { kind: "overLimit", limit: "size" };
    if (error instanceof Unreadable) return { kind: "unreadable", fault: error.fault };
    if (error instanceof ZipUnreadable) return { kind: "unreadable", fault: "notSheet" };
    throw error;
  }
};
