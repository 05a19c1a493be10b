import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The browser tab names the screen, then the brand: 'Usuarios · <brand>'. */
export function useDocumentTitle(screen: string): void {
  const { t } = useTranslation();
  const brand = t("brand.name");
  useEffect(() => {
    document.title = `${screen} · ${brand}`;
  }, [screen, brand]);
}
