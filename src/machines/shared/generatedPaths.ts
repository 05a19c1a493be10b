import { getShortestPaths } from "@xstate/graph";
import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject } from "xstate";
import type { FlowPaths } from "../flows/flowModel.ts";

/** A machine with the concrete events to try (one per guard branch) and the inputs to start from. */
export interface PathSubject {
  readonly id: string;
  readonly machine: AnyStateMachine;
  readonly events: ReadonlyArray<EventObject>;
  readonly inputs: ReadonlyArray<unknown>;
  readonly contextKey?: (context: unknown) => unknown;
}

export interface PathStep {
  readonly event: EventObject;
  readonly state: AnyMachineSnapshot;
}

/** A declared transition's identity: its state, its event and which guarded branch it is. */
export const transitionKey = (t: AnyTransitionDefinition): string => {
  const branches = t.eventType === "" ? t.source.always : t.source.transitions.get(t.eventType);
  return `${t.source.id}|${t.eventType}|${branches?.indexOf(t) ?? -1}`;
};

/** The transitions a macrostep from `snapshot` with `event` selects, for keying graph vertices. */
const selectedKeys = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject) =>
  machine.getTransitionData(snapshot, event).map(transitionKey);

/**
 * The event types the active states declare. Not `getAllOwnEventDescriptors`: it leaves out
 * transitions with neither target nor actions, and "a second submit is ignored" is one of those.
 */
const declaredEventTypes = (snapshot: AnyMachineSnapshot): string[] => [
  ...new Set(snapshot._nodes.flatMap((node) => [...node.transitions.keys()])),
];

/** The concrete events to try in a state: the samples of each event type it handles. */
const eventsFor = (samples: ReadonlyArray<EventObject>) => (snapshot: AnyMachineSnapshot) =>
  declaredEventTypes(snapshot).flatMap((type) => {
    const matching = samples.filter((sample) => sample.type === type);
    return matching.length > 0 ? matching : [{ type }];
  });

/**
 * Shortest paths from one input, keyed by the transitions taken (so every edge gets a path, not
 * only every state). Each path starts with the `xstate.init` step.
 */
export const generatePaths = (subject: PathSubject, input: unknown): ReadonlyArray<ReadonlyArray<PathStep>> =>
  getShortestPaths(subject.machine, {
    input,
    events: eventsFor(subject.events),
    serializeState: (snapshot, event, previous) =>
      JSON.stringify([
        snapshot.value,
        subject.contextKey?.(snapshot.context) ?? null,
        event && previous ? selectedKeys(subject.machine, previous, event) : null,
      ]),
  }).map((path) => path.steps);

const MAX_TEXT = 40;
const MAX_SUMMARY = 120;

/** Functions, and objects of functions only (an API client): code, not data worth showing. */
const isCode = (value: unknown): boolean =>
  typeof value === "function" ||
  (typeof value === "object" &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.keys(value).length > 0 &&
    Object.values(value).every((item) => typeof item === "function"));

const dataEntries = (value: object): Array<[string, unknown]> =>
  Object.entries(value).filter(([, item]) => !isCode(item));

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A value in a few characters: strings clipped, objects two levels deep, errors by status. */
const brief = (value: unknown, depth: number): string => {
  if (typeof value === "string") return JSON.stringify(clip(value, MAX_TEXT));
  if (typeof value === "function") return "ƒ";
  if (typeof value !== "object" || value === null) return String(value);
  if (value instanceof Blob) return `Blob(${value.type})`;
  if (value instanceof Error) {
    const status = "status" in value ? `${String(value.status)} ` : "";
    return `${value.name}(${status}${JSON.stringify(clip(value.message, MAX_TEXT))})`;
  }
  if (Array.isArray(value)) {
    return depth > 1 ? `[${value.length}]` : `[${value.map((item) => brief(item, depth + 1)).join(", ")}]`;
  }
  const entries = dataEntries(value);
  if (depth > 1) return entries.length === 0 ? "{}" : "{…}";
  return `{ ${entries.map(([key, item]) => `${key}: ${brief(item, depth + 1)}`).join(", ")} }`;
};

/**
 * An event's payload, or an input, in one short line: `email: "ana@example.com", password:
 * "Secret1"`. The type and code (an API client, a callback) are left out.
 */
const summarize = (value: unknown): string => {
  if (typeof value !== "object" || value === null) return value === undefined ? "" : brief(value, 0);
  // an event's type is shown beside its summary
  const entries = dataEntries(value).filter(([key]) => key !== "type");
  return clip(entries.map(([key, item]) => `${key}: ${brief(item, 1)}`).join(", "), MAX_SUMMARY);
};

/**
 * Every generated path of a machine, from each of its inputs, as the flows page plays them:
 * `npm run flows` writes this to docs/flows/<id>.paths.json.
 */
export const flowPaths = (subject: PathSubject): FlowPaths => ({
  id: subject.id,
  paths: subject.inputs.flatMap((input) =>
    generatePaths(subject, input).map((steps) => ({
      input: summarize(input),
      steps: steps.map((step) => ({
        event: step.event.type,
        summary: summarize(step.event),
        state: step.state.value,
      })),
    })),
  ),
});
