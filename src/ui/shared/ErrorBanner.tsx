import { lazy, type ReactNode, Suspense } from "react";
import { withTexts } from "../../i18n/index.ts";

// The table of server messages and their translations come with the first message to show: the
// login page needs them only after a refused attempt.
const MessageBanner = lazy(() => withTexts("messages", import("./MessageBanner.tsx")));

/**
 * A lazily loaded note about `shown`, nothing while there is none: the note's code (and the texts it
 * waits for) come with the first one to show, and nothing stands in for it meanwhile.
 */
export function WhenShown<Shown>({ shown, note }: { readonly shown: Shown | null; readonly note: (shown: Shown) => ReactNode }) {
  return shown === null ? null : <Suspense fallback={null}>{note(shown)}</Suspense>;
}

/** The red banner above a screen: the server's message, translated when it is a known one. */
export function ErrorBanner({ message }: { readonly message: string | null }) {
  return <WhenShown shown={message} note={(text) => <MessageBanner message={text} />} />;
}
