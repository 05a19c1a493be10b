import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { LanguageSelect } from "../components/LanguageSelect.tsx";
import { Logo } from "../components/Logo.tsx";
import { paths } from "../paths.ts";

/** Placeholder public page until the home-content issue brings banners and the contact form. */
export default function LandingView() {
  const { t } = useTranslation();
  return (
    <>
      <header className="container public-header">
        <span className="brand">
          <Logo label={t("brand.name")} />
          <strong>{t("brand.name")}</strong>
        </span>
        <LanguageSelect />
      </header>
      <main className="container landing">
        <h1>{t("landing.title")}</h1>
        <p>{t("landing.text")}</p>
        <Link href={paths.login} role="button">
          {t("landing.staffAccess")}
        </Link>
      </main>
    </>
  );
}
