import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEmail } from "../../src/api/fields.ts";
import {
  confirmationProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from "../../src/machines/domain/credentials.ts";

/** Letters with and without case, Spanish accents, digits (Arabic-Indic and full-width too), symbols and blanks. */
const passwordChars = fc.constantFrom(
  ..."aAbBzZñÑáÁéÉüÜ0123456789٣１ !@#$%-_.,ß".split(""),
);
const passwords = fc.oneof(
  fc.array(passwordChars, { maxLength: 20 }).map((chars) => chars.join("")),
  fc.constantFrom("", "Abc123", "Abcdefghijk123", "Abcdefghijk1234", "abc123", "ABC123", "Abcdef"),
);

// Issue 13: only ASCII letters and digits count for the pattern; "Ñ", "á", "٣" count as none.
const isUpper = (c: string) => c >= "A" && c <= "Z";
const isLower = (c: string) => c >= "a" && c <= "z";
const isDigit = (c: string) => c >= "0" && c <= "9";

/** SPEC.md section 5 read literally, in the order its messages are listed. */
const oracle = (password: string) => {
  const chars = [...password];
  if (chars.length === 0) return "required";
  if (!(chars.some(isUpper) && chars.some(isLower) && chars.some(isDigit))) return "pattern";
  if (chars.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (chars.length > PASSWORD_MAX_LENGTH) return "tooLong";
  return null;
};

describe("password rules", () => {
  it("passwordProblem agrees with a literal reading of the specification", () => {
    fc.assert(
      fc.property(passwords, (password) => {
        expect(passwordProblem(password)).toBe(oracle(password));
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts exactly 6 to 14 characters with an uppercase, a lowercase and a digit", () => {
    const valid = fc
      .tuple(
        fc.constantFrom("A", "Z"),
        fc.constantFrom("b", "z"),
        fc.constantFrom("1", "9"),
        fc.array(passwordChars, { minLength: 3, maxLength: 11 }),
      )
      .map(([upper, lower, digit, rest]) => upper + lower + digit + rest.join(""));
    fc.assert(fc.property(valid, (password) => passwordProblem(password) === null));
  });

  it("counts only ASCII letters and digits for the pattern", () => {
    expect(passwordProblem("Ñandú123")).toBe("pattern");
    expect(passwordProblem("ÁRBOLes1")).toBe(null);
    expect(passwordProblem("ÁRBOLÉS1")).toBe("pattern");
    expect(passwordProblem("Abcdef٣")).toBe("pattern");
    expect(passwordProblem("Abcdef１")).toBe("pattern");
    expect(passwordProblem("Ñandú1X")).toBe(null);
  });

  it("confirmation is required and must equal the password", () => {
    fc.assert(
      fc.property(passwords, passwords, (password, confirmation) => {
        const expected = confirmation === "" ? "required" : confirmation === password ? null : "mismatch";
        expect(confirmationProblem(password, confirmation)).toBe(expected);
      }),
    );
  });
});

const emailChars = fc.constantFrom(..."ab1.-_+@ \tñ".split(""));
const emailLike = fc.oneof(
  fc.array(emailChars, { maxLength: 16 }).map((chars) => chars.join("")),
  fc.emailAddress(),
  fc.constantFrom("ana@example.com", "a@b.c", "a@b.", "@b.c", "a@.c", "a@@b.c", "a b@c.d", "a@b..c"),
);

/** One "@" with text on both sides, no blanks, and a dot inside the domain with text around it. */
const emailOracle = (value: string) => {
  if (value.length > 254 || /\s/.test(value)) return false;
  const parts = value.split("@");
  if (parts.length !== 2) return false;
  const [local = "", domain = ""] = parts;
  if (local === "") return false;
  return [...domain].some((c, i) => c === "." && i > 0 && i < domain.length - 1);
};

describe("email pattern", () => {
  it("isEmail agrees with the oracle", () => {
    fc.assert(
      fc.property(emailLike, (value) => {
        expect(isEmail(value)).toBe(emailOracle(value));
      }),
      { numRuns: 2000 },
    );
  });
});
