import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RoleName } from "../../api/endpoint.ts";
import { useRoleIn } from "../useRole.ts";

/** A screen that makes no server call of its own still shows only to the roles it is for. */
export function RequireRole({ roles, children }: { readonly roles: ReadonlyArray<RoleName>; readonly children: ReactNode }) {
  const { t } = useTranslation();
  if (useRoleIn(roles)) return children;
  return (
    <section>
      <h1>{t("messages.forbidden")}</h1>
    </section>
  );
}
