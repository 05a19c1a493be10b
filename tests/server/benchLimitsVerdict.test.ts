/** Decision 085's rule for a heavy read's throughput against its limit, with a bare server beside it. */
import { describe, expect, it } from "vitest";
import { ratioVerdict } from "../../scripts/benchLimits.ts";

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
