import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Route } from "wouter";
import type { RoleName } from "../../api/endpoint.ts";
import { paths } from "../paths.ts";
import { useRoleIn } from "../shared/useRole.ts";
import { ProblemPage } from "../shared/ProblemPage.tsx";

/** A screen that makes no server call of its own still shows only to the roles it is for. */
export function RequireRole({ roles, children }: { readonly roles: ReadonlyArray<RoleName>; readonly children: ReactNode }) {
  const { t } = useTranslation();
  if (useRoleIn(roles)) return children;
  // the panel's address sends a signed-in user on to their own start page
  return <ProblemPage problem="forbidden" back={paths.login} backLabel={t("problem.home")} />;
}

/**
 * A route of the panel's Switch whose screen shows only to `roles`. The Switch matches it by its
 * `path` and hands it the match, which the route passes on.
 */
export function RoleRoute({ roles, children, ...route }: { readonly path: string; readonly roles: ReadonlyArray<RoleName>; readonly children: ReactNode }) {
  return (
    <Route {...route}>
      <RequireRole roles={roles}>{children}</RequireRole>
    </Route>
  );
}
