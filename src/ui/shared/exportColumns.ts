// Apart from tableExport.ts: a list names its file's columns as it draws, and loads the writing
// of the file (tableExport.ts) when asked for one (decision 081).

/** A column as a file holds it: its header in the user's language, each row's text, and its typed value when it has one. */
export interface ExportColumn<Row> {
  readonly header: string;
  readonly text: (row: Row) => string;
  readonly typed?: TypedColumn<Row>;
}

/**
 * A column's typed value, so a spreadsheet can add, sort and filter it (issue 37, item 4): an
 * amount of dollars or a count as a number, a day (`2030-06-06`) or an instant (ISO, with its
 * offset) as a date; null is an empty cell. The text the screen shows stays for the table.
 */
export type TypedColumn<Row> =
  | { readonly type: "money"; readonly value: (row: Row) => number | null }
  | { readonly type: "integer"; readonly value: (row: Row) => number | null }
  | { readonly type: "date"; readonly value: (row: Row) => string | null }
  | { readonly type: "dateTime"; readonly value: (row: Row) => string | null };

/** The table's columns that have a text, as the file's columns (images and buttons are left out). */
export const exportColumns = <Row,>(
  columns: ReadonlyArray<{ readonly header: string; readonly text?: (row: Row) => string; readonly typed?: TypedColumn<Row> }>,
): ReadonlyArray<ExportColumn<Row>> =>
  columns.flatMap(({ header, text, typed }) => (text === undefined ? [] : [{ header, text, ...(typed === undefined ? {} : { typed }) }]));

/** What a list exports: the file's name (its title) and its columns. */
export interface ExportTable<Row> {
  readonly title: string;
  readonly columns: ReadonlyArray<ExportColumn<Row>>;
}
