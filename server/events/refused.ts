import { type AnyStateMachine, type AnyStateNode, getInitialSnapshot } from "xstate";
import { ApiError } from "../../src/api/errors.ts";
import type { Refusal } from "../../src/machines/domain/rules.ts";
import { statusOf } from "../../src/machines/domain/verdict.ts";

/**
 * A command a domain machine's guard refused, as the refusal record keeps it (decision 071): the
 * machine, the record's stream and state, the command with the data it carried, and the facts the
 * machine read. Enough to judge it again (QA's replay) and to tell the caller why.
 */
export interface RefusedCommandFacts {
  /** The machine's id (`reservation`, `space` ...). */
  readonly machine: string;
  readonly stream: string;
  /** null for a record the command would have made: no record has that id. */
  readonly streamId: string | null;
  /** The record's stored state when it was refused; null for a record the command would have made. */
  readonly state: string | null;
  /** The event the command asked the machine to take, its data without the facts. */
  readonly event: { readonly type: string } & Readonly<Record<string, unknown>>;
  readonly facts: unknown;
}

/**
 * Thrown where a verdict's refusal becomes the answer (decide and the few commands that judge
 * outside it): answered as any ApiError, with the refusal's status and message, and kept as a
 * refusal record by the endpoint that answers it, once its own transaction has rolled back.
 */
export class RefusedCommand extends ApiError {
  constructor(
    readonly refusal: Refusal,
    readonly command: RefusedCommandFacts,
    /** The refusing transition's own description: the rule in words, as the machine says it. */
    readonly rule: string,
  ) {
    super(refusal.status, refusal.message);
  }
}

const guardName = (guard: unknown): string =>
  typeof guard === "string" ? guard : typeof guard === "object" && guard !== null && "type" in guard ? String(guard.type) : "";

/**
 * Each machine's initial status, worked out once: a snapshot is an actor scope made and thrown
 * away, 0.17 ms of every refused hold (a CPU profile of 1,400 holds refused by a full fleet).
 */
const initialStatuses = new WeakMap<AnyStateMachine, string>();
const initialStatusOf = (machine: AnyStateMachine): string => {
  const known = initialStatuses.get(machine);
  if (known !== undefined) return known;
  const status = statusOf(getInitialSnapshot(machine).value);
  initialStatuses.set(machine, status);
  return status;
};

/** The state nodes a stored status names (`open.full`: the root, `open`, `full`); the initial one for a record not made yet. */
const nodesOf = (machine: AnyStateMachine, state: string | null): ReadonlyArray<AnyStateNode> => {
  const path = (state ?? initialStatusOf(machine)).split(".");
  const nodes: AnyStateNode[] = [machine.root];
  for (const key of path) {
    const child = nodes.at(-1)?.states[key];
    if (child === undefined) break;
    nodes.push(child);
  }
  return nodes;
};

/**
 * The description of the transition that refused: among the transitions the record's state takes
 * for the event, the one guarded by the refusal's guard. Empty when the machine does not say.
 */
export const refusingRule = (machine: AnyStateMachine, state: string | null, eventType: string, guard: string | undefined): string => {
  for (const node of [...nodesOf(machine, state)].reverse()) {
    const transition = (node.transitions.get(eventType) ?? []).find((candidate) => guardName(candidate.guard) === guard);
    if (transition !== undefined) return transition.description ?? "";
  }
  return "";
};

/** The refusal of a command, to throw: the verdict's refusal, what was asked and the rule in words. */
export const refusedCommand = (machine: AnyStateMachine, refusal: Refusal, command: Omit<RefusedCommandFacts, "machine">): RefusedCommand =>
  new RefusedCommand(refusal, { ...command, machine: machine.id }, refusingRule(machine, command.state, command.event.type, refusal.guard));
