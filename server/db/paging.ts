import type { Queryable } from "./database.ts";
import { queryCount, queryRows, type RowSchema } from "./rows.ts";

/** The page a list's query asks for: the first unless it says, of `defaultSize` rows unless it says. */
export const pageAsked = (query: { readonly page?: number; readonly pageSize?: number }, defaultSize: number) => ({
  page: query.page ?? 1,
  pageSize: query.pageSize ?? defaultSize,
});

/** One page of rows already read (and judged) in memory, and how many there are in all. */
export const pageOfRows = <T>(rows: ReadonlyArray<T>, asked: { readonly page: number; readonly pageSize: number }) => ({
  rows: rows.slice((asked.page - 1) * asked.pageSize, asked.page * asked.pageSize),
  meta: { total: rows.length, page: asked.page, pageSize: asked.pageSize },
});

/** A LIKE pattern that finds `word` anywhere, its own % _ and \ taken literally. */
export const containsPattern = (word: string): string => `%${word.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * Each word of a search, lower case, as a `like` pattern that finds it anywhere in a lower-cased
 * text (a `\`, `%` or `_` in the word matched as itself).
 */
export const wordPatterns = (q: string | undefined): ReadonlyArray<string> =>
  (q ?? "")
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .map(containsPattern);

/**
 * One page of a filtered read, and how many rows match in all: `select` and `where` in `order`,
 * the page's limit and offset added as parameters after the filter's, and the rows of `from` that
 * `where` keeps counted with the filter's parameters alone.
 */
export const readPage = async <S extends RowSchema>(
  db: Queryable,
  schema: S,
  read: { readonly select: string; readonly from: string; readonly where: string; readonly order: string },
  statement: { readonly params: unknown[]; readonly param: (value: unknown) => string },
  asked: { readonly page: number; readonly pageSize: number },
) => {
  const { params, param } = statement;
  const filtered = params.length;
  const rows = await queryRows(
    db,
    schema,
    `${read.select} ${read.where} order by ${read.order} limit ${param(asked.pageSize)} offset ${param((asked.page - 1) * asked.pageSize)}`,
    params,
  );
  const total = await queryCount(db, `select count(*)::int as count from ${read.from} ${read.where}`, params.slice(0, filtered));
  return { rows, meta: { total, page: asked.page, pageSize: asked.pageSize } };
};
