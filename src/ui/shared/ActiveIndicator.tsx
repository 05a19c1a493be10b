import { useTranslation } from "react-i18next";

/** A coloured dot for the eye, 'Activo' / 'Inactivo' for screen readers and as tooltip. */
export function ActiveIndicator({ active }: { readonly active: boolean }) {
  const { t } = useTranslation();
  const text = active ? t("status.active") : t("status.inactive");
  return (
    <span className={active ? "status-dot active" : "status-dot"} title={text}>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
