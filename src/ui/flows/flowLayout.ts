import { Graph, layout } from "@dagrejs/dagre";
import type { FlowModel, FlowTransition } from "../../machines/flows/flowModel.ts";

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
  /** Dagre's bend points of an arrow between two states; none for a self-transition. */
  readonly points: ReadonlyArray<{ readonly x: number; readonly y: number }>;
  /** The SVG path of a self-transition's loop over its state (one loop carries all of them). */
  readonly loop: string | null;
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

const STATE_HEIGHT = 40;
/** How high a self-transition's loop rises over its state, and the line each of its labels takes above it. */
const LOOP_HEIGHT = 22;
const LOOP_LINE = 15;

/** A transition that stays in its state (no target, or its own state) draws as a loop, not as an arrow. */
type Point = { readonly x: number; readonly y: number };

/**
 * Moves an arrow's end from the edge of a state's node (which includes the room of its loop) to
 * the edge of its box, so that arrows meet the state rather than its loop's labels.
 */
const onBox = (point: Point, box: PlacedState): Point => {
  const top = box.y - box.height / 2;
  const bottom = box.y + box.height / 2;
  const dx = point.x - box.x;
  if (Math.abs(dx) >= box.width / 2 - 1) {
    return { x: box.x + Math.sign(dx) * (box.width / 2), y: Math.min(Math.max(point.y, top + 6), bottom - 6) };
  }
  return { x: point.x, y: point.y < box.y ? top : bottom };
};

const isSelfTransition = (transition: FlowTransition): boolean =>
  transition.targets.length === 0 || transition.targets.every((target) => target === transition.source);

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
 * Dagre draws a transition that stays in its state poorly (a stub below the box); those are
 * left out of its graph and drawn as one loop over the state with their labels stacked above
 * it, in the room the state's node reserves for them.
 */
export const layoutFlow = (model: FlowModel): FlowLayout => {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: "LR", nodesep: 28, ranksep: 70, edgesep: 14, marginx: 16, marginy: 16 });
  const rootPath = model.states[0]?.path.length ?? 0;
  const states = model.states.slice(1);
  const known = new Set(states.map((state) => state.id));
  const loops = new Map<string, { readonly index: number; readonly transition: FlowTransition }[]>();
  model.transitions.forEach((transition, index) => {
    if (!known.has(transition.source) || !isSelfTransition(transition)) return;
    loops.set(transition.source, [...(loops.get(transition.source) ?? []), { index, transition }]);
  });
  const boxWidth = (state: (typeof states)[number]) => Math.max(textWidth(state.path.slice(rootPath).join(".")), 90);
  const loopRoom = (id: string): number => {
    const count = loops.get(id)?.length ?? 0;
    return count === 0 ? 0 : LOOP_HEIGHT + count * LOOP_LINE;
  };
  for (const state of states) {
    const labels = (loops.get(state.id) ?? []).map(({ transition }) => textWidth(transitionLabel(transition)));
    graph.setNode(state.id, { width: Math.max(boxWidth(state), ...labels), height: STATE_HEIGHT + loopRoom(state.id) });
  }
  model.transitions.forEach((transition, index) => {
    const source = known.has(transition.source) ? transition.source : null;
    if (source === null || isSelfTransition(transition)) return;
    for (const target of transition.targets.filter((id) => known.has(id) && id !== source)) {
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
    // The box sits at the bottom of its node; the loop and its labels take the room above it.
    const top = (node.y ?? 0) - node.height / 2 + loopRoom(state.id);
    return {
      id: state.id,
      label: state.path.slice(rootPath).join("."),
      description: state.description,
      final: state.type === "final",
      compound: state.type === "compound" || state.type === "parallel",
      x: node.x ?? 0,
      y: top + STATE_HEIGHT / 2,
      width: boxWidth(state),
      height: STATE_HEIGHT,
    };
  });
  const placedLoops = placedStates.flatMap((state): PlacedTransition[] => {
    const top = state.y - STATE_HEIGHT / 2;
    const half = Math.min(state.width / 2 - 8, 22);
    const loop = `M${state.x - half},${top} C${state.x - half - 10},${top - LOOP_HEIGHT} ${state.x + half + 10},${top - LOOP_HEIGHT} ${state.x + half},${top}`;
    return (loops.get(state.id) ?? []).map(({ index, transition }, line) => ({
      key: `${index}:loop`,
      transition,
      label: transitionLabel(transition),
      points: [],
      loop: line === 0 ? loop : null,
      labelX: state.x,
      labelY: top - LOOP_HEIGHT - LOOP_LINE / 2 - line * LOOP_LINE,
    }));
  });
  const placedTransitions = graph.edges().flatMap((edge): PlacedTransition[] => {
    const name = edge.name ?? "";
    const [index] = name.split(":");
    const transition = model.transitions[Number(index)];
    if (transition === undefined) return [];
    const label = graph.edge(edge);
    const source = placedStates.find((state) => state.id === edge.v);
    const target = placedStates.find((state) => state.id === edge.w);
    const bends: ReadonlyArray<Point> = label.points ?? [];
    const points = bends.map((point, position) => {
      if (position === 0 && source !== undefined) return onBox(point, source);
      if (position === bends.length - 1 && target !== undefined) return onBox(point, target);
      return point;
    });
    return [
      {
        key: name,
        transition,
        label: transitionLabel(transition),
        points,
        loop: null,
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
    transitions: [...placedTransitions, ...placedLoops],
  };
};
