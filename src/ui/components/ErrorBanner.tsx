import { useTranslation } from "react-i18next";
import { translateMessage } from "../../i18n/index.ts";

/** The red banner above a screen: the server's message, translated when it is a known one. */
export function ErrorBanner({ message }: { readonly message: string | null }) {
  const { t } = useTranslation();
  if (message === null) return null;
  return (
    <div className="error-banner" role="alert">
      {translateMessage(t, message)}
    </div>
  );
}
