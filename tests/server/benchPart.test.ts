/** A bench part that fails is reported as a failed budget, and the parts after it still run. */
import { describe, expect, it } from "vitest";
import { type Budget, type ReportSection, runPart } from "../../scripts/benchSupport.ts";

describe("a part of a bench run", () => {
  it("adds a part's section and budgets as measured", async () => {
    const report = { sections: [] as ReportSection[], budgets: [] as Budget[] };
    const budget: Budget = { name: "a read p50", limit: "≤ 10 ms", value: "4.2 ms", pass: true };
    await runPart("Reads", report, async () => ({ lines: ["| a | b |"], budgets: [budget] }), () => {});
    expect(report).toEqual({ sections: [{ title: "Reads", lines: ["| a | b |"] }], budgets: [budget] });
  });

  it("reports a part that throws as a failed budget with its error's first line, and lets the next part run", async () => {
    const report = { sections: [] as ReportSection[], budgets: [] as Budget[] };
    const logged: string[] = [];
    await runPart("Figures against the limit", report, async () => {
      throw new SyntaxError("Unterminated string in JSON at position 53 | x\n    at JSON.parse");
    }, (line) => logged.push(line));
    await runPart("First start", report, async () => ({ lines: ["7.4 s"], budgets: [] }), () => {});
    expect(report.budgets).toEqual([
      { name: "Figures against the limit: the part ran to its end", limit: "no error", value: "Unterminated string in JSON at position 53 / x", pass: false },
    ]);
    expect(report.sections.map((section) => section.title)).toEqual(["Figures against the limit", "First start"]);
    expect(report.sections[0]?.lines).toEqual(["The part failed before its end: Unterminated string in JSON at position 53 / x"]);
    expect(logged).toEqual(["Figures against the limit: the part failed: Unterminated string in JSON at position 53 | x"]);
  });
});
