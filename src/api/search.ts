/**
 * A text and the words of a search, folded the same way: lower case, no accents (NFD, combining
 * marks removed), so "Pérez", "PEREZ" and "perez" find each other, on the server's lead search
 * (PGlite and PostgreSQL alike, without the unaccent extension) and in the panel's own lists.
 */
export const foldText = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The words of a search box, folded; a row matches when its text holds every one. */
export const searchWords = (q: string | undefined): ReadonlyArray<string> =>
  q === undefined ? [] : foldText(q).split(/\s+/u).filter((word) => word !== "");
