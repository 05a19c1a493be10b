import { useId } from "react";
import { useTranslation } from "react-i18next";
import { languages } from "../../i18n/index.ts";

/** Spanish or English; i18n keeps the choice in local storage under `lang`. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t("language.label")}</label>
      <select id={id} value={i18n.language} onChange={(event) => i18n.changeLanguage(event.target.value)}>
        {languages.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
