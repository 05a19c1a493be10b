import { describe, expect, it } from "vitest";
import { flowModel } from "../../src/machines/flows/flowModel.ts";
import { catalogueFormMachine } from "../../src/machines/catalogues/catalogues.ts";
import { layoutFlow } from "../../src/ui/flows/flowLayout.ts";

describe("the flows page's diagram", () => {
  const model = flowModel(catalogueFormMachine);
  const diagram = layoutFlow(model);
  const selfTransitions = model.transitions.filter(
    (transition) => transition.targets.length === 0 || transition.targets.every((target) => target === transition.source),
  );

  it("draws each self-transition as a labelled loop over its own state, with one loop per state", () => {
    expect(selfTransitions.length).toBeGreaterThan(3);
    const loops = diagram.transitions.filter((edge) => selfTransitions.includes(edge.transition));
    expect(loops).toHaveLength(selfTransitions.length);
    for (const edge of loops) {
      const state = diagram.states.find((candidate) => candidate.id === edge.transition.source);
      if (state === undefined) throw new Error(`no box for ${edge.transition.source}`);
      expect(edge.points).toEqual([]);
      expect(edge.labelX).toBe(state.x);
      expect(edge.labelY).toBeLessThan(state.y - state.height / 2);
    }
    for (const source of new Set(loops.map((edge) => edge.transition.source))) {
      const edges = loops.filter((edge) => edge.transition.source === source);
      expect(edges.filter((edge) => edge.loop !== null)).toHaveLength(1);
      const lines = edges.map((edge) => edge.labelY).sort((a, b) => a - b);
      for (let index = 1; index < lines.length; index += 1) expect((lines[index] ?? 0) - (lines[index - 1] ?? 0)).toBeGreaterThanOrEqual(14);
    }
  });

  it("keeps every loop's labels clear of the other states' boxes", () => {
    const loops = diagram.transitions.filter((edge) => edge.loop !== null || edge.key.endsWith(":loop"));
    for (const edge of loops) {
      for (const state of diagram.states.filter((candidate) => candidate.id !== edge.transition.source)) {
        const insideX = Math.abs(edge.labelX - state.x) < state.width / 2;
        const insideY = Math.abs(edge.labelY - state.y) < state.height / 2;
        expect(insideX && insideY, `${edge.label} over ${state.label}`).toBe(false);
      }
    }
    expect(diagram.transitions.every((edge) => edge.loop !== null || edge.points.length > 0 || edge.key.endsWith(":loop"))).toBe(true);
  });
});
