import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { useServices } from "../context.ts";
import { paths } from "../paths.ts";

/** Every /panel/* route but /panel itself needs the stored session (SPEC.md section 2). */
export function RequireSession({ children }: { readonly children: ReactNode }) {
  const { session } = useServices();
  const authenticated = useSelector(session, (snapshot) => snapshot.hasTag("authenticated"));
  return authenticated ? children : <Redirect to={paths.login} replace />;
}
