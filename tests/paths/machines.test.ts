import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { machineRegistry } from "../../src/machines/registry.ts";
import { allNodes, type CoverageReport, formatTable, measureCoverage } from "./pathCoverage.ts";

const root = join(import.meta.dirname, "../..");

const machineFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(path);
    return entry.name.endsWith(".machine.ts") ? [relative(root, path)] : [];
  });

const reports: CoverageReport[] = [];

afterAll(() => {
  console.log(`\nPath coverage of every registered machine\n${formatTable(reports)}\n`);
});

describe("the machine registry", () => {
  it("lists every *.machine.ts under src/machines, domain rules included", () => {
    const listed = new Set(machineRegistry.map((entry) => entry.file));
    const unlisted = machineFiles(join(root, "src/machines")).filter((file) => !listed.has(file));
    expect(unlisted, `machines missing from src/machines/registry.ts: ${unlisted.join(", ")}`).toEqual([]);
  });

  it("has unique ids", () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(machineRegistry.map((entry) => [entry.id, entry] as const))("paths of %s", (_, entry) => {
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
