import { describe, expect, it } from "vitest";
import { type SpaceEvent, spaceMachine } from "../../src/machines/domain/space.machine.ts";
import { nextStatus } from "../../src/machines/domain/verdict.ts";
import { takes } from "../../src/machines/shared/takes.ts";

const spaceStates = Object.keys(spaceMachine.root.states);
const spaceCommands: ReadonlyArray<SpaceEvent["type"]> = ["space.assign", "space.cancel"];

describe("what a page offers (remembered answers of a record's machine)", () => {
  it("answers as the machine does for every state and command, asked once or again", () => {
    expect(spaceStates.length).toBeGreaterThan(1);
    for (const state of spaceStates) {
      for (const type of spaceCommands) {
        const event = { type } as Parameters<typeof takes<typeof spaceMachine>>[2];
        const machine = nextStatus(spaceMachine, state, event) !== null;
        expect([takes(spaceMachine, state, event), takes(spaceMachine, state, event)]).toEqual([machine, machine]);
      }
    }
  });

  it("tells states apart: a command taken in one state is not in every other", () => {
    const answers = spaceStates.map((state) => takes(spaceMachine, state, { type: "space.cancel" } as Parameters<typeof takes<typeof spaceMachine>>[2]));
    expect(new Set(answers)).toEqual(new Set([true, false]));
  });
});
