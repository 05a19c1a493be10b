/** Decision 085's rule for a heavy read's throughput against its limit, with a bare server beside it, the questions replayed, and the turns the three are measured in (decision 145). */
import fc from "fast-check";
import { LRUCache } from "lru-cache";
import { describe, expect, it } from "vitest";
import { cycleOf, cycleOutrunsMemory, deepPagePath, ratioVerdict, spreadQuestions, turnsOf } from "../../scripts/benchLimits.ts";
import { REMEMBERED_READS } from "../../server/db/remember.ts";

describe("a read's throughput against the limit", () => {
  it("passes at 0.7 of the limit whatever the bare server did", () => {
    expect(ratioVerdict(700, 1000, 500)).toMatchObject({ ratio: 0.7, bareRatio: 0.5, codeRatio: 1.4, machineBound: false, pass: true });
  });

  it("reports the machine as the bound, not failed, when bare HTTP stays below 0.7 and the endpoint is at 0.7 of it", () => {
    expect(ratioVerdict(420, 1000, 600)).toMatchObject({ ratio: 0.42, bareRatio: 0.6, codeRatio: 0.7, machineBound: true, pass: true });
  });

  it("fails when bare HTTP reaches 0.7 of the limit and the endpoint does not", () => {
    expect(ratioVerdict(600, 1000, 800)).toMatchObject({ machineBound: false, pass: false });
  });

  it("fails when the endpoint is below 0.7 of a bare server that is itself below the limit's 0.7", () => {
    expect(ratioVerdict(300, 1000, 600)).toMatchObject({ codeRatio: 0.5, machineBound: false, pass: false });
  });

  it("fails when nothing was measured", () => {
    expect(ratioVerdict(0, 0, 0).pass).toBe(false);
  });
});

describe("the questions a read's replay is captured on (decisions 136 and 148)", () => {
  it("takes as many as wanted of those the measured run asked, each once, spread from the first to the last", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 2_000 }), (asked, wanted) => {
        const questions = spreadQuestions(asked, wanted);
        const first = spreadQuestions(1, 1)[0] ?? Number.NaN;
        expect(questions).toHaveLength(Math.min(asked, wanted));
        expect(new Set(questions).size).toBe(questions.length);
        for (const question of questions) {
          expect(question).toBeGreaterThanOrEqual(first);
          expect(question).toBeLessThan(first + asked);
        }
        // evenly: no gap between two taken questions is more than one wider than another
        const gaps = questions.slice(1).map((question, index) => question - (questions[index] ?? 0));
        if (gaps.length > 0) expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
        if (asked > 0 && questions.length > 0) expect(first + asked - 1 - (questions.at(-1) ?? 0)).toBeLessThan(Math.ceil(asked / questions.length));
      }),
    );
  });

  it("takes a question asked again only once, spread over the distinct questions the run asked", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 3_000 }), (asked, wanted, cycle) => {
        const questionOf = (n: number) => `question ${n % cycle}`;
        const questions = spreadQuestions(asked, wanted, questionOf);
        const first = spreadQuestions(1, 1)[0] ?? Number.NaN;
        const distinctAsked = Math.min(asked, cycle);
        expect(questions).toHaveLength(Math.min(distinctAsked, wanted));
        expect(new Set(questions.map(questionOf)).size).toBe(questions.length);
        for (const question of questions) expect(question).toBeLessThan(first + distinctAsked);
        const gaps = questions.slice(1).map((question, index) => question - (questions[index] ?? 0));
        if (gaps.length > 0) expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("the deep pages the bench asks for (decision 148)", () => {
  it("asks a page of the last half that holds leads, at every question number, a different one each time within a page size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 0, max: 400_000 }), (total, n) => {
        const url = new URL(`http://bench${deepPagePath(total, n)}`);
        const page = Number(url.searchParams.get("page"));
        const pageSize = Number(url.searchParams.get("pageSize"));
        expect(pageSize).toBeGreaterThanOrEqual(20);
        expect(pageSize).toBeLessThanOrEqual(30);
        // the page's first lead exists, and the page is in the last half
        expect((page - 1) * pageSize).toBeLessThan(total);
        expect(page).toBeGreaterThanOrEqual(Math.ceil(total / pageSize) / 2);
      }),
    );
    const questions = Array.from({ length: 2_500 }, (_, n) => deepPagePath(100_000, 200_000 + n));
    expect(new Set(questions).size).toBe(questions.length);
  });
});

/**
 * How many of `asked` rounds a server remembering `memory` answers (least recently used forgotten
 * first) answers from memory, `clients` rounds under way at once: each round's answer is kept when
 * it is done, `clients` rounds after it was asked, as the loaded rounds are.
 */
const answeredFromMemory = (cycle: number, asked: number, clients: number, memory: number): number => {
  const place = cycleOf(cycle);
  const kept = new LRUCache<number, true>({ max: memory });
  const underWay: number[] = [];
  let remembered = 0;
  for (let round = 0; round < asked; round += 1) {
    const question = place();
    if (kept.get(question) !== undefined) remembered += 1;
    underWay.push(question);
    if (underWay.length >= clients) kept.set(underWay.shift() ?? question, true);
  }
  return remembered;
};

describe("the questions the three sides of a read without a write ask in turns (decision 149)", () => {
  it("walks the cycle in order across the warm-up and the slices, each place again only after all the others", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 7 }), (length, slices) => {
        const place = cycleOf(length);
        const taken = slices.flatMap((rounds) => Array.from({ length: rounds }, place));
        expect(taken).toEqual(taken.map((_, index) => index % length));
      }),
    );
  });

  it("asks no question whose answer the server still remembers when the cycle outruns its memory, and some when it does not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 * REMEMBERED_READS }), fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 6 }), (cycle, clients, turns) => {
        const asked = turns * (REMEMBERED_READS + cycle) + clients;
        const remembered = answeredFromMemory(cycle, asked, clients, REMEMBERED_READS);
        if (cycleOutrunsMemory(cycle, clients)) expect(remembered).toBe(0);
        else if (cycle + clients <= REMEMBERED_READS) expect(remembered).toBeGreaterThan(0);
      }),
    );
    // the 512 questions of decision 136 at 32 clients outrun the 300 answers; the 2,048 of decision 149 too
    expect(cycleOutrunsMemory(512, 32)).toBe(true);
    expect(answeredFromMemory(2048, 20_000, 32, REMEMBERED_READS)).toBe(0);
  });
});

describe("the turns of the endpoint, its limit and the bare server", () => {
  it("gives each side one turn a slice, and each the first, the second and the last turn once in three slices", () => {
    const slices = [0, 1, 2].map(turnsOf);
    for (const turns of slices) expect([...turns].sort()).toEqual(["bare", "endpoint", "limit"]);
    for (let place = 0; place < 3; place += 1) expect(new Set(slices.map((turns) => turns[place])).size).toBe(3);
    expect(turnsOf(3)).toEqual(turnsOf(0));
  });
});
