import { countryCodes as codes } from "../../api/countries.ts";

/** The agency is in Ecuador: most visitors write from there, so it heads the list. */
const FIRST = "EC";

export interface CountryOption {
  /** What the lead stores: the Spanish name, so the leads table reads the same in either language. */
  readonly value: string;
  /** The name in the page's language. */
  readonly label: string;
}

/** Every country, Ecuador first, the rest sorted by the name shown. */
export const countryOptions = (language: string): ReadonlyArray<CountryOption> => {
  const spanish = new Intl.DisplayNames(["es"], { type: "region" });
  const shown = new Intl.DisplayNames([language], { type: "region" });
  const options = codes.map((code) => ({ code, value: spanish.of(code) ?? code, label: shown.of(code) ?? code }));
  const first = options.filter((option) => option.code === FIRST);
  // one collator for the whole sort: localeCompare with a locale builds one per comparison
  const { compare } = new Intl.Collator(language);
  const rest = options.filter((option) => option.code !== FIRST).sort((a, b) => compare(a.label, b.label));
  return [...first, ...rest].map(({ value, label }) => ({ value, label }));
};

/** Stored (Spanish) names back to their codes, made on first use. */
let codesBySpanishName: ReadonlyMap<string, string> | null = null;

/**
 * A lead's country in the page's language. Leads keep the Spanish name (see CountryOption); a
 * name that is no country of the list (typed by hand before the list existed) shows as stored.
 */
export const countryName = (stored: string, language: string): string => {
  if (codesBySpanishName === null) {
    const spanish = new Intl.DisplayNames(["es"], { type: "region" });
    codesBySpanishName = new Map(codes.map((code) => [spanish.of(code) ?? code, code]));
  }
  const code = codesBySpanishName.get(stored);
  return code === undefined ? stored : (new Intl.DisplayNames([language], { type: "region" }).of(code) ?? stored);
};
