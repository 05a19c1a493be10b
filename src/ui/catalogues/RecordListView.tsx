import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCents } from "../../api/amounts.ts";
import { centsOfAmount, type DetailRule } from "../../api/details.ts";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { catalogueListMachine, listSourceOf } from "../../machines/catalogues/catalogues.ts";
import { type CatalogueDeclaration, itemPath } from "../../records/catalogue.ts";
import type { ColumnDeclaration } from "../../records/record.ts";
import { ActiveIndicator } from "../shared/ActiveIndicator.tsx";
import { numberText } from "../shared/DetailInput.tsx";
import { optionKey } from "../shared/options.ts";
import type { Column } from "../shared/DataTable.tsx";
import { PagedList } from "../shared/PagedList.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { useRecordList } from "../shared/recordListProps.tsx";
import { YearCopyForm } from "./YearCopyForm.tsx";
import { useRoleIn } from "../shared/useRole.ts";

/** How a detail's value reads in a cell and an export: an amount of money as US$, a number as the language writes it, a choice's text. */
const detailText = (t: TFunction, language: string, rule: DetailRule, value: string | number): string => {
  if (typeof value === "number" && rule.kind === "money") {
    const cents = centsOfAmount(value);
    return cents === null ? "" : formatCents(cents, language);
  }
  if (typeof value === "number") {
    return Number.isFinite(value) ? numberText(value, rule.kind === "number" && rule.whole, language) : "";
  }
  return rule.kind === "choice" && value !== "" ? t(optionKey(value)) : value;
};

/**
 * A declared column as the table draws it (an active indicator, the row's text, a detail's value
 * as it reads), sorted by its key and exported as its text ('Activo' / 'Inactivo' for the flag).
 */
const tableColumn =
  (t: TFunction, language: string) =>
  <Row,>(column: ColumnDeclaration<Row>): Column<Row> => {
    const header = t(column.header);
    switch (column.kind) {
      case "active":
        return {
          header,
          narrow: true,
          sort: column.key,
          cell: (row) => <ActiveIndicator active={column.value(row)} />,
          text: (row) => t(column.value(row) ? "status.active" : "status.inactive"),
        };
      case "text": {
        const { inLanguage } = column;
        const text = inLanguage === undefined ? column.value : (row: Row) => inLanguage(row, language);
        return { header, sort: column.key, cell: text, text };
      }
      case "detail": {
        const text = (row: Row) => detailText(t, language, column.rule, column.value(row));
        // a number is short: its column leaves the width to the names beside it
        return { header, sort: column.key, cell: text, text, narrow: column.rule.kind === "number" || column.rule.kind === "money" };
      }
    }
  };

/**
 * The list of any declared catalogue (/panel/feeding, /panel/activities ...):
 * its title `nav.<key>`, its add button `catalogue.<key>.new`, its declared columns, and edit and
 * delete per row. Nothing here names a catalogue.
 */
export default function RecordListView({ record }: { readonly record: CatalogueDeclaration }) {
  const { t, i18n } = useTranslation();
  const title = t(`nav.${record.key}`);
  const writable = useRoleIn(record.writers);
  const columns = record.columns.map(tableColumn(t, i18n.language));
  const { rowMenu } = record;
  const [copies, setCopies] = useState(0);
  const list = useRecordList<CatalogueItem>({
    machine: catalogueListMachine,
    source: listSourceOf(record),
    id: record.key,
    title,
    columns,
    buttons: (item) => ({
      edit: itemPath(record, item.id),
      viewOnly: !record.offers(item, "catalogueItem.edit"),
      deleteTitle: record.offers(item, "catalogueItem.delete") ? t("catalogue.deleteTitle", { name: item.name }) : null,
      // a command shows only where the item's machine takes it: a deactivated rate offers no activation
      commands: record.commandButtons
        .filter(({ command }) => record.offers(item, command.event))
        .map(({ command, kind, title: dialogTitle }) => ({ kind, command: command.name, title: t(dialogTitle, { name: item.name }) })),
      ...(rowMenu === null
        ? {}
        : { menu: { label: t(rowMenu.label, { name: item.name }), links: rowMenu.links(item).map(({ to, label }) => ({ to, label: t(label) })) } }),
    }),
    readOnly: !writable,
    reloads: copies,
  });
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={title} add={writable ? { to: record.newPaths[0], label: t(`catalogue.${record.key}.new`) } : undefined} />
      <PagedList {...list} />
      {writable && record.api.yearCopy !== null && (
        <YearCopyForm id={record.key} endpoint={record.api.yearCopy} onCopied={() => setCopies((count) => count + 1)} />
      )}
    </section>
  );
}
