import { useTranslation } from "react-i18next";
import { Link } from "wouter";

/**
 * Save (busy while the machine is processing) and the way back without saving. Save submits the
 * form it sits in, or, on a screen that edits without a form (the recommendations), calls `onSave`.
 * A form older than the stored record cannot be saved: `onReload` takes Save's place and loads
 * the record as it is now.
 */
export function FormActions({
  busy,
  back,
  onSave,
  onReload,
}: {
  readonly busy: boolean;
  readonly back: string;
  readonly onSave?: () => void;
  readonly onReload?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      {onReload === undefined ? (
        <button type={onSave === undefined ? "submit" : "button"} aria-busy={busy} disabled={busy} onClick={onSave}>
          {t("form.save")}
        </button>
      ) : (
        <button type="button" onClick={onReload}>
          {t("form.reload")}
        </button>
      )}
      <Link href={back} className="secondary" role="button">
        {t("form.cancel")}
      </Link>
    </div>
  );
}
