import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DepartureRow, departuresIn } from "../../server/reservations/availability.ts";
import { CruiseId } from "../../src/api/ids.ts";

const day = fc.integer({ min: 0, max: 800 }).map((offset) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10));

const departure = fc.record({ startDate: day, yacht: fc.integer({ min: 1, max: 4 }) });

/** Scheduled departures as the berth index keeps them: in start day order. */
const scheduled = fc.array(departure, { maxLength: 60 }).map((drawn) =>
  [...drawn]
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .map(
      ({ startDate, yacht }, index): DepartureRow => ({
        id: CruiseId.make(index + 1),
        code: `D${index + 1}`,
        yacht_id: yacht,
        yacht_name: `Yacht ${yacht}`,
        yacht_colour: "#1e6091",
        itinerary_name: "Norte 4 días",
        itinerary_name_en: "Norte 4 días",
        start_date: startDate,
        end_date: startDate,
      }),
    ),
);

describe("a period's departures among the scheduled ones", () => {
  it("are those starting from its first day to its last, of the yacht asked for, in their order", () => {
    fc.assert(
      fc.property(scheduled, day, day, fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), (departures, one, other, yachtId) => {
        const [from, to] = one <= other ? [one, other] : [other, one];
        const expected = departures.filter((row) => row.start_date >= from && row.start_date <= to && (yachtId === undefined || row.yacht_id === yachtId));
        expect(departuresIn(departures, { from, to, ...(yachtId === undefined ? {} : { yachtId }) })).toEqual(expected);
      }),
    );
  });
});
