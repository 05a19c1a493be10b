import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { Spinner } from "./Spinner.tsx";

/**
 * A page's content as its machine fetches it: the message of a failed fetch with a retry button,
 * the spinner until the content arrives, then the content drawn from it.
 */
export function Loaded<Content>({
  error,
  failed,
  content,
  onRetry,
  retryLabel,
  children,
}: {
  readonly error: string | null;
  readonly failed: boolean;
  readonly content: Content | null;
  readonly onRetry: () => void;
  /** The retry button's text, where a part of a page says what it fetches again; default "Retry". */
  readonly retryLabel?: string;
  readonly children: (content: Content) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorBanner message={error} />
      {failed ? (
        <button type="button" onClick={onRetry}>
          {retryLabel ?? t("cruises.retry")}
        </button>
      ) : content === null ? (
        <Spinner />
      ) : (
        children(content)
      )}
    </>
  );
}
