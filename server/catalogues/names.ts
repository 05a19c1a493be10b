import type { ReaderLanguage } from "../http/caller.ts";

/**
 * The SQL of a reference row's name as a reader of `language` reads it (decision 080): its
 * English name when written, else its Spanish `name`. `alias` is the row's alias in the query.
 */
export const nameSql = (alias: string, language: ReaderLanguage | string): string =>
  language === "en" ? `coalesce(nullif(${alias}.details->>'englishName', ''), ${alias}.name)` : `${alias}.name`;
