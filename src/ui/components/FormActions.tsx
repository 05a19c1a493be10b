import { useTranslation } from "react-i18next";
import { Link } from "wouter";

/** Save (busy while the machine is processing) and the way back to the list without saving. */
export function FormActions({ busy, back }: { readonly busy: boolean; readonly back: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <button type="submit" aria-busy={busy} disabled={busy}>
        {t("form.save")}
      </button>
      <Link href={back} className="secondary" role="button">
        {t("form.cancel")}
      </Link>
    </div>
  );
}
