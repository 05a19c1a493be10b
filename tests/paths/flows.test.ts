import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flowDocuments } from "../../scripts/flowDocuments.ts";
import { flowModel, toMermaid } from "../../src/machines/flowModel.ts";
import { passwordResetMachine } from "../../src/machines/passwordReset.machine.ts";

const directory = join(import.meta.dirname, "..", "..", "docs", "flows");

describe("docs/flows", () => {
  const documents = flowDocuments();

  it.each([...documents.keys()])("%s is up to date (npm run flows)", (file) => {
    const path = join(directory, file);
    expect(existsSync(path), `docs/flows/${file} is missing: run npm run flows`).toBe(true);
    expect(readFileSync(path, "utf8"), `docs/flows/${file} is stale: run npm run flows`).toBe(documents.get(file));
  });

  it("holds no file of a machine that no longer exists", () => {
    const orphans = readdirSync(directory).filter((file) => !documents.has(file));
    expect(orphans).toEqual([]);
  });
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
