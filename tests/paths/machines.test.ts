import { afterAll, describe, expect, it } from "vitest";
import { loadMachineFixtures } from "../../scripts/machineFixtures.ts";
import { allNodes, type CoverageReport, formatTable, measureCoverage } from "./pathCoverage.ts";

const { entries, problems } = await loadMachineFixtures();

const reports: CoverageReport[] = [];

afterAll(() => {
  console.log(`\nPath coverage of every machine with fixtures\n${formatTable(reports)}\n`);
});

describe("machine fixtures (<name>.fixtures.ts beside each <name>.machine.ts)", () => {
  it("exist for every *.machine.ts under src/machines, domain rules included", () => {
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("have unique ids", () => {
    const ids = entries.map((entry) => entry.id);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated, `fixture ids used twice: ${repeated.join(", ")}`).toEqual([]);
  });
});

describe.each(entries.map((entry) => [entry.id, entry] as const))("paths of %s", (_, entry) => {
  it("take every declared transition, guard branches and delays included", async () => {
    const report = await measureCoverage(entry);
    reports.push(report);
    const missing = report.uncovered.map((t) => t.label);
    expect(missing, `${entry.id}: transitions no generated path takes:\n  ${missing.join("\n  ")}`).toEqual([]);
  });

  it("describes every state and every transition", () => {
    const nodes = allNodes(entry.machine);
    const undescribedStates = nodes.filter((node) => !node.description).map((node) => node.id);
    const undescribedTransitions = nodes.flatMap((node) =>
      [...node.transitions.values(), node.always ?? []]
        .flat()
        .filter((t) => !t.description)
        .map((t) => `${node.id} on ${t.eventType || "(always)"}`),
    );
    expect({ undescribedStates, undescribedTransitions }).toEqual({
      undescribedStates: [],
      undescribedTransitions: [],
    });
  });
});
