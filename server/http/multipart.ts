import { SchemaAST } from "effect";
import type { FastifyRequest } from "fastify";
import { type AnyCodec, JSON_FORM_FIELD, type Upload } from "../../src/api/endpoint.ts";
import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";
import { ImageRefused, reencodeImage } from "../uploads/images.ts";
import type { UploadedImage } from "../uploads/store.ts";

const MEGABYTE = 1_048_576;

/**
 * The options @fastify/multipart is registered with, for every multipart endpoint: MAX_UPLOAD_MB
 * for one file, and bounds on the text part that are ample for the forms and small for a flood.
 * Each endpoint adds its own number of files. A file over the limit is cut short and flagged
 * `truncated`, which readMultipart checks, rather than thrown while its stream is being read.
 */
export const multipartOptions = (maxUploadMb: number) => ({
  throwFileSizeLimit: false,
  limits: {
    fileSize: Math.floor(maxUploadMb * MEGABYTE),
    /** Text fields per form: the lists of an itinerary are a few dozen entries at most. */
    fields: 200,
    /**
     * Bytes of one text field: a `json` form's whole body (a yacht page: a 4,000-character text of
     * four UTF-8 bytes each, and its rows) fits.
     */
    fieldSize: 65_536,
    fieldNameSize: 100,
    parts: 250,
    headerPairs: 50,
  },
});

/** The fields of a body schema that are arrays: an empty form field of that name is an empty list. */
export const arrayFields = (body: AnyCodec): ReadonlySet<string> => {
  const ast = SchemaAST.toEncoded(body.ast);
  if (!SchemaAST.isObjects(ast)) return new Set();
  return new Set(
    ast.propertySignatures
      .filter((property) => SchemaAST.isArrays(property.type))
      .map((property) => String(property.name)),
  );
};

/** `name`, `name[]` or `name[3]`: the only field names a form sends. */
const fieldName = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d{0,4})\])?$/;

/**
 * Gathers text fields into the object the body schema decodes: `list[0]`, `list[1]` ... become
 * the array `list` ordered by index, `list[]` and a plain `list` (for an array field) append, and
 * an empty one adds nothing, so a lone empty `list` is an empty list.
 */
class FormBody {
  private readonly scalars = new Map<string, string>();
  private readonly lists = new Map<string, { indexed: Map<number, string>; appended: string[] }>();

  constructor(private readonly arrays: ReadonlySet<string>) {}

  add(name: string, value: string): void {
    const match = fieldName.exec(name);
    const [, key, index] = match ?? [];
    if (key === undefined) throw new ApiError(400, messages.invalidInput);
    if (index === undefined && !this.arrays.has(key)) {
      if (this.scalars.has(key)) throw new ApiError(400, messages.invalidInput);
      this.scalars.set(key, value);
      return;
    }
    const list = this.lists.get(key) ?? { indexed: new Map<number, string>(), appended: [] };
    this.lists.set(key, list);
    if (index === undefined || index === "") {
      if (value !== "") list.appended.push(value);
      return;
    }
    const position = Number(index);
    if (list.indexed.has(position)) throw new ApiError(400, messages.invalidInput);
    list.indexed.set(position, value);
  }

  toObject(): Record<string, unknown> {
    const body: Record<string, unknown> = Object.fromEntries(this.scalars);
    for (const [key, { indexed, appended }] of this.lists) {
      // A name sent both as `key` and `key[0]` is not a form this server reads.
      if (this.scalars.has(key)) throw new ApiError(400, messages.invalidInput);
      const ordered = [...indexed].sort(([a], [b]) => a - b).map(([, value]) => value);
      body[key] = [...ordered, ...appended];
    }
    return body;
  }
}

/**
 * The body of a `json` form (decision 031): its one `json` field parsed; any other text field, a
 * second `json` or text that is no JSON object is malformed input.
 */
class JsonBody {
  private body: Record<string, unknown> | null = null;

  add(name: string, value: string): void {
    if (name !== JSON_FORM_FIELD || this.body !== null) throw new ApiError(400, messages.invalidInput);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ApiError(400, messages.invalidInput);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new ApiError(400, messages.invalidInput);
    this.body = parsed as Record<string, unknown>;
  }

  toObject(): Record<string, unknown> {
    return this.body ?? {};
  }
}

/**
 * A parser failure as the client's problem: a file over the size limit 413; more files, fields or
 * parts than allowed (FST_FILES_LIMIT and the like) and a malformed body (broken boundary,
 * truncated part) 400; a file refused by its decoding 415 or 413. Nothing here is the server's
 * fault: the loop only parses, buffers and re-encodes.
 */
const refusal = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  // Not an image once decoded (415), or a small file that decodes to gigabytes (a pixel bomb: 413).
  if (error instanceof ImageRefused) {
    return error.reason === "tooLarge" ? new ApiError(413, messages.fileTooLarge) : new ApiError(415, messages.unsupportedFile);
  }
  const tooLarge = typeof error === "object" && error !== null && "code" in error && error.code === "FST_REQ_FILE_TOO_LARGE";
  return tooLarge ? new ApiError(413, messages.fileTooLarge) : new ApiError(400, messages.invalidInput);
};

/** A file handed over as it came (a spreadsheet), with the name the browser gave it. */
export interface UploadedFile {
  readonly bytes: Buffer;
  readonly filename: string;
}

export interface MultipartForm {
  readonly body: Record<string, unknown>;
  readonly files: ReadonlyArray<UploadedImage>;
  /** The files of an endpoint whose upload is not images. */
  readonly documents: ReadonlyArray<UploadedFile>;
}

/**
 * Reads a whole multipart request: its text fields as a body object, its files under
 * `upload.field` decoded and re-encoded (uploads/images.ts reencodeImage), off the event loop. Every part is read to the end even after a problem is found
 * (a too-large or non-image file), so the client receives the answer rather than a reset
 * connection; the first problem is then thrown. An empty file part (a file input left empty) is
 * no file.
 */
export const readMultipart = async (
  request: FastifyRequest,
  upload: Upload,
  arrays: ReadonlySet<string>,
): Promise<MultipartForm> => {
  if (!request.isMultipart()) throw new ApiError(415, messages.invalidInput);
  const form = upload.form === "json" ? new JsonBody() : new FormBody(arrays);
  const files: UploadedImage[] = [];
  const documents: UploadedFile[] = [];
  // The first problem wins; the parts after it are still read.
  const problems: ApiError[] = [];
  const note = (error: ApiError) => {
    problems.push(error);
  };
  try {
    const parts = request.parts({
      // Merged with the options the plugin was registered with (multipartOptions).
      limits: { files: upload.maxFiles },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldnameTruncated || part.valueTruncated || typeof part.value !== "string") {
          note(new ApiError(400, messages.invalidInput));
        } else {
          try {
            form.add(part.fieldname, part.value);
          } catch (error) {
            note(refusal(error));
          }
        }
        continue;
      }
      // One file's bytes at a time: each is re-encoded (a fraction of its size) before the next
      // part is read, and after a problem the rest are only drained.
      const bytes = await part.toBuffer();
      if (part.file.truncated) note(new ApiError(413, messages.fileTooLarge));
      else if (part.fieldname !== upload.field) note(new ApiError(400, messages.invalidInput));
      else if (upload.kind === "spreadsheet") {
        if (bytes.length > 0) documents.push({ bytes, filename: part.filename });
      } else if (bytes.length > 0 && problems.length === 0) {
        try {
          files.push(await reencodeImage(bytes));
        } catch (error) {
          note(refusal(error));
        }
      }
    }
  } catch (error) {
    throw problems[0] ?? refusal(error);
  }
  const [problem] = problems;
  if (problem !== undefined) throw problem;
  return { body: form.toObject(), files, documents };
};
