/**
 * Amounts as people write them in the panel's languages (decision 024): Spanish as Ecuador writes
 * it (`1.450,50`), English as the United States does (`1,450.50`). The lists show amounts with
 * `formatAmount` and the forms show and read them with the same format, so what a list shows can
 * be typed back. The server only ever sees the plain form, `1450.5`.
 */

/** The number format's locale for the panel's language: Spanish unless English is chosen. */
export const amountLocale = (language: string): string => (language === "en" ? "en-US" : "es-EC");

// Building a number format is far slower than using one, and a list formats many amounts.
const formats = new Map<string, Intl.NumberFormat>();

const amountFormat = (language: string): Intl.NumberFormat => {
  const locale = amountLocale(language);
  const known = formats.get(locale);
  if (known !== undefined) return known;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  formats.set(locale, format);
  return format;
};

/** An amount with two decimals, digits grouped as the language groups them. */
export const formatAmount = (amount: number, language: string): string => amountFormat(language).format(amount);

/** Money as US$ with two decimals (PRODUCT.md section 6). */
export const formatMoney = (amount: number, language: string): string => `US$ ${formatAmount(amount, language)}`;

/**
 * Whole cents as the language writes the amount (`145050` is `1.450,50` in Spanish), exactly: the
 * format is given the amount's decimal text, never a binary fraction of it, so no amount of cents
 * is rounded on its way to the page.
 */
export const formatCentsAmount = (cents: number, language: string): string => {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, "0");
  // the decimal text of a whole number of cents is a numeric literal, which the format reads exactly
  const decimal = `${cents < 0 ? "-" : ""}${whole}.${fraction}` as `${number}`;
  return amountFormat(language).format(decimal);
};

/** Whole cents as US$ with two decimals (PRODUCT.md section 6), exactly. */
export const formatCents = (cents: number, language: string): string => `US$ ${formatCentsAmount(cents, language)}`;

/** The language's decimal and group separators, as its number format writes them. */
const separatorsOf = (language: string): { readonly decimal: string; readonly group: string } => {
  const parts = amountFormat(language).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
  };
};

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A typed amount in the plain form the contract reads (`1.450,50` in Spanish is `1450.50`), or
 * the text as typed when it is no amount of the language, for the field rules to refuse. Digits
 * may be grouped by threes with the language's group separator. Without the language's decimal
 * separator, the other one followed by one or two digits at the end is read as the decimal point:
 * a phone's keypad or a habit from the other language (`1450.5` in Spanish, `1450,5` in English).
 */
export const plainAmount = (text: string, language: string): string => {
  const typed = text.trim();
  const { decimal, group } = separatorsOf(language);
  const grouped = `\\d{1,3}(?:${escaped(group)}\\d{3})+|\\d+`;
  const own = new RegExp(`^(-?)(${grouped})(?:${escaped(decimal)}(\\d+))?$`).exec(typed);
  if (own !== null) {
    const [, sign = "", whole = "", fraction] = own;
    return `${sign}${whole.replaceAll(group, "")}${fraction === undefined ? "" : `.${fraction}`}`;
  }
  const other = new RegExp(`^(-?\\d+)${escaped(group)}(\\d{1,2})$`).exec(typed);
  if (other !== null) return `${other[1]}.${other[2]}`;
  return typed;
};
