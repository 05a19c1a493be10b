import { API_BASE } from "../api/endpoint.ts";

// Building a number format is far slower than using one, and a list formats many prices.
const moneyFormats = new Map<string, Intl.NumberFormat>();

const moneyFormat = (locale: string): Intl.NumberFormat => {
  const known = moneyFormats.get(locale);
  if (known !== undefined) return known;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  moneyFormats.set(locale, format);
  return format;
};

/** Money as US$ with two decimals (PRODUCT.md section 6), digits grouped as the language does. */
export const formatMoney = (language: string, amount: number): string =>
  `US$ ${moneyFormat(language === "en" ? "en-US" : "es-EC").format(amount)}`;

/** An itinerary's image shows from the API base plus its stored path (SPEC.md section 7). */
export const imageUrl = (path: string): string => `${API_BASE}/${path}`;
