import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RoleName } from "../../api/endpoint.ts";
import { useServices } from "../context.ts";

/** A screen that makes no server call of its own still shows only to the roles it is for. */
export function RequireRole({ roles, children }: { readonly roles: ReadonlyArray<RoleName>; readonly children: ReactNode }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const role = useSelector(session, (snapshot) => snapshot.context.session?.role ?? null);
  if (role !== null && roles.includes(role)) return children;
  return (
    <section>
      <h1>{t("messages.forbidden")}</h1>
    </section>
  );
}
