import { useSelector } from "@xstate/react";
import type { RoleName } from "../../api/endpoint.ts";
import { useServices } from "./context.ts";

/** The signed-in user's role, or null before a session is known. */
export const useRole = (): RoleName | null => {
  const { session } = useServices();
  return useSelector(session, (snapshot) => snapshot.context.session?.role ?? null);
};

/** Whether the signed-in user's role is one of `roles` (who may write a record, say). */
export const useRoleIn = (roles: ReadonlyArray<RoleName>): boolean => {
  const role = useRole();
  return role !== null && roles.includes(role);
};
