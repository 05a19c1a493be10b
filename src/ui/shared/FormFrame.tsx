import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { HistoryStream } from "../../api/history.ts";
import { submitted } from "./forms.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { FormActions } from "./FormActions.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { PageTitle } from "./PageTitle.tsx";
import { Spinner } from "./Spinner.tsx";
import { loadRefusal } from "../../machines/shared/actions.ts";
import { ProblemPage } from "./ProblemPage.tsx";

/** The edited record's history, or null for a new one (or a record without one). */
type RecordHistory = { readonly stream: HistoryStream; readonly id: number | string } | null;

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
  history = null,
  children,
}: {
  readonly title: string;
  readonly error: string | null;
  readonly fetching: boolean;
  /** Whether the form shows (editing, saving, reloading). */
  readonly open: boolean;
  readonly back: string;
  readonly history?: RecordHistory;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  // an existing record (an edit, which always has a history) that is not there, or not the user's,
  // is a page of its own: no form would ever open; a new form's failure keeps its banner
  const refused = open || fetching || history === null ? null : loadRefusal(error);
  if (refused !== null) return <ProblemPage problem={refused} back={back} backLabel={t("problem.backToList")} />;
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

/** The name of the field an input event came from ('' for a control without one). */
const nameOf = (target: EventTarget): string =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
    ? target.name
    : "";

/** What a record form's flow tells its frame (`useRecordFormState`). */
export interface RecordFormStatus {
  readonly error: string | null;
  readonly fetching: boolean;
  readonly open: boolean;
  readonly processing: boolean;
  /** Bumped on every (re)load: the form is drawn anew, its fields filled from the saved record. */
  readonly revision: number;
  /** Set when someone saved the record after the form loaded it: loads it as it is now. */
  readonly reload: (() => void) | null;
  /** Tells the flow a field was edited (by its name): leaving now asks, and the field's stale message leaves. */
  readonly change: (field: string) => void;
  /** Whether the form holds changes that leaving would lose (src/ui/shared/leaving.ts reads the mark). */
  readonly unsaved: boolean;
}

/**
 * A record's form screen: its section, the frame, and the form with Save and Cancel; the view
 * draws only its fields. `submit` gets what the form holds when Save is pressed.
 */
export function RecordFormFrame({
  title,
  back,
  history,
  status,
  submit,
  className,
  formClassName,
  readOnly = false,
  children,
}: {
  readonly title: string;
  /** The list the form comes from and goes back to. */
  readonly back: string;
  readonly history: RecordHistory;
  readonly status: RecordFormStatus;
  readonly submit: (form: FormData) => void;
  /** The screen's class, which scopes its stylesheet. */
  readonly className?: string;
  readonly formClassName?: string;
  /** For a role that may only read the record: the fields shown disabled, and only the way back. */
  readonly readOnly?: boolean;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const { error, fetching, open, processing, revision, reload, change, unsaved } = status;
  if (readOnly) {
    return (
      <section aria-labelledby="page-title" className={className}>
        <FormFrame title={title} error={error} fetching={fetching} open={open} back={back} history={history}>
          <fieldset disabled className={formClassName === undefined ? "record-form" : `record-form ${formClassName}`}>
            {children}
          </fieldset>
          <div className="form-actions">
            <Link href={back} className="secondary" role="button">
              {t("form.back")}
            </Link>
          </div>
        </FormFrame>
      </section>
    );
  }
  return (
    <section aria-labelledby="page-title" className={className}>
      <FormFrame title={title} error={error} fetching={fetching} open={open} back={back} history={history}>
        <form
          key={revision}
          onSubmit={submitted(submit)}
          onInput={(event) => change(nameOf(event.target))}
          data-unsaved={unsaved ? "" : undefined}
          noValidate
          className={formClassName === undefined ? "record-form" : `record-form ${formClassName}`}
        >
          {children}
          <FormActions busy={processing} back={back} onReload={reload ?? undefined} />
        </form>
      </FormFrame>
    </section>
  );
}
