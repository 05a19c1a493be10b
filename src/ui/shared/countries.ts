import { countryCodes as codes } from "../../api/countries.ts";

/** Stored (Spanish) names back to their codes, made on first use. */
let codesBySpanishName: ReadonlyMap<string, string> | null = null;

/**
 * A lead's country in the page's language. Leads keep the Spanish name (CountryOption in
 * src/api/countries.ts); a name that is no country of the list (typed by hand before the list
 * existed) shows as stored.
 */
export const countryName = (stored: string, language: string): string => {
  if (codesBySpanishName === null) {
    const spanish = new Intl.DisplayNames(["es"], { type: "region" });
    codesBySpanishName = new Map(codes.map((code) => [spanish.of(code) ?? code, code]));
  }
  const code = codesBySpanishName.get(stored);
  return code === undefined ? stored : (new Intl.DisplayNames([language], { type: "region" }).of(code) ?? stored);
};
