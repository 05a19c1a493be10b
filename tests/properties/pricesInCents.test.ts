import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineInCents, upcastEventData } from "../../server/events/upcast.ts";
import { answeredLine, answeredPrice } from "../../server/reservations/price.ts";
import { centsOfDollars, decimalOfCents } from "../../src/machines/domain/money.ts";
import { itemized, livePrice, type PricingFacts, type PricingRate, priceDraft, type QuoteDraft, type QuoteLine } from "../../src/machines/domain/pricing.ts";

/**
 * Decision 082: a price is counted, stored and carried in integer cents. Rates the catalogue keeps
 * in dollars with cents that binary fractions cannot hold (0.1, 1234.57, 0.29) become their exact
 * cents; a reservation of many lines adds up to its total to the cent, however many; the wire's
 * dollars are the cents' decimal; and a line or a price stored in dollars before the decision
 * reads back as the very same cents.
 */

const CABIN = 1;
const ADULT = 1;
const CHILD = 2;

/** An amount of dollars with cents as the catalogue holds it: a JSON number, e.g. 1234.57. */
const dollarsWithCents = fc.integer({ min: 1, max: 2_000_000 }).map((cents) => ({ cents, dollars: cents / 100 }));
/** A percentage with decimals (12.5 %, 7.25 %), as an agency's commission or a discount may be. */
const fractionalPercent = fc.integer({ min: 0, max: 4_000 }).map((hundredths) => hundredths / 100);

const generalRate = (clientRateCents: number, childDiscount: number, promotionalDiscount: number): PricingRate => ({
  kind: "general",
  id: 1,
  name: "General",
  season: "high",
  category: "double",
  agency: null,
  flight: null,
  passengersFrom: null,
  passengersTo: null,
  clientRateCents,
  childRateCents: 0,
  childDiscount,
  wholesalerDiscount: 0,
  promotionalDiscount,
  tourLeaderReduction: 0,
  commission: null,
});

const airTicket = (adultCents: number, childCents: number): PricingRate => ({
  ...generalRate(adultCents, 0, 0),
  kind: "airTicket",
  id: 2,
  name: "UIO-GPS",
  season: null,
  category: null,
  flight: 1,
  childRateCents: childCents,
});

const sale = fc.record({
  rate: dollarsWithCents,
  fare: dollarsWithCents,
  childFare: dollarsWithCents,
  commission: fractionalPercent,
  childDiscount: fractionalPercent,
  promotional: fractionalPercent,
  spaces: fc.array(fc.constantFrom(ADULT, CHILD), { minLength: 20, maxLength: 80 }),
  adults: fc.nat(20),
  children: fc.nat(20),
});

/** A line as stored before decision 082: its unit price, total and commission as JSON numbers of dollars. */
const inDollars = ({ unitPriceCents, totalCents, commissionCents, ...line }: QuoteLine) => ({
  ...line,
  unitPrice: unitPriceCents / 100,
  total: totalCents / 100,
  commission: commissionCents / 100,
});

describe("prices in integer cents (decision 082)", () => {
  it("never drift: rates with cents become exact cents, many lines add up to the total, the wire writes their decimal, old dollars read back the same", () => {
    let lines = 0;
    fc.assert(
      fc.property(sale, (drawn) => {
        // the catalogue's rates, as pricing reads them (server/rates/quote.ts)
        const rateCents = centsOfDollars(drawn.rate.dollars);
        expect(rateCents).toBe(drawn.rate.cents);
        const facts: PricingFacts = {
          agency: { id: 7, wholesaler: false, commission: drawn.commission },
          season: "high",
          cabins: new Map([[CABIN, { category: "double", familyRoom: false }]]),
          childSpaceTypes: new Set([CHILD]),
          rates: [
            generalRate(rateCents, drawn.childDiscount, drawn.promotional),
            airTicket(centsOfDollars(drawn.fare.dollars), centsOfDollars(drawn.childFare.dollars)),
          ],
        };
        const draft: QuoteDraft = {
          yachtId: 1,
          days: 4,
          startDate: "2030-06-12",
          agencyId: 7,
          cabins: [{ cabinId: CABIN, spaces: drawn.spaces.map((genderId) => ({ genderId })) }],
          flights: [{ flightId: 1, adults: drawn.adults, children: drawn.children }],
        };
        const pricing = priceDraft(draft, facts);
        if (pricing.kind !== "priced") throw new Error(`not priced: ${pricing.kind}`);
        const { quote } = pricing;
        lines += quote.lines.length;
        for (const line of quote.lines) expect(Number.isInteger(line.totalCents) && Number.isInteger(line.commissionCents)).toBe(true);
        expect(quote.totalCents).toBe(quote.lines.reduce((sum, line) => sum + line.totalCents, 0));
        expect(quote.commissionCents).toBe(quote.lines.reduce((sum, line) => sum + line.commissionCents, 0));
        expect(quote.netCents).toBe(quote.totalCents - quote.commissionCents);

        // a reservation of them: stored as JSON, repriced by its live spaces, itemized for its page
        const stored = JSON.parse(JSON.stringify(quote.lines)) as ReadonlyArray<QuoteLine>;
        const { lines: _struck, ...live } = livePrice(stored, new Set());
        expect(live).toEqual({ totalCents: quote.totalCents, commissionCents: quote.commissionCents, netCents: quote.netCents });
        const shown = itemized(stored);
        expect([shown.totalCents, shown.commissionCents, shown.netCents]).toEqual([quote.totalCents, quote.commissionCents, quote.netCents]);

        // the wire's dollars are the cents' decimal text, the digits JSON writes
        const wire = JSON.parse(JSON.stringify(answeredPrice(quote))) as { total: number; commission: number; net: number };
        expect([wire.total, wire.commission, wire.net].map(String)).toEqual(
          [quote.totalCents, quote.commissionCents, quote.netCents].map((cents) => String(Number(decimalOfCents(cents)))),
        );
        for (const line of shown.lines) expect(centsOfDollars(answeredLine(line).total)).toBe(line.totalCents);

        // the same reservation stored before decision 082, in dollars, read back through the upcaster
        const old = JSON.parse(JSON.stringify(stored.map(inDollars)));
        expect(old.map(lineInCents)).toEqual(stored);
        const hold = upcastEventData("reservation.hold", {
          price: answeredPrice(quote),
          lines: old,
        });
        expect(hold).toEqual({ price: { totalCents: quote.totalCents, commissionCents: quote.commissionCents, netCents: quote.netCents }, lines: stored });
      }),
      { numRuns: 300 },
    );
    // thousands of lines of up to US$ 20,000 each: many are needed for a sum of binary fractions to drift
    expect(lines).toBeGreaterThan(6_000);
  });

  it("reads an event stored in cents as it is, and one without a price untouched", () => {
    const line = { kind: "flight", unitPriceCents: 12_345, totalCents: 24_690, commissionCents: 0, quantity: 2 };
    const data = { price: { totalCents: 24_690, commissionCents: 0, netCents: 24_690 }, lines: [line] };
    expect(upcastEventData("reservation.update", data)).toEqual(data);
    expect(upcastEventData("passenger.flight.book", { legId: 1, line })).toEqual({ legId: 1, line });
    expect(upcastEventData("passenger.flight.book", { legId: 1, line: null })).toEqual({ legId: 1, line: null });
    expect(upcastEventData("passenger.flight.book", { legId: 1, line: { ...line, unitPriceCents: undefined, unitPrice: 0.1, total: 0.2, commission: 0 } })).toMatchObject({
      line: { unitPriceCents: 10, totalCents: 20, commissionCents: 0 },
    });
    expect(upcastEventData("reservation.confirm", { reason: "x" })).toEqual({ reason: "x" });
  });
});
