import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from "xstate";

/** One state of a machine as analysts read it: its path, kind, description and tags. */
export interface FlowState {
  readonly id: string;
  readonly path: ReadonlyArray<string>;
  readonly type: "atomic" | "compound" | "parallel" | "final" | "history";
  readonly initial: string | null;
  readonly description: string;
  readonly tags: ReadonlyArray<string>;
  readonly invokes: ReadonlyArray<string>;
}

/** One declared transition: every guarded branch and every delay is its own row. */
export interface FlowTransition {
  readonly source: string;
  readonly targets: ReadonlyArray<string>;
  readonly event: string;
  readonly guard: string | null;
  readonly delay: string | null;
  readonly actions: ReadonlyArray<string>;
  readonly description: string;
  /** What a domain machine answers when this branch refuses (its `refuse` action's message and status), or null. */
  readonly refusal: FlowRefusal | null;
}

/** A refusing branch's answer: the spec's message (in English, as the server sends it) and its status. */
export interface FlowRefusal {
  readonly message: string;
  readonly status: number;
}

export interface FlowModel {
  readonly id: string;
  readonly description: string;
  readonly states: ReadonlyArray<FlowState>;
  readonly transitions: ReadonlyArray<FlowTransition>;
}

/** One step of a generated path as `npm run flows` writes it: what happened and where it led. */
export interface FlowStep {
  /** The event's type: `xstate.init` first, `xstate.done.actor.<id>` when an actor answered. */
  readonly event: string;
  /** The event's payload in a few words (`email: "ana@example.com"`), or "". */
  readonly summary: string;
  /** The state value reached. */
  readonly state: StateValue;
}

/** One generated path: the input it starts from (in a few words) and its steps. */
export interface FlowPath {
  readonly input: string;
  readonly steps: ReadonlyArray<FlowStep>;
}

/** docs/flows/<id>.paths.json: the paths the path-coverage gate replays, for the flows page. */
export interface FlowPaths {
  readonly id: string;
  readonly paths: ReadonlyArray<FlowPath>;
}

/** What the flows page shows of one machine: its states and transitions, and its paths. */
export interface FlowDocument {
  readonly model: FlowModel;
  readonly paths: ReadonlyArray<FlowPath>;
}

const valuePaths = (value: StateValue, prefix: ReadonlyArray<string>): string[][] =>
  typeof value === "string"
    ? [[...prefix, value]]
    : Object.entries(value).flatMap(([key, child]) => [
        [...prefix, key],
        ...(child === undefined ? [] : valuePaths(child, [...prefix, key])),
      ]);

/** The ids of the states active in `value`, the root included (what a snapshot's `_nodes` holds). */
export const activeStateIds = (model: FlowModel, value: StateValue): ReadonlyArray<string> => {
  const active = new Set(valuePaths(value, []).map((path) => path.join(".")));
  const rootDepth = model.states[0]?.path.length ?? 0;
  return model.states
    .filter((state, index) => index === 0 || active.has(state.path.slice(rootDepth).join(".")))
    .map((state) => state.id);
};

const nameOf = (item: unknown): string | null => {
  if (typeof item === "string") return item;
  if (typeof item === "object" && item !== null && "type" in item && typeof item.type === "string") {
    return item.type;
  }
  return null;
};

/** The refusal a `refuse` action answers (src/machines/domain/rules.ts), or null for any other action. */
const refusalOf = (item: unknown): FlowRefusal | null => {
  if (typeof item !== "object" || item === null || !("type" in item) || item.type !== "refuse" || !("params" in item)) return null;
  const { params } = item;
  if (typeof params !== "object" || params === null || !("message" in params) || !("status" in params)) return null;
  return typeof params.message === "string" && typeof params.status === "number" ? { message: params.message, status: params.status } : null;
};

/** `xstate.after.redirectDelay.passwordReset.done` -> `redirectDelay`. */
const delayOf = (eventType: string, node: AnyStateNode): string | null => {
  if (!eventType.startsWith("xstate.after.")) return null;
  const suffix = `.${node.id}`;
  const withoutNode = eventType.endsWith(suffix) ? eventType.slice(0, -suffix.length) : eventType;
  return withoutNode.slice("xstate.after.".length);
};

const transitionOf = (node: AnyStateNode, transition: AnyTransitionDefinition): FlowTransition => {
  const eventType = String(transition.eventType);
  const delay = delayOf(eventType, node);
  return {
    source: node.id,
    targets: (transition.target ?? []).map((target: AnyStateNode) => target.id),
    event: eventType === "" ? "always" : delay === null ? eventType : `after ${delay}`,
    guard: nameOf(transition.guard),
    delay,
    actions: transition.actions.map(nameOf).filter((name): name is string => name !== null),
    description: transition.description ?? "",
    refusal: transition.actions.map(refusalOf).find((refusal) => refusal !== null) ?? null,
  };
};

const walk = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values<AnyStateNode>(node.states).flatMap(walk),
];

/** The states and declared transitions of a machine, in document order. */
export const flowModel = (machine: AnyStateMachine): FlowModel => {
  const nodes = walk(machine.root);
  return {
    id: machine.id,
    description: machine.root.description ?? "",
    states: nodes.map((node) => ({
      id: node.id,
      path: node.path,
      type: node.type,
      initial: node.initial?.target[0]?.key ?? null,
      description: node.description ?? "",
      tags: [...node.tags],
      invokes: node.invoke.map((invoke) => String(invoke.src)),
    })),
    transitions: nodes.flatMap((node) => [
      ...[...node.transitions.values()].flat().map((transition) => transitionOf(node, transition)),
      ...(node.always ?? []).map((transition) => transitionOf(node, transition)),
    ]),
  };
};

const mermaidId = (id: string): string => id.replace(/[^A-Za-z0-9_]/g, "_");

const label = (transition: FlowTransition): string => {
  const guard = transition.guard === null ? "" : ` [${transition.guard}]`;
  return `${transition.event}${guard}`.replace(/:/g, "∶");
};

/** A Mermaid state diagram of the model: states nested as in the machine, one arrow per branch. */
export const toMermaid = (model: FlowModel): string => {
  const byParent = new Map<string, FlowState[]>();
  for (const state of model.states.slice(1)) {
    const parent = model.states.find((candidate) => candidate.path.join(".") === state.path.slice(0, -1).join("."));
    const key = parent?.id ?? model.id;
    byParent.set(key, [...(byParent.get(key) ?? []), state]);
  }
  const lines = ["stateDiagram-v2"];
  const emit = (parentId: string, initial: string | null, indent: string) => {
    for (const state of byParent.get(parentId) ?? []) {
      const id = mermaidId(state.id);
      if (state.path.at(-1) === initial) lines.push(`${indent}[*] --> ${id}`);
      if ((byParent.get(state.id) ?? []).length > 0) {
        lines.push(`${indent}state "${state.path.at(-1)}" as ${id} {`);
        emit(state.id, state.initial, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${state.path.at(-1)}" as ${id}`);
      }
      if (state.type === "final") lines.push(`${indent}${id} --> [*]`);
    }
  };
  emit(model.id, model.states[0]?.initial ?? null, "  ");
  for (const transition of model.transitions) {
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source];
    for (const target of targets) {
      lines.push(`  ${mermaidId(transition.source)} --> ${mermaidId(target)} : ${label(transition)}`);
    }
  }
  return lines.join("\n");
};
