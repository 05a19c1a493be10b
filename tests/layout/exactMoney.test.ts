import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 38 item 9, decision 088: no binary floating point in money. The server reads amounts as
 * integer cents (jsonb cents, `bigint` sums read as their text, a `numeric` times 100) and writes
 * dollars only at the wire's edge (`dollarsOf`). This fails when its code reads a money value as a
 * binary number: a SQL cast to `float8`, `real`, `float4` or `double precision` of an expression
 * naming an amount (a price, an amount, a rate, a tax, a total, a balance, a credit...), or
 * `parseFloat` / `Number(...)` of one. Migrations are history, left as they ran.
 */

const root = join(import.meta.dirname, "../..");

/** The parts of an identifier's name that say it is money (`offer_price`, `clientRateCents`, `totalPaid`). */
const MONEY_WORDS = new Set(["price", "amount", "rate", "tax", "total", "balance", "credit", "cents", "paid", "due", "commission", "penalty", "refund", "fee", "net", "dollars"]);

const partsOf = (identifier: string): ReadonlyArray<string> =>
  identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/_+/)
    .filter((part) => part !== "")
    .map((part) => (part.endsWith("s") && MONEY_WORDS.has(part.slice(0, -1)) ? part.slice(0, -1) : part));

/** Whether a piece of code names a money value: one of its identifiers has a money word among its parts. */
const namesMoney = (code: string): boolean => (code.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).some((identifier) => partsOf(identifier).some((part) => MONEY_WORDS.has(part)));

const FLOAT_CAST = /::\s*(?:float8|float4|real|double precision)\b/gi;

/** The expression a cast applies to: the line before it, back to its select list's last comma or keyword. */
const castOperand = (line: string, at: number): string => {
  const before = line.slice(0, at);
  const start = Math.max(before.lastIndexOf(","), before.search(/\bselect\b(?!.*\bselect\b)/i), before.lastIndexOf("`"));
  return before.slice(start + 1);
};

/** The argument of a call at `open` (the index of its parenthesis), to its matching parenthesis or the line's end. */
const argumentOf = (line: string, open: number): string => {
  let depth = 0;
  for (let index = open; index < line.length; index += 1) {
    if (line[index] === "(") depth += 1;
    if (line[index] === ")") depth -= 1;
    if (depth === 0) return line.slice(open + 1, index);
  }
  return line.slice(open + 1);
};

/** What reads money as a binary number in one file's text, as `line: code`. */
const floatMoney = (text: string): ReadonlyArray<string> =>
  text.split("\n").flatMap((line, index) => {
    const found: string[] = [];
    for (const cast of line.matchAll(FLOAT_CAST)) {
      if (namesMoney(castOperand(line, cast.index))) found.push(`${index + 1}: ${line.trim()}`);
    }
    for (const call of line.matchAll(/\b(?:Number\.)?(parseFloat|Number)\s*\(/g)) {
      const argument = argumentOf(line, call.index + call[0].length - 1);
      if (call[1] === "parseFloat" || namesMoney(argument)) found.push(`${index + 1}: ${line.trim()}`);
    }
    return found;
  });

const sources = (directory: string): ReadonlyArray<string> =>
  readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return path === join("server", "db", "migrations") ? [] : sources(path);
    return /\.(?:ts|sql)$/.test(entry.name) ? [path] : [];
  });

describe("money is never a binary number on the server", () => {
  it("finds a money value cast to float8, parsed as a float or made a Number (the code before decision 088)", () => {
    expect(floatMoney(`const itineraryColumns = \`id, name, days, description, availability, price::float8 as price,\n  offer_price::float8 as "offerPrice", is_offer as "isOffer"\``)).toHaveLength(2);
    expect(floatMoney(`select (r.price->>'total')::float8 as total from reservations r`)).toHaveLength(1);
    expect(floatMoney("select sum(amount_cents)::double precision from payments")).toHaveLength(1);
    expect(floatMoney("const paid = Number(row.paidCents);")).toHaveLength(1);
    expect(floatMoney("const rate = parseFloat(text);")).toHaveLength(1);
    // not money: a lead's waiting hours, an id, a day of the month
    expect(floatMoney("extract(epoch from (select min(n.created_at) from lead_notes n) - l.created_at)::float8 / 3600 as waited")).toEqual([]);
    expect(floatMoney("round(avg(waited)::numeric, 1)::float8 as average_hours, reprice(tx, Number(row.id))")).toEqual([]);
  });

  it("holds for every file of the server", () => {
    const found = sources("server").flatMap((path) => floatMoney(readFileSync(join(root, path), "utf8")).map((hit) => `${path}:${hit}`));
    expect(found).toEqual([]);
  });
});
