import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom } from "xstate";
import { createClient } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";

/**
 * One machine of the project as the path generator sees it: the inputs to start from and one
 * concrete event per guard branch. Invoked actors are replaced by test doubles that settle as the
 * generator's `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events say, so those events
 * carry the double's `output` or `error`. Each `<name>.machine.ts` has a `<name>.fixtures.ts`
 * beside it exporting `fixtures` (one entry, or several for a machine built more than one way).
 */
export interface MachineFixtures {
  readonly id: string;
  /**
   * The file that defines the machine, relative to the repository root, where it is not the
   * `<name>.machine.ts` beside the fixtures (a machine run several ways names its own).
   */
  readonly file?: string;
  readonly machine: AnyStateMachine;
  /** Concrete events to try, one per guard branch. */
  readonly events: ReadonlyArray<EventObject>;
  /** Inputs to start from: several when the first state or a guard depends on the input. */
  readonly inputs: ReadonlyArray<unknown>;
  /**
   * For a machine whose guards read counters in its context: the part of the context that tells
   * otherwise equal states apart, so the generator explores them (kept small and finite).
   */
  readonly contextKey?: (context: unknown) => unknown;
}

/** What the generator may send: the machine's own events and the settling of its actors. */
export type SampleEvent<M extends AnyStateMachine> =
  | EventFromLogic<M>
  | { readonly type: `xstate.done.actor.${string}`; readonly output: unknown }
  | { readonly type: `xstate.error.actor.${string}`; readonly error: unknown };

/** A domain machine's file: `domain.user` is src/machines/domain/user.machine.ts. */
const domainMachineFileOf = (id: string): string => `src/machines/${id.replaceAll(".", "/")}.machine.ts`;

/**
 * Type-checks one machine's inputs and sample events against the machine. `file` defaults to the
 * machine beside the fixtures; a machine run several ways (the record lists on the engine) names its file.
 */
export const machineFixtures = <M extends AnyStateMachine>(definition: {
  readonly id: string;
  readonly file?: string;
  readonly machine: M;
  readonly inputs: ReadonlyArray<InputFrom<M>>;
  readonly events: ReadonlyArray<SampleEvent<M>>;
  readonly contextKey?: (context: unknown) => unknown;
}): MachineFixtures => definition;

/** A client for inputs only: every actor that would call it is replaced by a double. */
export const unusedClient = createClient({
  readToken: () => null,
  fetch: () => Promise.reject(new Error("the path generator never calls the API")),
});

/** A refused request, as an actor double fails with it. */
export const refused = (status: number, message: string): ApiError => {
  const error = new ApiError(status, message);
  // The path generator tells sample events apart by their JSON, which leaves out an error's own
  // message: two refusals of one status with different messages would count as one.
  Object.defineProperty(error, "message", { value: message, enumerable: true });
  return error;
};

/** The settling of a confirmation dialog: confirmed, cancelled, and a dialog that failed. */
export const dialogAnswers = (id: string) =>
  [
    { type: `xstate.done.actor.${id}`, output: true },
    { type: `xstate.done.actor.${id}`, output: false },
    { type: `xstate.error.actor.${id}`, error: new Error("dialog failed") },
  ] as const;

/** What a dialog that may ask for a reason answers: a reason, none asked (""), cancelled (null), or a failure. */
export const reasonAnswers = (id: string) =>
  [
    { type: `xstate.done.actor.${id}`, output: "the wholesaler left" },
    { type: `xstate.done.actor.${id}`, output: "" },
    { type: `xstate.done.actor.${id}`, output: null },
    { type: `xstate.error.actor.${id}`, error: new Error("dialog failed") },
  ] as const;

/**
 * A domain machine's fixtures (decision 017): it takes no input, and each sample event is sent as
 * replayed (no facts) and with each set of facts, so that every refusing guard and every
 * accepting branch is taken.
 */
export const domainFixtures = <M extends AnyStateMachine>(definition: {
  readonly id: string;
  readonly machine: M;
  readonly events: ReadonlyArray<EventFromLogic<M>>;
  readonly facts: ReadonlyArray<NonNullable<EventFromLogic<M>["facts"]>>;
}): MachineFixtures => ({
  id: definition.id,
  file: domainMachineFileOf(definition.id),
  machine: definition.machine,
  inputs: [undefined],
  events: definition.events.flatMap((event) => [event, ...definition.facts.map((facts) => ({ ...event, facts }))]),
});
