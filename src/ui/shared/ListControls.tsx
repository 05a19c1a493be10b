import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BulkReport, ExportFormat } from "../../machines/shared/pagedList.machine.ts";
import { SEARCH_MAX_LENGTH } from "../../machines/shared/listQuery.ts";
import { once } from "./lazyChunk.tsx";
import { lazyNote } from "./lazyNote.tsx";

/**
 * The bar above a list: the search box, the list's filters (the caller's), and the export
 * buttons, which save every row the search and filters select.
 */
export function ListToolbar({
  id,
  search,
  onSearch,
  onSubmit,
  hint,
  filters,
  exporting,
  canExport = true,
  onExport,
}: {
  readonly id: string;
  readonly search: string;
  readonly onSearch: (text: string) => void;
  /** Enter in the search box; a list searching as one types needs none. */
  readonly onSubmit?: () => void;
  readonly hint: string;
  readonly filters?: ReactNode;
  /** An export is being made: the buttons wait, with Pico's spinner. */
  readonly exporting: boolean;
  /** Whether the list's selection may be exported now (the buttons are off, without a spinner, when not). */
  readonly canExport?: boolean;
  readonly onExport: (format: ExportFormat) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="list-toolbar">
      {/* no role="search": Pico draws that role as one joined input group, which hides the label */}
      <form
        className="list-search"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.();
        }}
      >
        <label htmlFor={`${id}-search`}>{t("table.search")}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          placeholder={hint}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => onSearch(event.target.value)}
        />
      </form>
      {filters}
      <fieldset className="list-export" aria-busy={exporting}>
        <legend className="visually-hidden">{t("table.exportLabel")}</legend>
        <button type="button" className="secondary outline" disabled={exporting || !canExport} onClick={() => onExport("csv")}>
          {t("table.exportCsv")}
        </button>
        <button type="button" className="secondary outline" disabled={exporting || !canExport} onClick={() => onExport("xlsx")}>
          {t("table.exportXlsx")}
        </button>
      </fieldset>
    </div>
  );
}

/** A labelled <select> among a list's filters. */
export function ListFilter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  readonly onChange: (value: string) => void;
}) {
  return (
    <div className="list-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What can be done to the ticked rows, shown while some are ticked. */
export function BulkBar({ count, children }: { readonly count: number; readonly children: ReactNode }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <section className="bulk-bar" aria-label={t("table.bulkLabel")}>
      <strong>{t("table.selected", { count })}</strong>
      {children}
    </section>
  );
}

// The report names the server's refusals, whose texts come with the messages group.
const BulkReportNote = lazyNote("messages", once(() => import("../leads/BulkReportNote.tsx")));

/** How the last bulk action went: how many rows it changed, and each refused row with its reason. */
export function BulkReportBanner({ report }: { readonly report: BulkReport | null }) {
  return report === null ? null : <BulkReportNote report={report} />;
}
