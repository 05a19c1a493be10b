import { useTranslation } from "react-i18next";

/** A panel section whose screen arrives with a later issue; it shows no made-up data. */
export function ComingSoonView({ title }: { readonly title: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>{t("comingSoon.text")}</p>
    </section>
  );
}
