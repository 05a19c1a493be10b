import { Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Lead, leadJson, listLeads } from "../../src/api/leads.ts";

/**
 * Decision 085: a lead page's leads are written for the wire by leadJson, not by the contract's
 * encoder; over any lead the contract takes, the two must give the same JSON, and a field the
 * contract does not name must not reach the wire.
 */
const text = fc.string({ maxLength: 40 });
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const person = fc.record({ firstName: text, lastName: text });
const amount = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null });
const details = fc.record({
  in: fc.option(text, { nil: null }),
  out: fc.option(text, { nil: null }),
  itinerary: fc.option(text, { nil: null }),
  spaces: fc.option(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), { nil: null }),
  cabins: fc.option(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), { nil: null }),
  conditions: fc.option(text, { nil: null }),
  isLastMinute: fc.boolean(),
  mainLowerLm: amount,
  mainLowerGross: amount,
  upperLm: amount,
  upperGross: amount,
});
const lead = fc.record({
  id,
  createdAt: text,
  firstName: text,
  lastName: text,
  message: text,
  email: text,
  country: text,
  phone: text,
  lead_user: fc.option(fc.record({ id, ...{ firstName: text, lastName: text } }), { nil: null }),
  yachtName: fc.option(text, { nil: null }),
  details: fc.option(details, { nil: null }),
  notes: fc.array(fc.record({ comments: text, createdAt: text, author: person }), { maxLength: 3 }),
});

const contract = Schema.encodeUnknownSync(Lead);
const page = Schema.encodeUnknownSync(listLeads.response);

describe("a lead written for the wire (src/api/leads.ts)", () => {
  it("is what the contract's encoder writes, for any lead", () => {
    fc.assert(
      fc.property(lead, (drawn) => {
        const value = drawn as unknown as Lead;
        expect(leadJson(value)).toBe(JSON.stringify(contract(value)));
      }),
      { numRuns: 300 },
    );
  });

  it("is the contract's page item by item, and leaves out what the contract does not name", () => {
    fc.assert(
      fc.property(fc.array(lead, { maxLength: 4 }), (drawn) => {
        const leads = drawn.map((one) => ({ ...one, search: "palabras", ordinal: 7, details: one.details === null ? null : { ...one.details, internal: true } })) as unknown as Lead[];
        expect(`[${leads.map(leadJson).join(",")}]`).toBe(JSON.stringify(page(leads)));
      }),
      { numRuns: 100 },
    );
  });
});
