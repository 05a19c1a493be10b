import type { AnyStateMachine, EventFromLogic } from "xstate";
import { nextStatus } from "../domain/verdict.ts";

const answers = new WeakMap<AnyStateMachine, Map<string, boolean>>();

/**
 * Whether `machine` takes a command of `event`'s type in `status`, as the panel asks before it shows
 * a button. A page asks it for every command, cabin and space on each drawing, and each asking runs
 * the machine (the longest part of a reservation's page drawing, decision 087); the answer depends
 * on the status and the event's type only (no facts, the same fixed fields for a type), so each is
 * worked out once.
 */
export const takes = <M extends AnyStateMachine>(machine: M, status: string, event: EventFromLogic<M>): boolean => {
  const logic: AnyStateMachine = machine;
  const known = answers.get(logic) ?? new Map<string, boolean>();
  answers.set(logic, known);
  const key = `${status} ${event.type}`;
  const remembered = known.get(key);
  if (remembered !== undefined) return remembered;
  const answer = nextStatus(machine, status, event) !== null;
  known.set(key, answer);
  return answer;
};
