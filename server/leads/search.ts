/**
 * The searchable text of a lead and the words of a search, folded the same way: lower case, no
 * accents (NFD, combining marks removed), so "Pérez", "PEREZ" and "perez" find each other on
 * PGlite and PostgreSQL alike without the unaccent extension.
 */
export const foldText = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export interface SearchableLead {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
}

/**
 * The `search` column: the fields folded and joined by newlines (a search word never holds a
 * blank, so no word matches across two fields), plus the phone's digits alone so that
 * "0991234567" finds "+593 99 123 4567".
 */
export const leadSearchText = (lead: SearchableLead): string =>
  [lead.firstName, lead.lastName, lead.email, lead.phone, lead.phone.replace(/\D/g, ""), lead.message]
    .map(foldText)
    .join("\n");

/** The words of a search box, folded; a lead matches when its search text holds every one. */
export const searchWords = (q: string | undefined): ReadonlyArray<string> =>
  q === undefined ? [] : foldText(q).split(/\s+/u).filter((word) => word !== "");

/** A LIKE pattern that finds `word` anywhere, its own % _ and \ taken literally. */
export const containsPattern = (word: string): string => `%${word.replace(/[\\%_]/g, "\\$&")}%`;
