/**
 * The pager's chooser of a long list offers landmark pages, not every page (a select of 5,000
 * options blocked the browser): over any list length and position it stays short, offers where
 * the user is and its neighbours, and reaches any page in a few choices.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { pageChoices } from "../../src/ui/shared/Pager.tsx";

/** How many choices from `page` the chooser needs to reach `target`, always taking the offered page nearest to it. */
const choicesToReach = (from: number, target: number, pages: number): number => {
  let page = from;
  for (let steps = 0; steps < 20; steps += 1) {
    if (page === target) return steps;
    page = pageChoices(page, pages).reduce((best, number) => (Math.abs(number - target) < Math.abs(best - target) ? number : best));
  }
  return Number.POSITIVE_INFINITY;
};

it("offers every page of a short list, and of a long one a short sorted list with the ends, this page and its neighbours, each page at most six choices away", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 100_000 }).chain((pages) => fc.tuple(fc.constant(pages), fc.integer({ min: 1, max: pages }), fc.integer({ min: 1, max: pages }))),
      ([pages, page, target]) => {
        const offered = pageChoices(page, pages);
        if (pages <= 50) expect(offered).toEqual(Array.from({ length: pages }, (_, index) => index + 1));
        expect(offered.length).toBeLessThanOrEqual(60);
        expect(offered).toEqual([...new Set(offered)].sort((a, b) => a - b));
        expect(offered.every((number) => Number.isInteger(number) && number >= 1 && number <= pages)).toBe(true);
        for (const wanted of [1, pages, page, Math.max(1, page - 1), Math.min(pages, page + 1)]) expect(offered).toContain(wanted);
        expect(choicesToReach(page, target, pages)).toBeLessThanOrEqual(6);
      },
    ),
    { numRuns: 500 },
  );
});
