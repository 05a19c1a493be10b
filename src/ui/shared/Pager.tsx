import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "../../machines/shared/listQuery.ts";

/** Up to this many pages, the chooser offers every one. */
const EVERY_PAGE_UP_TO = 50;

/**
 * The pages the chooser offers: every page of a short list; of a long one the first, the last, and
 * at each scale (ones, tens, hundreds...) the eleven round numbers around this page, so any page is
 * a few choices away. A select of 5,000 pages (100,000 leads) made the list's page 5,000 elements
 * and blocked the browser for a third of a second.
 */
export const pageChoices = (page: number, pages: number): ReadonlyArray<number> => {
  const chosen = new Set([1, pages]);
  for (let scale = 1; scale <= (pages > EVERY_PAGE_UP_TO ? pages : 0); scale *= 10) {
    for (let near = -5; near <= 5; near += 1) chosen.add((Math.round(page / scale) + near) * scale);
  }
  for (let number = 1; number <= (pages > EVERY_PAGE_UP_TO ? 0 : pages); number += 1) chosen.add(number);
  return [...chosen].filter((number) => number >= 1 && number <= pages).sort((a, b) => a - b);
};

/**
 * Previous / next, 'Página 2 de 7', a page chooser, the rows per page and the total. It only
 * reports what was asked; whether a page exists is the list machine's guard, so the buttons are
 * disabled from its answer. While a page loads (`busy`) the pager waits: whether another page
 * exists is known once one shows (the list's filters and sort are taken at any time).
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
  pageSize,
  onPageSize,
  busy = false,
}: {
  readonly label: string;
  readonly page: number;
  readonly pages: number;
  /** The total as the list words it ('40 leads en total'). */
  readonly total: string;
  readonly canPrevious: boolean;
  readonly canNext: boolean;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
  readonly onPage: (page: number) => void;
  readonly pageSize: number;
  readonly onPageSize: (pageSize: number) => void;
  readonly busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="secondary outline" disabled={busy || !canPrevious} onClick={onPrevious}>
        {t("table.previous")}
      </button>
      <span className="pager-position" aria-live="polite">
        {t("table.pageOf", { page, pages })}
      </span>
      <button type="button" className="secondary outline" disabled={busy || !canNext} onClick={onNext}>
        {t("table.next")}
      </button>
      {pages > 1 && (
        <label className="pager-jump">
          <span>{t("table.goToPage")}</span>
          <select value={page} disabled={busy} onChange={(event) => onPage(Number(event.target.value))}>
            {pageChoices(page, pages).map((number) => (
              <option key={number} value={number}>
                {number}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="pager-jump">
        <span>{t("table.pageSize")}</span>
        <select value={pageSize} disabled={busy} onChange={(event) => onPageSize(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="pager-total">{total}</span>
    </nav>
  );
}
