import { useTranslation } from "react-i18next";
import { ProblemPage } from "./ProblemPage.tsx";
import { paths } from "../paths.ts";

/** An address that leads to no screen: the public site's start, or the panel's when `home` says so. */
export function NotFoundView({ home = paths.landing }: { readonly home?: string }) {
  const { t } = useTranslation();
  return <ProblemPage problem="notFound" back={home} backLabel={t("problem.home")} />;
}
