import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountLocale, formatAmount, formatCentsAmount, formatPercent, plainAmount } from "../../src/api/amounts.ts";

/** What the panel wrote before it wrote amounts by hand: Intl's number format of the language's locale. */
const intlAmount = (amount: number | `${number}`, language: string): string =>
  new Intl.NumberFormat(amountLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

const languages = fc.constantFrom("es", "en");
/** Cents of any amount the panel shows, a refund's negative ones too. */
const cents = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

describe("amounts written by hand, as Intl's es-EC and en-US formats write them (decision 087)", () => {
  it("writes whole cents exactly as the format wrote their decimal text", () =>
    fc.assert(
      fc.property(cents, languages, (value, language) => {
        const decimal = `${value < 0 ? "-" : ""}${Math.trunc(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, "0")}` as `${number}`;
        expect(formatCentsAmount(value, language)).toBe(intlAmount(decimal, language));
      }),
    ));

  it("rounds a number to two decimals as the format did, half away from zero on its shortest decimal, not its binary value", () =>
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), languages, (value, language) => {
        expect(formatAmount(value, language)).toBe(intlAmount(value, language));
      }),
      { examples: [[0.125, "es"], [-0.001, "en"], [-0, "es"], [1450.5, "es"], [1450.5, "en"], [999.995, "en"], [1_234_567.891, "es"], [1.005, "en"], [2.675, "es"], [-336_217_927_469.485, "es"], [1e-7, "en"]] },
    ));

  it("writes a percentage of hundredths as the percent format wrote it", () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), languages, (hundredths, language) => {
        const percent = hundredths / 100;
        const intl = new Intl.NumberFormat(amountLocale(language), { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
        expect(formatPercent(percent, language)).toBe(intl);
      }),
      { examples: [[1250, "es"], [1000, "en"], [1235, "en"], [0, "es"], [150_000, "es"]] },
    ));

  it("reads back what it writes", () =>
    fc.assert(
      fc.property(cents, languages, (value, language) => {
        expect(Math.round(Number(plainAmount(formatCentsAmount(value, language), language)) * 100)).toBe(value);
      }),
    ));
});
