import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flowDocuments } from "../../scripts/flowDocuments.ts";
import { loadMachineFixtures } from "../../scripts/machineFixtures.ts";
import { activeStateIds, flowModel, toMermaid } from "../../src/machines/flows/flowModel.ts";
import { generatePaths } from "../../src/machines/shared/generatedPaths.ts";
import { passwordResetMachine } from "../../src/machines/session/passwordReset.machine.ts";
import { flowIds, loadFlowDocument } from "../../src/ui/flows/flowDocuments.ts";

const directory = join(import.meta.dirname, "..", "..", "docs", "flows");

const { documents, problems } = await flowDocuments();
const { entries } = await loadMachineFixtures();

describe("docs/flows", () => {

  it.each([...documents.keys()])("%s is up to date (npm run flows)", (file) => {
    const path = join(directory, file);
    expect(existsSync(path), `docs/flows/${file} is missing: run npm run flows`).toBe(true);
    expect(readFileSync(path, "utf8"), `docs/flows/${file} is stale: run npm run flows`).toBe(documents.get(file));
  });

  it("describes every machine (each needs its fixtures)", () => {
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("holds no file of a machine that no longer exists", () => {
    // descriptions.<language>.json holds the translations (tests/paths/flowDescriptions.test.ts)
    const orphans = readdirSync(directory).filter((file) => !/^descriptions\.\w+\.json$/.test(file) && !documents.has(file));
    expect(orphans).toEqual([]);
  });
});

describe("the flows page's documents (src/ui/flows/flowDocuments.ts)", () => {
  it("list every machine with fixtures", () => {
    expect(flowIds).toEqual(entries.map((entry) => entry.id).sort());
  });

  it.each(entries.map((entry) => [entry.id, entry] as const))(
    "%s: the diagram rebuilt from docs/flows is the machine's own, the paths are the generated ones",
    async (id, entry) => {
      const document = await loadFlowDocument(id);
      expect(document.model).toEqual(flowModel(entry.machine));
      const generated = entry.inputs.flatMap((input) => generatePaths(entry, input));
      expect(document.paths.map((path) => path.steps.map((step) => step.event))).toEqual(
        generated.map((steps) => steps.map((step) => step.event.type)),
      );
      // the page highlights the states a step's value names: the states the snapshot had active
      for (const steps of generated) {
        for (const step of steps) {
          expect(activeStateIds(document.model, step.state.value)).toEqual(
            document.model.states.map((state) => state.id).filter((state) => step.state._nodes.some((node) => node.id === state)),
          );
        }
      }
    },
  );
});

describe("flow model", () => {
  const model = flowModel(passwordResetMachine);

  it("lists every guarded branch and names the delay of a delayed transition", () => {
    const fromEditing = model.transitions.filter((transition) => transition.source === "passwordReset.editing");
    expect(fromEditing.map((transition) => transition.guard)).toEqual(["isValid", null]);
    const delayed = model.transitions.find((transition) => transition.delay !== null);
    expect(delayed).toMatchObject({ event: "after redirectDelay", targets: ["passwordReset.redirected"] });
  });

  it("draws every state and every branch in the Mermaid diagram", () => {
    const diagram = toMermaid(model);
    for (const state of model.states.slice(1)) expect(diagram).toContain(`state "${state.path.at(-1)}"`);
    expect(diagram.split("\n").filter((line) => line.includes(" --> ") && !line.includes("[*]"))).toHaveLength(
      model.transitions.length,
    );
  });
});
