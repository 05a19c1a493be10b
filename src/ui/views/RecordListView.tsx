import { useTranslation } from "react-i18next";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { catalogueListMachine } from "../../machines/catalogues.ts";
import { type CatalogueDeclaration, itemPath } from "../../records/catalogue.ts";
import type { ColumnDeclaration } from "../../records/record.ts";
import { ActiveIndicator } from "../components/ActiveIndicator.tsx";
import type { Column } from "../components/DataTable.tsx";
import { RecordList } from "../components/RecordList.tsx";
import { useRecordList } from "../useRecord.ts";

/** A declared column as the table draws it: an active indicator, or the row's text. */
const tableColumn =
  (translate: (key: string) => string) =>
  <Row,>(column: ColumnDeclaration<Row>): Column<Row> =>
    column.kind === "active"
      ? { header: translate(column.header), narrow: true, cell: (row) => <ActiveIndicator active={column.value(row)} /> }
      : { header: translate(column.header), cell: (row) => column.value(row) };

/**
 * The list of any declared catalogue (/panel/feeding, /panel/activities, /panel/courtesys...):
 * its title `nav.<key>`, its add button `catalogue.<key>.new`, its declared columns, and edit and
 * delete per row. Nothing here names a catalogue.
 */
export default function RecordListView({ record }: { readonly record: CatalogueDeclaration }) {
  const { t } = useTranslation();
  const actor = useRecordList(catalogueListMachine, record.listSource);
  return (
    <section aria-labelledby="page-title">
      <RecordList<CatalogueItem>
        actor={actor}
        title={t(`nav.${record.key}`)}
        add={{ to: record.newPaths[0], label: t(`catalogue.${record.key}.new`) }}
        columns={record.columns.map(tableColumn(t))}
        buttons={(item) => ({ edit: itemPath(record, item.id), deleteTitle: t("catalogue.deleteTitle", { name: item.name }) })}
      />
    </section>
  );
}
