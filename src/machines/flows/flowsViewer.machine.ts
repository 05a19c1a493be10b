import { assign, fromPromise, setup } from "xstate";
import type { FlowDocument } from "./flowModel.ts";
import { machineTypes } from "../shared/machineTypes.ts";

export interface FlowsViewerContext {
  /** The id of the machine on screen, as docs/flows names its files. */
  readonly machineId: string;
  /** Its diagram and generated paths, once loaded. */
  readonly flow: FlowDocument | null;
  /** The generated path being played, or null. */
  readonly pathIndex: number | null;
  readonly stepIndex: number;
  readonly stepCount: number;
}

export type FlowsViewerEvent =
  | { readonly type: "flow.choose"; readonly machineId: string }
  | { readonly type: "path.choose"; readonly index: number }
  | { readonly type: "path.next" }
  | { readonly type: "path.previous" }
  | { readonly type: "path.play" }
  | { readonly type: "path.pause" }
  | { readonly type: "path.clear" };

/**
 * The analysts' flows page: which machine is drawn, and stepping through one generated path. The
 * page provides `loadFlow`, which reads what `npm run flows` wrote to docs/flows; the default
 * fails, so without it nothing is drawn.
 */
export const flowsViewerMachine = setup({
  types: machineTypes<{ readonly machineId: string }, FlowsViewerContext, FlowsViewerEvent, "loading">(),
  actions: {
    assignMachine: assign({
      machineId: (_, params: { machineId: string }) => params.machineId,
      flow: null,
      pathIndex: null,
      stepIndex: 0,
      stepCount: 0,
    }),
    assignFlow: assign({ flow: (_, params: { flow: FlowDocument }) => params.flow }),
    assignPath: assign({
      pathIndex: (_, params: { index: number }) => params.index,
      stepCount: ({ context }, params: { index: number }) => context.flow?.paths[params.index]?.steps.length ?? 0,
      stepIndex: 0,
    }),
    nextStep: assign({ stepIndex: ({ context }) => context.stepIndex + 1 }),
    previousStep: assign({ stepIndex: ({ context }) => context.stepIndex - 1 }),
    clearPath: assign({ pathIndex: null, stepIndex: 0, stepCount: 0 }),
  },
  guards: {
    isKnownPath: ({ context }, params: { index: number }) =>
      context.flow !== null && params.index >= 0 && params.index < context.flow.paths.length,
    hasNextStep: ({ context }) => context.stepIndex < context.stepCount - 1,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
  },
  actors: {
    loadFlow: fromPromise<FlowDocument, { readonly machineId: string }>(async ({ input }) => {
      throw new Error(`no flow documents were provided for ${input.machineId}`);
    }),
  },
  delays: {
    stepDelay: 1200,
  },
}).createMachine({
  id: "flowsViewer",
  description: "Shows one machine's diagram and plays a generated path over it, step by step.",
  context: ({ input }) => ({ machineId: input.machineId, flow: null, pathIndex: null, stepIndex: 0, stepCount: 0 }),
  initial: "loading",
  on: {
    "flow.choose": {
      target: ".loading",
      actions: { type: "assignMachine", params: ({ event }) => ({ machineId: event.machineId }) },
      description: "Another machine is chosen: its diagram and paths are loaded.",
    },
  },
  states: {
    loading: {
      description: "The machine's configuration and generated paths are being read from docs/flows.",
      tags: "loading",
      invoke: {
        id: "loadFlow",
        src: "loadFlow",
        input: ({ context }) => ({ machineId: context.machineId }),
        onDone: {
          target: "ready",
          actions: { type: "assignFlow", params: ({ event }) => ({ flow: event.output }) },
          description: "The diagram can be drawn.",
        },
        onError: { target: "failed", description: "The documents did not load: nothing is drawn." },
      },
    },
    failed: {
      description: "The machine's documents could not be read; choosing a machine tries again.",
    },
    ready: {
      description: "The machine's diagram is shown.",
      initial: "browsing",
      on: {
        "path.choose": {
          guard: { type: "isKnownPath", params: ({ event }) => ({ index: event.index }) },
          target: ".stepping",
          actions: { type: "assignPath", params: ({ event }) => ({ index: event.index }) },
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
    },
  },
});
