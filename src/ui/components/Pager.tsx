import { useTranslation } from "react-i18next";

/**
 * Previous / next, 'Página 2 de 7', a page chooser and the total. It only reports what was asked;
 * whether a page exists is the list machine's guard, so the buttons are disabled from its answer.
 */
export function Pager({
  label,
  page,
  pages,
  total,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  onPage,
}: {
  readonly label: string;
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  readonly canPrevious: boolean;
  readonly canNext: boolean;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
  readonly onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="secondary outline" disabled={!canPrevious} onClick={onPrevious}>
        {t("leads.previous")}
      </button>
      <span className="pager-position" aria-live="polite">
        {t("leads.pageOf", { page, pages })}
      </span>
      <button type="button" className="secondary outline" disabled={!canNext} onClick={onNext}>
        {t("leads.next")}
      </button>
      {pages > 1 && (
        <label className="pager-jump">
          <span>{t("leads.goToPage")}</span>
          <select value={page} onChange={(event) => onPage(Number(event.target.value))}>
            {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
              <option key={number} value={number}>
                {number}
              </option>
            ))}
          </select>
        </label>
      )}
      <span className="pager-total">{t("leads.total", { count: total })}</span>
    </nav>
  );
}
