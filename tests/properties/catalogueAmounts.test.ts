import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { upcastEventData } from "../../server/events/upcast.ts";
import { answeredDetails, detailProblem, storedDetails } from "../../src/api/details.ts";
import { generalRates } from "../../src/records/rates.ts";
import { genders } from "../../src/records/referenceData.ts";

/**
 * Decision 088: a catalogue's amount of money travels as dollars and is kept as integer cents.
 * For any amount of cents a rate may hold, the wire's dollars are its decimal, kept as the same
 * cents and answered as the same dollars; an old event's dollars upcast to those cents; an amount
 * with a third decimal, below zero or above the rule's maximum is refused, never rounded.
 */
const rateDetails = generalRates.api.details.filter(({ rule }) => rule.kind === "money");
const maximumCents = 999_999_999;
const cents = fc.integer({ min: 0, max: maximumCents });

describe("a catalogue's amounts of money (decision 088)", () => {
  it("are kept as the cents of the dollars typed, answered as the same dollars, and old events read the same cents", () => {
    fc.assert(
      fc.property(cents, cents, (client, operator) => {
        const wire = { clientRate: client / 100, operatorRate: operator / 100 };
        expect(rateDetails.map(({ rule }) => detailProblem(rule, wire.clientRate))).toEqual([null, null]);
        const stored = storedDetails(rateDetails, wire);
        expect(stored).toEqual({ clientRateCents: client, operatorRateCents: operator });
        expect(answeredDetails(rateDetails, stored)).toEqual(wire);
        // the JSON the wire writes is the cents' decimal
        expect(JSON.stringify(wire.clientRate)).toBe(String(client / 100));
        const old = upcastEventData("catalogueItem.edit", { name: "Alta", details: { year: 2027, ...wire } });
        expect(old).toEqual({ name: "Alta", details: { year: 2027, ...stored } });
        expect(upcastEventData("catalogueItem.create", { name: "Alta", active: true, details: { year: 2027, ...stored } }).details).toEqual({ year: 2027, ...stored });
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a third decimal, an amount below zero or above the maximum", () => {
    const [rule] = rateDetails.map((detail) => detail.rule);
    if (rule === undefined) throw new Error("a rate has amounts");
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 9 }), (whole, third) => {
        expect(detailProblem(rule, Number(`${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, "0")}${third}`))).toBe("invalid");
        expect(detailProblem(rule, -(whole + 1) / 100)).toBe("invalid");
        expect(detailProblem(rule, (maximumCents + whole + 1) / 100)).toBe("invalid");
      }),
      { numRuns: 300 },
    );
    const [tax] = genders.api.details.filter((detail) => detail.rule.kind === "money");
    expect(tax === undefined ? null : detailProblem(tax.rule, null)).toBe("required");
  });
});
