import { once } from "./lazyChunk.tsx";
import { lazyNote } from "./lazyNote.tsx";

// The table of server messages and their translations come with the first message to show: the
// login page needs them only after a refused attempt.
const MessageBanner = lazyNote("messages", once(() => import("./MessageBanner.tsx")));

/** The red banner above a screen: the server's message, translated when it is a known one. */
export function ErrorBanner({ message }: { readonly message: string | null }) {
  return message === null ? null : <MessageBanner message={message} />;
}
