import { useSelector } from "@xstate/react";
import { type ReactNode, useDeferredValue } from "react";
import { Redirect } from "wouter";
import { useServices } from "../shared/context.ts";
import { Spinner } from "../shared/Spinner.tsx";
import { paths } from "../paths.ts";

/** Every /panel/* route but /panel itself needs the stored session (SPEC.md section 2). */
export function RequireSession({ children }: { readonly children: ReactNode }) {
  const { session } = useServices();
  // The panel is drawn in a background render once the session is known, sliced between frames
  // rather than in one long task with its screen (whose chunk is there: decision 142); the
  // spinner stays meanwhile.
  const verifying = useDeferredValue(useSelector(session, (snapshot) => snapshot.matches("verifying")));
  const authenticated = useSelector(session, (snapshot) => snapshot.hasTag("authenticated"));
  if (verifying) return <Spinner />;
  return authenticated ? children : <Redirect to={paths.login} replace />;
}
