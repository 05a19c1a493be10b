import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "../shared/LanguageSelect.tsx";
import { Logo } from "../shared/Logo.tsx";

/** The frame of the pages before the panel (login, forgot and change password): the logo and the language. */
export function AccountPage({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="container narrow">
      <div className="public-top">
        <Logo label={t("brand.name")} size={56} />
        <LanguageSelect />
      </div>
      {children}
    </main>
  );
}
