import { useTranslation } from "react-i18next";
import { Link } from "wouter";

/**
 * Save (busy while the machine is processing) and the way back without saving. Save submits the
 * form it sits in, or, on a screen that edits without a form (the recommendations), calls `onSave`.
 */
export function FormActions({
  busy,
  back,
  onSave,
}: {
  readonly busy: boolean;
  readonly back: string;
  readonly onSave?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <button type={onSave === undefined ? "submit" : "button"} aria-busy={busy} disabled={busy} onClick={onSave}>
        {t("form.save")}
      </button>
      <Link href={back} className="secondary" role="button">
        {t("form.cancel")}
      </Link>
    </div>
  );
}
