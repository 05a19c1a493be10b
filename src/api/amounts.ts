/**
 * Amounts as people write them in the panel's languages (decision 024): Spanish as Ecuador writes
 * it (`1.450,50`), English as the United States does (`1,450.50`). The lists show amounts with
 * `formatAmount` and the forms show and read them with the same format, so what a list shows can
 * be typed back. The server only ever sees the plain form, `1450.5`.
 */

/** The number format's locale for the panel's language: Spanish unless English is chosen. */
export const amountLocale = (language: string): string => (language === "en" ? "en-US" : "es-EC");

/**
 * How each language writes an amount's decimal point and groups its digits: what Intl's es-EC and
 * en-US number formats write (tests/properties/amounts.test.ts holds them equal), written out
 * because a page's first number format costs it 15-20 ms of ICU's start, on the first screen of
 * every page that shows money (decision 087).
 */
const separatorsOf = (language: string): { readonly decimal: string; readonly group: string } =>
  amountLocale(language) === "en-US" ? { decimal: ".", group: "," } : { decimal: ",", group: "." };

/** A plain decimal text (`-1450.50`) as the language writes it (`-1.450,50`), digits grouped by threes. */
const written = (plain: string, language: string): string => {
  const { decimal, group } = separatorsOf(language);
  const [whole = "", fraction = ""] = plain.split(".");
  return `${whole.replace(/\B(?=(\d{3})+$)/g, group)}${decimal}${fraction}`;
};

/**
 * A number's plain text with two decimals, rounded half away from zero on the shortest decimal that
 * reads back as the number (`1.005` is `1.01`), as the number format rounds, not on its binary value
 * as `toFixed` does (`1.00`). Numbers JavaScript writes with an exponent are far below a cent or
 * have no fraction, where `toFixed` writes the same.
 */
const twoDecimals = (magnitude: number): string => {
  const shortest = String(magnitude);
  const [whole = "", fraction = ""] = shortest.split(".");
  if (shortest.includes("e") || fraction.length <= 2) return magnitude.toFixed(2);
  const cents = BigInt(`${whole}${fraction.slice(0, 2)}`) + (fraction.charAt(2) >= "5" ? 1n : 0n);
  const digits = cents.toString().padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/**
 * An amount with two decimals, digits grouped as the language groups them, rounded as the number
 * format rounded (`twoDecimals`); a negative amount keeps its sign even when it rounds to zero, as
 * the number format wrote it.
 */
export const formatAmount = (amount: number, language: string): string =>
  `${amount < 0 || Object.is(amount, -0) ? "-" : ""}${written(twoDecimals(Math.abs(amount)), language)}`;

/** Money as US$ with two decimals (PRODUCT.md section 6). */
export const formatMoney = (amount: number, language: string): string => `US$ ${formatAmount(amount, language)}`;

/**
 * Whole cents as the language writes the amount (`145050` is `1.450,50` in Spanish), exactly: from
 * the amount's decimal text, never a binary fraction of it, so no amount of cents is rounded on its
 * way to the page.
 */
export const formatCentsAmount = (cents: number, language: string): string => {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${written(`${whole}.${fraction}`, language)}`;
};

/** Whole cents as US$ with two decimals (PRODUCT.md section 6), exactly. */
export const formatCents = (cents: number, language: string): string => `US$ ${formatCentsAmount(cents, language)}`;

/**
 * A percentage as the language writes it (`12,5%` in Ecuador, `12.5%` in the United States, `10%`
 * in both): at most two decimals, none written when they are zeros, as Intl's percent format did.
 */
export const formatPercent = (percent: number, language: string): string => {
  const [whole = "", fraction = ""] = formatAmount(percent, language).split(separatorsOf(language).decimal);
  const kept = fraction.replace(/0+$/, "");
  return `${whole}${kept === "" ? "" : `${separatorsOf(language).decimal}${kept}`}%`;
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
