import { assign, setup } from "xstate";

export interface FlowsViewerContext {
  /** The registry id of the machine on screen. */
  readonly machineId: string;
  /** The generated path being played, or null. */
  readonly pathIndex: number | null;
  readonly stepIndex: number;
  readonly stepCount: number;
}

export type FlowsViewerEvent =
  | { readonly type: "flow.choose"; readonly machineId: string }
  | { readonly type: "path.choose"; readonly index: number; readonly stepCount: number }
  | { readonly type: "path.next" }
  | { readonly type: "path.previous" }
  | { readonly type: "path.play" }
  | { readonly type: "path.pause" }
  | { readonly type: "path.clear" };

/** The analysts' flows page: which machine is drawn, and stepping through one generated path. */
export const flowsViewerMachine = setup({
  types: {
    input: {} as { readonly machineId: string },
    context: {} as FlowsViewerContext,
    events: {} as FlowsViewerEvent,
  },
  actions: {
    assignMachine: assign({
      machineId: (_, params: { machineId: string }) => params.machineId,
      pathIndex: null,
      stepIndex: 0,
      stepCount: 0,
    }),
    assignPath: assign({
      pathIndex: (_, params: { index: number; stepCount: number }) => params.index,
      stepCount: (_, params: { index: number; stepCount: number }) => params.stepCount,
      stepIndex: 0,
    }),
    nextStep: assign({ stepIndex: ({ context }) => context.stepIndex + 1 }),
    previousStep: assign({ stepIndex: ({ context }) => context.stepIndex - 1 }),
    clearPath: assign({ pathIndex: null, stepIndex: 0, stepCount: 0 }),
  },
  guards: {
    hasNextStep: ({ context }) => context.stepIndex < context.stepCount - 1,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
  },
  delays: {
    stepDelay: 1200,
  },
}).createMachine({
  id: "flowsViewer",
  description: "Shows one machine's diagram and plays a generated path over it, step by step.",
  context: ({ input }) => ({ machineId: input.machineId, pathIndex: null, stepIndex: 0, stepCount: 0 }),
  initial: "browsing",
  on: {
    "flow.choose": {
      target: ".browsing",
      actions: { type: "assignMachine", params: ({ event }) => ({ machineId: event.machineId }) },
      description: "Another machine is chosen: its diagram shows, with no path playing.",
    },
    "path.choose": {
      target: ".stepping",
      actions: {
        type: "assignPath",
        params: ({ event }) => ({ index: event.index, stepCount: event.stepCount }),
      },
      description: "A generated path is chosen: its first step (the initial state) is highlighted.",
    },
  },
  states: {
    browsing: {
      description: "The diagram is shown; no path is being played.",
    },
    stepping: {
      description: "A path is chosen; the analyst moves through it by hand.",
      on: {
        "path.next": {
          guard: "hasNextStep",
          actions: "nextStep",
          description: "One step forward along the path.",
        },
        "path.previous": {
          guard: "hasPreviousStep",
          actions: "previousStep",
          description: "One step back along the path.",
        },
        "path.play": { target: "playing", description: "Play the rest of the path on its own." },
        "path.clear": { target: "browsing", actions: "clearPath", description: "Stop showing the path." },
      },
    },
    playing: {
      description: "The path advances one step every moment until its end.",
      after: {
        stepDelay: [
          {
            guard: "hasNextStep",
            target: "playing",
            reenter: true,
            actions: "nextStep",
            description: "The next step is highlighted.",
          },
          { target: "stepping", description: "The path's last step is reached: playing stops." },
        ],
      },
      on: {
        "path.pause": { target: "stepping", description: "Stop where the path is." },
        "path.clear": { target: "browsing", actions: "clearPath", description: "Stop showing the path." },
      },
    },
  },
});
