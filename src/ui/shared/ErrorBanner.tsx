import { lazy, Suspense } from "react";
import { withTexts } from "../../i18n/index.ts";

// The table of server messages and their translations come with the first message to show: the
// login page needs them only after a refused attempt.
const MessageBanner = lazy(() => withTexts("messages", import("./MessageBanner.tsx")));

/** The red banner above a screen: the server's message, translated when it is a known one. */
export function ErrorBanner({ message }: { readonly message: string | null }) {
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <MessageBanner message={message} />
    </Suspense>
  );
}
