import { useActorRef, useMachine } from "@xstate/react";
import type { ActorOptions, AnyStateMachine } from "xstate";
import { useServices } from "./context.ts";

/**
 * `useMachine` / `useActorRef` with the Stately inspector attached when `?inspect` asked for it:
 * every screen's flow goes through here, so the inspector sees all of them.
 */
export function useFlowMachine<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  const { inspect } = useServices();
  return useMachine(machine, inspect === undefined ? options : { ...options, inspect });
}

export function useFlowActor<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  const { inspect } = useServices();
  return useActorRef(machine, inspect === undefined ? options : { ...options, inspect });
}
