import { getStateNodes } from "@xstate/graph";
import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
} from "xstate";
import { generatePaths, type PathStep, type PathSubject, transitionKey } from "../../src/machines/shared/generatedPaths.ts";

/** One declared transition: a state, an event (or none for `always`) and one guarded branch. */
export interface DeclaredTransition {
  readonly key: string;
  readonly label: string;
}

export interface CoverageReport {
  readonly id: string;
  readonly states: number;
  readonly declared: ReadonlyArray<DeclaredTransition>;
  readonly covered: ReadonlySet<string>;
  readonly uncovered: ReadonlyArray<DeclaredTransition>;
  readonly paths: number;
}

export type CoverageSubject = PathSubject;

const DONE = "xstate.done.actor.";
const ERROR = "xstate.error.actor.";
const AFTER = "xstate.after.";

const guardName = (t: AnyTransitionDefinition): string => {
  const guard: unknown = t.guard;
  if (guard === undefined) return "";
  if (typeof guard === "string") return `[${guard}]`;
  if (typeof guard === "object" && guard !== null && "type" in guard) return `[${String(guard.type)}]`;
  return "[inline guard]";
};

const describe = (t: AnyTransitionDefinition, index: number): string => {
  const targets = t.target?.map((node) => node.path.join(".")).join(",") ?? "(stays)";
  const event = t.eventType === "" ? "(always)" : t.eventType;
  return `${t.source.path.join(".") || "(root)"} --${event}#${index}${guardName(t)}--> ${targets}`;
};

export const allNodes = (machine: AnyStateMachine): AnyStateNode[] => [machine.root, ...getStateNodes(machine.root)];

/** Every state x event x guard branch the machine declares, `always` and `after` included. */
export const declaredTransitions = (machine: AnyStateMachine): DeclaredTransition[] =>
  allNodes(machine).flatMap((node) => [
    ...[...node.transitions.values()].flatMap((branches) =>
      branches.map((t, index) => ({ key: transitionKey(t), label: describe(t, index) })),
    ),
    ...(node.always ?? []).map((t, index) => ({ key: transitionKey(t), label: describe(t, index) })),
  ]);

/** Settles the doubles of invoked actors when a path says `xstate.done/error.actor.<id>`. */
class ActorScript {
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();

  wait(id: string, resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
    this.pending.set(id, { resolve, reject });
  }

  settle(event: EventObject): void {
    const done = event.type.startsWith(DONE);
    const id = event.type.slice(done ? DONE.length : ERROR.length);
    const waiting = this.pending.get(id);
    if (!waiting) throw new Error(`no running actor "${id}" to settle with ${event.type}`);
    this.pending.delete(id);
    if (done) waiting.resolve("output" in event ? event.output : undefined);
    else waiting.reject("error" in event ? event.error : undefined);
  }
}

/**
 * The machine with a double for each of its invoked actors, made once for all its paths: making
 * it (`provide` builds every state node again) took a third of a list machine's replays. Each
 * replay gives the doubles a new script, and only its own actors wait in it.
 */
const withDoubles = (machine: AnyStateMachine) => {
  let script = new ActorScript();
  const double = fromPromise<unknown, unknown>(({ self }) => new Promise((resolve, reject) => script.wait(self.id, resolve, reject)));
  const doubles = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, double]));
  return {
    machine: machine.provide({ actors: doubles }),
    newScript: (): ActorScript => {
      script = new ActorScript();
      return script;
    },
  };
};

const delayOf = (machine: AnyStateMachine, eventType: string): number => {
  const name = eventType.slice(AFTER.length).split(".")[0] ?? "";
  const named: unknown = machine.implementations.delays[name];
  if (typeof named === "number") return named;
  const literal = Number(name);
  if (Number.isFinite(literal)) return literal;
  throw new Error(`delay "${name}" is not a fixed number of milliseconds`);
};

const settleMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays one generated path on a real actor whose invoked actors are doubles, checking the state
 * reached after every step, and returns the transitions the actor actually took.
 */
const replay = async (
  subject: CoverageSubject,
  doubled: ReturnType<typeof withDoubles>,
  input: unknown,
  steps: ReadonlyArray<PathStep>,
): Promise<Set<string>> => {
  const script = doubled.newScript();
  const clock = new SimulatedClock();
  const taken = new Set<string>();
  const actor = createActor(doubled.machine, {
    input,
    clock,
    inspect: (inspection) => {
      if (inspection.type === "@xstate.microstep") {
        for (const t of inspection._transitions) taken.add(transitionKey(t));
      }
    },
  });
  actor.start();
  try {
    for (const step of steps) {
      const { event } = step;
      if (event.type === "xstate.init") {
        // the actor started above
      } else if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
        script.settle(event);
      } else if (event.type.startsWith(AFTER)) {
        clock.increment(delayOf(subject.machine, event.type));
      } else {
        actor.send(event);
      }
      await settleMicrotasks();
      const reached = actor.getSnapshot().value;
      if (JSON.stringify(reached) !== JSON.stringify(step.state.value)) {
        throw new Error(
          `${subject.id}: after ${event.type} the actor is in ${JSON.stringify(reached)}, the path expects ${JSON.stringify(step.state.value)}`,
        );
      }
    }
  } finally {
    actor.stop();
  }
  return taken;
};

/**
 * Generates shortest paths keyed by the transitions taken (so every edge gets a path, not only
 * every state), replays each, and compares what was taken with what the machine declares.
 */
export const measureCoverage = async (subject: CoverageSubject): Promise<CoverageReport> => {
  const declared = declaredTransitions(subject.machine);
  const covered = new Set<string>();
  let paths = 0;
  const doubled = withDoubles(subject.machine);
  for (const input of subject.inputs) {
    const generated = generatePaths(subject, input);
    for (const path of generated) {
      paths += 1;
      for (const key of await replay(subject, doubled, input, path)) covered.add(key);
    }
  }
  const declaredKeys = new Set(declared.map((t) => t.key));
  return {
    id: subject.id,
    states: allNodes(subject.machine).length - 1,
    declared,
    covered: new Set([...covered].filter((key) => declaredKeys.has(key))),
    uncovered: declared.filter((t) => !covered.has(t.key)),
    paths,
  };
};

export const formatTable = (reports: ReadonlyArray<CoverageReport>): string => {
  const rows = [
    ["machine", "states", "transitions", "covered", "%", "paths"],
    ...reports.map((r) => [
      r.id,
      String(r.states),
      String(r.declared.length),
      String(r.covered.size),
      r.declared.length === 0 ? "100" : ((100 * r.covered.size) / r.declared.length).toFixed(1),
      String(r.paths),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")).join("\n");
};
