import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  getInitialSnapshot,
  pathToStateValue,
  type StateValue,
} from "xstate";
import type { Refusal } from "./rules.ts";

/** The stored form of a state value: `active`, or `open.full` for a nested state. */
export const statusOf = (value: StateValue): string => {
  if (typeof value === "string") return value;
  const [entry] = Object.entries(value);
  if (!entry) throw new Error("a record's state value has no active state");
  const [key, child] = entry;
  return child === undefined ? key : `${key}.${statusOf(child)}`;
};

/** What a record's machine says to one event: the next stored status, a refusal, or not now. */
export type Verdict =
  | { readonly kind: "accepted"; readonly status: string }
  | { readonly kind: "refused"; readonly refusal: Refusal }
  | { readonly kind: "notAllowed" };

/** Each machine's snapshot at each stored status, resolved once: a snapshot is never changed, a transition makes a new one. */
const snapshots = new WeakMap<AnyStateMachine, Map<string | null, AnyMachineSnapshot>>();

/**
 * The machine's snapshot at `status` (null: its initial state). Resolving it started an actor
 * each time, about half of a judgement's time; every record at a status is judged from the same
 * one, and a replay picks each event's transition from it.
 */
export const snapshotAt = (logic: AnyStateMachine, status: string | null): AnyMachineSnapshot => {
  let byStatus = snapshots.get(logic);
  if (byStatus === undefined) {
    byStatus = new Map();
    snapshots.set(logic, byStatus);
  }
  const known = byStatus.get(status);
  if (known !== undefined) return known;
  const resolved = status === null ? getInitialSnapshot(logic) : logic.resolveState({ value: pathToStateValue(status.split(".")), context: { refusal: null } });
  byStatus.set(status, resolved);
  return resolved;
};

const scopes = new WeakMap<AnyStateMachine, AnyActorScope>();

const nothing = (): void => {};

/**
 * The scope each machine's judgements run in, made once a machine. XState's getNextSnapshot makes
 * an actor for every transition, and making one works out the machine's initial snapshot again: a
 * third of a judgement's time, about a third of a second of a first start (decision 110). A record's machine
 * keeps no actor, spawns none and asks nothing of its own actor, and its transitions only assign:
 * one inert scope, whose actions go nowhere as getNextSnapshot's do, serves them all.
 */
const inertScope = (logic: AnyStateMachine): AnyActorScope => {
  const known = scopes.get(logic);
  if (known !== undefined) return known;
  const self = createActor(logic);
  const scope: AnyActorScope = {
    self,
    id: "",
    sessionId: "",
    system: self.system,
    logger: nothing,
    defer: nothing,
    emit: nothing,
    stopChild: nothing,
    actionExecutor: nothing,
  };
  scopes.set(logic, scope);
  return scope;
};

/**
 * Runs a record's machine as a pure function (decision 017): the state stored in `status` (null
 * for a record that does not exist yet) and `event` with the facts the server loaded (null on a
 * replay: the event alone) give the verdict. Domain machines keep no context but a refusal: their
 * state is the status column.
 */
export const judge = <M extends AnyStateMachine>(
  machine: M,
  status: string | null,
  event: EventFromLogic<M>,
  facts: unknown,
): Verdict => {
  const logic: AnyStateMachine = machine;
  const snapshot = snapshotAt(logic, status);
  const decided = facts === null ? event : { ...event, facts };
  if (!snapshot.can(decided)) return { kind: "notAllowed" };
  const next = logic.transition(snapshot, decided, inertScope(logic));
  const refusal: Refusal | null = next.context.refusal;
  if (refusal !== null) return { kind: "refused", refusal };
  return { kind: "accepted", status: statusOf(next.value) };
};

/**
 * The next stored status for a replayed event (no facts: no rule refuses what was decided), or
 * null when the machine does not take the event in that state.
 */
export const nextStatus = <M extends AnyStateMachine>(
  machine: M,
  status: string | null,
  event: EventFromLogic<M>,
): string | null => {
  const verdict = judge(machine, status, event, null);
  return verdict.kind === "accepted" ? verdict.status : null;
};
