import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldText, leadSearchText } from "../../server/leads/search.ts";

/**
 * A lead's search text is folded once, joined, where it used to be folded field by field (half the
 * time of a rebuild's rows): the same text for any fields, since no fold (accents, case, a final
 * sigma) reaches across the newline between two fields.
 */
describe("a lead's search text", () => {
  it("folds each field as if folded alone", () => {
    const field = fc.string({ unit: "binary", maxLength: 12 });
    fc.assert(
      fc.property(fc.record({ firstName: field, lastName: field, email: field, phone: field, message: field }), (lead) => {
        const alone = [lead.firstName, lead.lastName, lead.email, lead.phone, lead.phone.replace(/\D/g, ""), lead.message].map(foldText);
        expect(leadSearchText(lead)).toBe(alone.join("\n"));
      }),
      { numRuns: 500 },
    );
  });

  it("finds a name without its accents and case, and a phone by its digits", () => {
    const text = leadSearchText({ firstName: "ÁNGELES", lastName: "Núñez", email: "A@x.ec", phone: "+593 99 123 4567", message: "ΟΔΥΣΣΕΥΣ" });
    expect(text.split("\n")).toEqual(["angeles", "nunez", "a@x.ec", "+593 99 123 4567", "593991234567", "οδυσσευς"]);
  });
});
