import { useActorRef, useMachine } from "@xstate/react";
import type { ActorOptions, AnyStateMachine } from "xstate";
import { useContext } from "react";
import { ServicesContext } from "./context.ts";

/**
 * `useMachine` / `useActorRef` with the Stately inspector attached when `?inspect` asked for it:
 * every screen's flow goes through here, so the inspector sees all of them. Outside the app (a
 * component test) there is simply no inspector.
 */
export function useFlowMachine<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  const inspect = useContext(ServicesContext)?.inspect;
  return useMachine(machine, inspect === undefined ? options : { ...options, inspect });
}

export function useFlowActor<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  const inspect = useContext(ServicesContext)?.inspect;
  return useActorRef(machine, inspect === undefined ? options : { ...options, inspect });
}
