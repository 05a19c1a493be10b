import { describe, expect, it } from "vitest";
import { setup } from "xstate";
import { measureCoverage } from "./pathCoverage.ts";

/** A deliberately incomplete set-up: the gate must name what the samples never reach. */
const lamp = setup({
  types: { events: {} as { type: "lamp.switch"; brightness: number } | { type: "lamp.unplug" } },
  guards: { isBright: ({ event }) => event.type === "lamp.switch" && event.brightness > 5 },
}).createMachine({
  id: "lamp",
  description: "A lamp with a dimmer, for the gate's own test.",
  initial: "off",
  states: {
    off: {
      description: "Dark.",
      on: {
        "lamp.switch": [
          { guard: "isBright", target: "bright", description: "Switched on high." },
          { target: "dim", description: "Switched on low." },
        ],
      },
    },
    dim: { description: "Low light.", on: { "lamp.unplug": { target: "off", description: "Unplugged." } } },
    bright: { description: "Full light.", on: { "lamp.unplug": { target: "off", description: "Unplugged." } } },
  },
});

const dimOnly = [{ type: "lamp.switch", brightness: 1 }];
const bothBranches = [...dimOnly, { type: "lamp.switch", brightness: 9 }];

describe("the path-coverage gate", () => {
  it("names every transition the generator's samples never take", async () => {
    const report = await measureCoverage({
      id: "lamp",
      machine: lamp,
      inputs: [undefined],
      events: dimOnly,
    });
    expect(report.uncovered.map((t) => t.label)).toEqual([
      "off --lamp.switch#0[isBright]--> bright",
      "bright --lamp.unplug#0--> off",
    ]);
    expect(report.covered.size).toBe(report.declared.length - 2);
  });

  it("passes once a sample exists for every guard branch", async () => {
    const report = await measureCoverage({
      id: "lamp",
      machine: lamp,
      inputs: [undefined],
      events: bothBranches,
    });
    expect(report.uncovered).toEqual([]);
  });
});
