import { Schema } from "effect";
import { type Detail, type DetailRule, type DetailValue, type DetailValues, imagesOf, NEW_IMAGE, type RowValue } from "../../src/api/details.ts";
import { ApiError } from "../../src/api/errors.ts";
import type { FieldProblem } from "../../src/api/fields.ts";
import { messages } from "../../src/api/messages.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import { pathOf, storeImage, type UploadedImage } from "./store.ts";

/** One image value with its `new:<n>` swapped for the stored path, through `place`. */
type Place = (value: string) => Promise<string>;

const placeIn = async (rule: DetailRule, value: DetailValue, place: Place): Promise<DetailValue> => {
  switch (rule.kind) {
    case "image":
      return typeof value === "string" ? place(value) : value;
    case "images":
      return Array.isArray(value) ? Promise.all(value.map((image) => (typeof image === "string" ? place(image) : image))) : value;
    case "rows": {
      const imageCells = rule.cells.filter((cell) => cell.rule.kind === "image");
      if (imageCells.length === 0 || !Array.isArray(value)) return value;
      return Promise.all(
        (value as ReadonlyArray<RowValue>).map(async (row) => {
          const placed = { ...row };
          for (const { name } of imageCells) {
            const image = row[name];
            if (typeof image === "string") placed[name] = await place(image);
          }
          return placed;
        }),
      );
    }
    default:
      return value;
  }
};

/**
 * Stores the files of a multipart `json` form (decision 031) under `folder` and puts each one's
 * path where the body names it `new:<n>` (the n-th file, 0 first). A file named by no value, or
 * named twice, or a `new:<n>` beyond the files sent is a malformed form (400): nothing is stored
 * that the record would not name.
 */
export const placeNewImages = async (
  tx: Queryable,
  folder: string,
  details: ReadonlyArray<Detail>,
  values: DetailValues,
  files: ReadonlyArray<UploadedImage>,
  at: Date,
): Promise<DetailValues> => {
  const named = new Set<number>();
  const place: Place = async (value) => {
    const index = NEW_IMAGE.exec(value)?.[1];
    if (index === undefined) return value;
    const file = files[Number(index)];
    if (file === undefined || named.has(Number(index))) throw new ApiError(400, messages.invalidInput);
    named.add(Number(index));
    return storeImage(tx, folder, file, at);
  };
  const placed: Record<string, DetailValue> = { ...values };
  for (const { name, rule } of details) {
    const value = values[name];
    if (value !== undefined) placed[name] = await placeIn(rule, value, place);
  }
  if (named.size !== files.length) throw new ApiError(400, messages.invalidInput);
  return placed;
};

const PathRow = Schema.Struct({ path: Schema.String });

/** The details that name an image no upload holds (a path made up, or one removed since): each is 'invalid'. */
export const unknownImages = async (
  db: Queryable,
  details: ReadonlyArray<Detail>,
  values: DetailValues,
): Promise<Readonly<Record<string, FieldProblem>>> => {
  const named = details.map(({ name, rule }) => ({ name, paths: values[name] === undefined ? [] : imagesOf(rule, values[name]) }));
  const all = [...new Set(named.flatMap(({ paths }) => paths))];
  if (all.length === 0) return {};
  const stored = await queryRows(
    db,
    PathRow,
    `select ${pathOf} as path from uploads where ${pathOf} = any($1::text[])`,
    [all],
  );
  const found = new Set(stored.map(({ path }) => path));
  return Object.fromEntries(named.filter(({ paths }) => paths.some((path) => !found.has(path))).map(({ name }) => [name, "invalid" as const]));
};

/** Every image the details' values name. */
export const namedImages = (details: ReadonlyArray<Detail>, values: DetailValues): ReadonlyArray<string> =>
  details.flatMap(({ name, rule }) => (values[name] === undefined ? [] : imagesOf(rule, values[name])));
