import {
  type AnyStateMachine,
  type EventFromLogic,
  getInitialSnapshot,
  getNextSnapshot,
  pathToStateValue,
  type StateValue,
} from "xstate";

/** The stored form of a state value: `active`, or `open.full` for a nested state. */
export const statusOf = (value: StateValue): string => {
  if (typeof value === "string") return value;
  const [entry] = Object.entries(value);
  if (!entry) throw new Error("a record's state value has no active state");
  const [key, child] = entry;
  return child === undefined ? key : `${key}.${statusOf(child)}`;
};

/**
 * Runs a record's machine as a pure function: the state stored in `status` (null for a record
 * that does not exist yet) plus `event` gives the next stored status, or null when the machine
 * does not accept the event in that state.
 */
export const nextStatus = <M extends AnyStateMachine>(
  machine: M,
  status: string | null,
  event: EventFromLogic<M>,
): string | null => {
  // Machines that rule records take no input and keep no context: their state is the status column.
  const logic: AnyStateMachine = machine;
  const snapshot =
    status === null
      ? getInitialSnapshot(logic)
      : logic.resolveState({ value: pathToStateValue(status.split(".")), context: {} });
  if (!snapshot.can(event)) return null;
  return statusOf(getNextSnapshot(logic, snapshot, event).value);
};
