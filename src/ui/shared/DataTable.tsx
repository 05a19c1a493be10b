import { memo, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { SortDirection } from "../../machines/shared/listQuery.ts";
import { useRowsInSlices } from "./rowsInSlices.ts";
import type { TypedColumn } from "./tableExport.ts";

export interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** A narrow column (indicator, actions) that keeps its content's width. */
  readonly narrow?: boolean;
  /** The list's sort key for this column: its header becomes a sort button. */
  readonly sort?: string;
  /** The cell as plain text, for the exported files; a column without it is not exported. */
  readonly text?: (row: Row) => string;
  /** The cell as a number or a date in the exported files, where it is one. */
  readonly typed?: TypedColumn<Row>;
  /** Long unbroken text (an email address) that wraps anywhere rather than widen the table. */
  readonly wrap?: boolean;
}

/** The sorted column and the way to ask for another order; the list's machine decides. */
export interface TableSort {
  readonly column: string | null;
  readonly direction: SortDirection;
  readonly onSort: (column: string) => void;
}

/** The tick boxes of a list with bulk actions: the ticked rows and how to tick one or the page. */
export interface TableSelection<Row> {
  readonly selected: ReadonlyArray<number>;
  readonly onSelect: (row: Row, selected: boolean) => void;
  readonly onSelectPage: (selected: boolean) => void;
  /** How a row's tick box is named for screen readers (the row's title). */
  readonly label: (row: Row) => string;
  readonly disabled?: boolean;
}

const ariaSort = (sort: TableSort | undefined, key: string | undefined) => {
  if (sort === undefined || key === undefined || sort.column !== key) return undefined;
  return sort.direction === "asc" ? "ascending" : "descending";
};

/**
 * On a phone the rows are cards without headers to click: the order is chosen here instead, a
 * sortable column and the direction (hidden on wider screens, where the headers sort).
 */
function PhoneSort<Row>({ sort, columns }: { readonly sort: TableSort; readonly columns: ReadonlyArray<Column<Row>> }) {
  const { t } = useTranslation();
  const id = useId();
  const sortable = columns.flatMap((column) => (column.sort === undefined ? [] : [{ key: column.sort, header: column.header }]));
  if (sortable.length === 0) return null;
  const { column } = sort;
  return (
    <div className="table-sort-phone">
      <label htmlFor={id}>{t("table.sortLabel")}</label>
      <select id={id} value={column ?? ""} onChange={(event) => event.target.value !== "" && sort.onSort(event.target.value)}>
        {column === null && <option value="">{t("table.listOrder")}</option>}
        {sortable.map(({ key, header }) => (
          <option key={key} value={key}>
            {header}
          </option>
        ))}
      </select>
      <button type="button" className="secondary outline" disabled={column === null} onClick={() => column !== null && sort.onSort(column)}>
        {t(sort.direction === "asc" ? "table.ascending" : "table.descending")}
      </button>
    </div>
  );
}

interface DataRowProps<Row> {
  readonly row: Row;
  readonly columns: ReadonlyArray<Column<Row>>;
  readonly selection: TableSelection<Row> | undefined;
  readonly className: string | undefined;
}

function DataRowCells<Row extends { readonly id: number }>({ row, columns, selection, className }: DataRowProps<Row>) {
  const { t } = useTranslation();
  return (
    <tr className={className}>
      {selection !== undefined && (
        <td className="narrow select-cell" data-label={t("table.select")}>
          <input
            type="checkbox"
            aria-label={selection.label(row)}
            checked={selection.selected.includes(row.id)}
            disabled={selection.disabled}
            onChange={(event) => selection.onSelect(row, event.target.checked)}
          />
        </td>
      )}
      {columns.map((column) => (
        <td
          key={column.header}
          data-label={column.header}
          className={[column.narrow ? "narrow" : "", column.wrap ? "wrap-anywhere" : ""].join(" ").trim() || undefined}
        >
          {/* one box: on a phone the cell is a grid of its label and its value, whatever pieces the value is made of */}
          <div className="cell-value">{column.cell(row)}</div>
        </td>
      ))}
    </tr>
  );
}

/**
 * One row, drawn again only when its row, the columns or the tick boxes change: a list drawn in
 * slices (./rowsInSlices.ts) does not draw its earlier rows again with each slice.
 */
const DataRow = memo(DataRowCells) as typeof DataRowCells;

/**
 * The one table of the panel. On wide screens it keeps within its box (long texts wrap); on phones
 * each row becomes a card whose cells carry their column name (data-label). A sortable column's
 * header is a button that shows the order; a list with bulk actions gets a tick-box column.
 */
export function DataTable<Row extends { readonly id: number }>({
  caption,
  columns,
  rows,
  empty,
  sort,
  selection,
  rowClass,
}: {
  readonly caption: string;
  readonly columns: ReadonlyArray<Column<Row>>;
  readonly rows: ReadonlyArray<Row>;
  readonly empty: string;
  readonly sort?: TableSort;
  readonly selection?: TableSelection<Row>;
  /** A row's class where the row reads apart from the others (a voided payment struck, a refused import row). */
  readonly rowClass?: (row: Row) => string | undefined;
}) {
  const { t } = useTranslation();
  const drawnRows = useRowsInSlices(rows);
  if (rows.length === 0) return <p className="table-empty">{empty}</p>;
  const allTicked = selection !== undefined && rows.every((row) => selection.selected.includes(row.id));
  return (
    <div className="table-box">
      {sort !== undefined && <PhoneSort sort={sort} columns={columns} />}
      {/* busy while later slices are still to come: a screen reader reads the page whole */}
      <table className="data-table" aria-busy={drawnRows.length < rows.length}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection !== undefined && (
              <th scope="col" className="narrow select-cell">
                <input
                  type="checkbox"
                  aria-label={t("table.selectPage")}
                  checked={allTicked}
                  disabled={selection.disabled}
                  onChange={(event) => selection.onSelectPage(event.target.checked)}
                />
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.narrow ? "narrow" : undefined}
                aria-sort={ariaSort(sort, column.sort)}
              >
                {sort !== undefined && column.sort !== undefined ? (
                  <button type="button" className="sort-button" onClick={() => column.sort !== undefined && sort.onSort(column.sort)}>
                    {column.header}
                    <span aria-hidden="true" className="sort-mark" data-order={sort.column === column.sort ? sort.direction : "none"} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {drawnRows.map((row) => (
            <DataRow key={row.id} row={row} columns={columns} selection={selection} className={rowClass?.(row)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
