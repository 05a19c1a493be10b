import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type ImportReport, type ImportRow, importChoices, importColumns } from "../../api/passengers.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { type Column, DataTable } from "../shared/DataTable.tsx";
import { saveTable } from "../shared/tableExport.ts";

/**
 * Saves an empty XLSX workbook whose header row has the import's columns in the user's language:
 * the sheet an agency fills in and sends back (the import reads Spanish and English headers).
 */
export const downloadTemplate = (t: TFunction): Promise<void> =>
  saveTable({ title: t("passengers.templateTitle"), columns: importColumns.map(({ label }) => ({ header: t(label), text: () => "" })) }, [], "xlsx");

/**
 * Why a row was refused, naming its row and column in the reader's language: "Fila 7, columna
 * Estado civil: Información ingresada incorrecta o invalida. Acepta: Soltero(a), Casado(a)…"
 * (a choice column says the words it takes).
 */
export const refusalText = (t: TFunction, row: ImportRow): string => {
  const message = translateMessage(t, row.message ?? "");
  const column = importColumns.find(({ name }) => name === row.column);
  if (column === undefined) return t("passengers.refusedRow", { row: row.row, message });
  const choices = importChoices[column.name];
  const accepted = choices === undefined ? "" : ` ${t("passengers.accepts", { words: choices.map((value) => t(`options.${value}`)).join(", ") })}`;
  return `${t("passengers.refusedCell", { row: row.row, column: t(column.label), message })}${accepted}`;
};

/** What became of each row of an import: seated (registered now or found) or refused, with why. */
export function ImportReportTable({ report }: { readonly report: ImportReport }) {
  const { t } = useTranslation();
  const seated = report.rows.filter((row) => row.outcome === "assigned").length;
  const title = t("passengers.reportTitle", { seated, total: report.rows.length });
  const columns: ReadonlyArray<Column<ImportRow>> = [
    { header: t("passengers.row"), cell: (row) => row.row },
    { header: t("passengers.name"), cell: (row) => (row.name === "" ? "—" : row.name) },
    {
      header: t("passengers.outcome"),
      cell: (row) =>
        row.outcome === "refused"
          ? refusalText(t, row)
          : t(row.registered ? "passengers.seatedNew" : "passengers.seatedFound", { cabin: row.cabinName ?? "" }),
    },
  ];
  return (
    <section className="import-report" aria-labelledby="import-report-title">
      <h2 id="import-report-title">{title}</h2>
      <DataTable
        caption={title}
        columns={columns}
        rows={report.rows.map((row) => ({ ...row, id: row.row }))}
        empty=""
        rowClass={(row) => (row.outcome === "refused" ? "import-refused" : undefined)}
      />
    </section>
  );
}
