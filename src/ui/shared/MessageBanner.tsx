import { useTranslation } from "react-i18next";
import { translateMessage } from "../../i18n/messages.ts";

/** What ErrorBanner shows once the messages' texts are there. */
export default function MessageBanner({ message }: { readonly message: string }) {
  const { t } = useTranslation("messages");
  return (
    <div className="error-banner" role="alert">
      {translateMessage(t, message)}
    </div>
  );
}
