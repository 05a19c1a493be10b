import { useTranslation } from "react-i18next";

/** The centred 50 x 50 oval loading spinner (SPEC.md section 2). */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner-box" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("loading")}</span>
    </div>
  );
}
