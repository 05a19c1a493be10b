import { Graph, layout } from "@dagrejs/dagre";
import type { FlowModel, FlowTransition } from "../machines/flowModel.ts";

export interface PlacedState {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly final: boolean;
  readonly compound: boolean;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlacedTransition {
  readonly key: string;
  readonly transition: FlowTransition;
  readonly label: string;
  readonly points: ReadonlyArray<{ readonly x: number; readonly y: number }>;
  readonly labelX: number;
  readonly labelY: number;
}

export interface FlowLayout {
  readonly width: number;
  readonly height: number;
  readonly states: ReadonlyArray<PlacedState>;
  readonly transitions: ReadonlyArray<PlacedTransition>;
}

/** Rough text width for a 13 px sans-serif label: enough for the layout to leave room. */
const textWidth = (text: string): number => Math.ceil(text.length * 7.2) + 16;

/** `xstate.done.actor.logIn` reads `done: logIn`; guarded branches show their guard. */
export const transitionLabel = (transition: FlowTransition): string => {
  const event = transition.event
    .replace(/^xstate\.done\.actor\./, "done: ")
    .replace(/^xstate\.error\.actor\./, "error: ");
  return transition.guard === null ? event : `${event} [${transition.guard}]`;
};

/**
 * Places every state but the root and one arrow per declared branch, left to right. Nested states
 * are boxes of their own, named by their path, so a transition declared on a parent stays visible.
 */
export const layoutFlow = (model: FlowModel): FlowLayout => {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: "LR", nodesep: 28, ranksep: 70, edgesep: 14, marginx: 16, marginy: 16 });
  const rootPath = model.states[0]?.path.length ?? 0;
  const states = model.states.slice(1);
  for (const state of states) {
    const label = state.path.slice(rootPath).join(".");
    graph.setNode(state.id, { width: Math.max(textWidth(label), 90), height: 40 });
  }
  const known = new Set(states.map((state) => state.id));
  model.transitions.forEach((transition, index) => {
    const source = known.has(transition.source) ? transition.source : null;
    if (source === null) return;
    const targets = transition.targets.length > 0 ? transition.targets : [source];
    for (const target of targets.filter((id) => known.has(id))) {
      const label = transitionLabel(transition);
      graph.setEdge(source, target, { width: textWidth(label), height: 18, labelpos: "c" }, `${index}:${target}`);
    }
  });
  for (const state of states) {
    if (state.initial === null) continue;
    const child = states.find((candidate) => candidate.path.join(".") === [...state.path, state.initial].join("."));
    if (child) graph.setEdge(state.id, child.id, { width: 10, height: 10, labelpos: "c" }, `initial:${child.id}`);
  }
  layout(graph);
  const placedStates = states.map((state): PlacedState => {
    const node = graph.node(state.id);
    return {
      id: state.id,
      label: state.path.slice(rootPath).join("."),
      description: state.description,
      final: state.type === "final",
      compound: state.type === "compound" || state.type === "parallel",
      x: node.x ?? 0,
      y: node.y ?? 0,
      width: node.width,
      height: node.height,
    };
  });
  const placedTransitions = graph.edges().flatMap((edge): PlacedTransition[] => {
    const name = edge.name ?? "";
    const [index] = name.split(":");
    const transition = model.transitions[Number(index)];
    if (transition === undefined) return [];
    const label = graph.edge(edge);
    return [
      {
        key: name,
        transition,
        label: transitionLabel(transition),
        points: label.points ?? [],
        labelX: label.x ?? 0,
        labelY: label.y ?? 0,
      },
    ];
  });
  const box = graph.graph();
  return {
    width: box.width ?? 0,
    height: box.height ?? 0,
    states: placedStates,
    transitions: placedTransitions,
  };
};
