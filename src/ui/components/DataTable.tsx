import type { ReactNode } from "react";

export interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** A narrow column (indicator, actions) that keeps its content's width. */
  readonly narrow?: boolean;
}

/**
 * The one table of the panel. On wide screens it scrolls inside its own box if needed; on phones
 * each row becomes a card whose cells carry their column name (data-label).
 */
export function DataTable<Row extends { readonly id: number }>({
  caption,
  columns,
  rows,
  empty,
}: {
  readonly caption: string;
  readonly columns: ReadonlyArray<Column<Row>>;
  readonly rows: ReadonlyArray<Row>;
  readonly empty: string;
}) {
  if (rows.length === 0) return <p className="table-empty">{empty}</p>;
  return (
    <div className="table-box">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.narrow ? "narrow" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className={column.narrow ? "narrow" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
