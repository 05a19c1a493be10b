import { getShortestPaths } from "@xstate/graph";
import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject } from "xstate";

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
