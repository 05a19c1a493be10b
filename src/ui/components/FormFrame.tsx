import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { HistoryStream } from "../../api/history.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { PageTitle } from "./PageTitle.tsx";
import { Spinner } from "./Spinner.tsx";

/**
 * What every form screen shows around its form: the title, the red banner, the spinner while the
 * record loads, the way back when it cannot open, and an edit's 'Historial'.
 */
export function FormFrame({
  title,
  error,
  fetching,
  open,
  back,
  history,
  children,
}: {
  readonly title: string;
  readonly error: string | null;
  readonly fetching: boolean;
  /** Whether the form shows (editing, saving, reloading). */
  readonly open: boolean;
  readonly back: string;
  /** The edited record's history, or null for a new one (or a record without one). */
  readonly history: { readonly stream: HistoryStream; readonly id: number } | null;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={title} />
      <ErrorBanner message={error} />
      {fetching && <Spinner />}
      {open && children}
      {!open && !fetching && <Link href={back}>{t("form.back")}</Link>}
      {history !== null && <HistoryPanel stream={history.stream} id={history.id} />}
    </>
  );
}
