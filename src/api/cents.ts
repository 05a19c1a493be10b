/**
 * Amounts of money read from and written as their decimal digits (decisions 076, 082, 088): no
 * binary fraction is ever multiplied. The contract's money details (details.ts) and the domain's
 * money (src/machines/domain/money.ts) read amounts with these.
 */

const AMOUNT = /^(-?)([0-9]+)(?:\.([0-9]+))?$/u;

/**
 * The cents of an amount written as decimal text (`"1250.5"` is 125050), read digit by digit so
 * no binary fraction is involved; null when it is no decimal or has more than two decimals. The
 * contract bounds the text to ten whole digits, so the cents stay a safe integer.
 */
export const centsOf = (amount: string): number | null => {
  const parts = AMOUNT.exec(amount);
  if (parts === null) return null;
  const [, sign = "", whole = "0", fraction = ""] = parts;
  if (fraction.length > 2) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
};

/** The decimal text of whole cents (`125050` is `"1250.50"`): an amount as the contract takes it. */
export const decimalOfCents = (cents: number): string =>
  `${cents < 0 ? "-" : ""}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/**
 * The cents of a decimal text of dollars with any number of decimals (`"12.345"` is 1235), rounded
 * half away from zero at the cent, digit by digit: no binary fraction is involved. Null when it
 * is not a plain decimal.
 */
export const centsOfDecimal = (amount: string): number | null => {
  const parts = AMOUNT.exec(amount.trim());
  if (parts === null) return null;
  const [, sign = "", whole = "0", fraction = ""] = parts;
  const kept = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  const cents = kept + ((fraction[2] ?? "0") >= "5" ? 1 : 0);
  return sign === "-" && cents !== 0 ? -cents : cents;
};

/**
 * Cents of an amount of dollars a JSON number holds (the reservation's price in jsonb, decision
 * 062): read from its shortest decimal text, the digits the JSON wrote, never multiplied as a
 * binary fraction (decision 076). A number JavaScript writes with an exponent (below a millionth,
 * or beyond 10^21) is no price: its cents are those of its two-decimal text.
 */
export const centsOfDollars = (dollars: number): number => centsOfDecimal(String(dollars)) ?? centsOfDecimal(dollars.toFixed(2)) ?? 0;

/**
 * Dollars of whole cents, for the wire only (the contract answers amounts as JSON numbers of
 * dollars): an integer divided by 100 is the binary number nearest the decimal, which JSON writes
 * as that decimal (224050 is 2240.5). Nothing sums them.
 */
export const dollarsOf = (cents: number): number => cents / 100;
