import { countryCodes as codes } from "../../api/countries.ts";

/** Stored (Spanish) names back to their codes, made on first use in another language. */
let codesBySpanishName: ReadonlyMap<string, string> | null = null;

/** A language's country names, made once: a list asks for one per row. */
const namesByLanguage = new Map<string, Intl.DisplayNames>();

const countryNames = (language: string): Intl.DisplayNames => {
  const known = namesByLanguage.get(language);
  if (known !== undefined) return known;
  const names = new Intl.DisplayNames([language], { type: "region" });
  namesByLanguage.set(language, names);
  return names;
};

/**
 * A lead's country in the page's language. Leads keep the Spanish name (CountryOption in
 * src/api/countries.ts); a name that is no country of the list (typed by hand before the list
 * existed) shows as stored. In Spanish every name shows as stored, so the leads' first page in
 * Spanish builds no table of the world's names (decision 087).
 */
export const countryName = (stored: string, language: string): string => {
  if (language === "es") return stored;
  if (codesBySpanishName === null) {
    const spanish = countryNames("es");
    codesBySpanishName = new Map(codes.map((code) => [spanish.of(code) ?? code, code]));
  }
  const code = codesBySpanishName.get(stored);
  return code === undefined ? stored : (countryNames(language).of(code) ?? stored);
};
