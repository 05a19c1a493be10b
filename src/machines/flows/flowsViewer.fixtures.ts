import type { FlowDocument } from "./flowModel.ts";
import { machineFixtures } from "../shared/fixtures.ts";
import { flowsViewerMachine } from "./flowsViewer.machine.ts";

/** A two-state machine with two paths: one of three steps, one of a single step. */
const sampleFlow: FlowDocument = {
  model: {
    id: "lamp",
    description: "A lamp.",
    states: [
      { id: "lamp", path: [], type: "compound", initial: "off", description: "A lamp.", tags: [], invokes: [] },
      { id: "lamp.off", path: ["off"], type: "atomic", initial: null, description: "Dark.", tags: [], invokes: [] },
      { id: "lamp.on", path: ["on"], type: "atomic", initial: null, description: "Lit.", tags: [], invokes: [] },
    ],
    transitions: [
      {
        source: "lamp.off",
        targets: ["lamp.on"],
        event: "lamp.toggle",
        guard: null,
        delay: null,
        actions: [],
        description: "Switched on.",
        refusal: null,
      },
      {
        source: "lamp.on",
        targets: ["lamp.off"],
        event: "lamp.toggle",
        guard: null,
        delay: null,
        actions: [],
        description: "Switched off.",
        refusal: null,
      },
    ],
  },
  paths: [
    {
      input: "",
      steps: [
        { event: "xstate.init", summary: "", state: "off" },
        { event: "lamp.toggle", summary: "", state: "on" },
        { event: "lamp.toggle", summary: "", state: "off" },
      ],
    },
    { input: "", steps: [{ event: "xstate.init", summary: "", state: "off" }] },
  ],
};

export const fixtures = machineFixtures({
  id: "flowsViewer",
  machine: flowsViewerMachine,
  inputs: [{ machineId: "login" }],
  // the loaded document is the same sample every time: the path indexes tell states apart
  contextKey: (context) =>
    typeof context === "object" && context !== null && "flow" in context ? { ...context, flow: context.flow !== null } : context,
  events: [
    { type: "flow.choose", machineId: "session" },
    { type: "xstate.done.actor.loadFlow", output: sampleFlow },
    { type: "xstate.error.actor.loadFlow", error: new Error("chunk failed to load") },
    { type: "path.choose", index: 0 },
    { type: "path.choose", index: 1 },
    { type: "path.next" },
    { type: "path.previous" },
    { type: "path.play" },
    { type: "path.pause" },
    { type: "path.clear" },
  ],
});
