import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../paths.ts";
import { useDocumentTitle } from "../useDocumentTitle.ts";

export function NotFoundView({ home = paths.landing }: { readonly home?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t("notFound.title")}</h1>
      <Link href={home}>{t("notFound.back")}</Link>
    </section>
  );
}
