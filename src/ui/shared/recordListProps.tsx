import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACTIVE_FILTER, choiceFilterOptions } from "../../machines/shared/listQuery.ts";
import { type HeldRows, type ListSource, listQueryDefaults, type RecordListMachine } from "../../machines/shared/recordRows.ts";
import { listImplementations } from "../flows/flows.ts";
import type { Column } from "./DataTable.tsx";
import { LinksMenu, type MenuLink } from "./LinksMenu.tsx";
import { type PagedFilter, type PagedListProps, type RowCommandEvent, selectFilter } from "./PagedList.tsx";
import { RowActions } from "./RowActions.tsx";

/** A row command's button: its icon kind (SPEC.md section 2), the source's command and the dialog's title. */
export interface CommandButton {
  readonly kind: "changePass" | "play" | "add" | "edit_modal" | "activate" | "deactivate";
  readonly command: string;
  readonly title: string;
}

/** What one row's buttons do: where edit goes, what the delete dialog asks, and its commands. */
export interface RowButtons {
  readonly edit: string;
  /** The row's form opens only to be read (a deactivated Ikarus rate): the view button in place of edit. */
  readonly viewOnly?: boolean;
  /** The delete dialog's title; null where the row cannot be deleted now (an active Ikarus rate). */
  readonly deleteTitle: string | null;
  readonly commands?: ReadonlyArray<CommandButton>;
  /** A dropdown of links beside the buttons (a yacht's pages), for readers too. */
  readonly menu?: { readonly label: string; readonly links: ReadonlyArray<MenuLink> };
}

/** What a record screen says of its list: the rest (filters, bulk bar, texts, dialogs) follows from its source. */
export interface RecordListDeclaration<Row extends { readonly id: number }> {
  readonly machine: RecordListMachine<Row>;
  readonly source: ListSource<Row>;
  /** The list's name in element ids (`users`, `feeding`...). */
  readonly id: string;
  readonly title: string;
  readonly columns: ReadonlyArray<Column<Row>>;
  /** Each row's edit, commands and delete; none for a list that only shows (an agency's own users). */
  readonly buttons?: (row: Row) => RowButtons;
  /** For a role that may only read the records: no ticks, no bulk commands; each row opens for viewing. */
  readonly readOnly?: boolean;
  /** Bumped by the screen when it changed the rows itself (a year's rates copied): they are read again. */
  readonly reloads?: number;
}

/**
 * A record list (a catalogue, the users, the destinations) as the one list component draws it
 * (`<PagedList {...useRecordList(...)} />`): the source's choice filters and active filter, the
 * bulk delete / activate / deactivate of the ticked rows, each row's edit, commands and delete
 * with the panel's dialogs and toast, and the list's texts.
 */
export function useRecordList<Row extends { readonly id: number }>(
  declaration: RecordListDeclaration<Row>,
): PagedListProps<Row, ListSource<Row>, HeldRows<Row> | null> {
  const { machine, source, id, title, columns, buttons, readOnly = false, reloads } = declaration;
  const { t, i18n } = useTranslation();
  const [defaults] = useState(() => listQueryDefaults(source));
  const [dialogs] = useState(() => listImplementations(i18n));
  const ticks = !readOnly && buttons !== undefined;
  const hasActiveFlag = source.view.active !== undefined;
  const filters = (extras: HeldRows<Row> | null): ReadonlyArray<PagedFilter> => [
    ...(source.view.choiceFilters ?? []).map((filter) =>
      selectFilter(filter.name, t(filter.label), t("table.allItems"), choiceFilterOptions(extras?.rows ?? [], filter)),
    ),
    ...(hasActiveFlag
      ? [
          selectFilter(ACTIVE_FILTER, t("table.activeFilter"), t("table.allStates"), [
            { value: "yes", label: t("table.onlyActive") },
            { value: "no", label: t("table.onlyInactive") },
          ]),
        ]
      : []),
  ];
  const actionsColumn =
    (rowButtons: (row: Row) => RowButtons) =>
    (send: (event: RowCommandEvent) => void, busy: boolean): Column<Row> => ({
      header: t("actions.column"),
      narrow: true,
      cell: (row) => {
        const { edit, deleteTitle, commands = [], menu, viewOnly = false } = rowButtons(row);
        const links = menu === undefined ? null : <LinksMenu label={menu.label} links={menu.links} />;
        if (readOnly) return <RowActions actions={[{ kind: "view", to: edit }]} before={links} />;
        return (
          <RowActions
            before={links}
            disabled={busy}
            actions={[
              { kind: viewOnly ? "view" : "edit", to: edit },
              ...commands.map((command) => ({
                kind: command.kind,
                onClick: () => send({ type: "row.command", command: command.command, id: row.id, title: command.title }),
              })),
              ...(deleteTitle === null ? [] : [{ kind: "delete" as const, onClick: () => send({ type: "row.delete", id: row.id, title: deleteTitle }) }]),
            ]}
          />
        );
      },
    });
  return {
    machine,
    defaults,
    scope: source,
    id,
    title,
    columns,
    filters,
    searchHint: t("table.searchHint"),
    empty: t("table.empty"),
    totalText: (count) => t("table.total", { count }),
    pagerLabel: t("table.pager"),
    changes: () => false,
    ...(reloads === undefined ? {} : { reloads }),
    ...(ticks ? { rowTitle: source.view.title } : {}),
    ...(ticks
      ? {
          bulk: {
            commands: [
              ...(hasActiveFlag && source.setActive !== undefined
                ? [
                    { command: "activate" as const, label: t("table.bulkActivate"), className: "secondary" },
                    { command: "deactivate" as const, label: t("table.bulkDeactivate"), className: "secondary" },
                  ]
                : []),
              ...(source.remove === undefined ? [] : [{ command: "delete" as const, label: t("table.bulkDelete"), className: "bulk-delete" }]),
            ],
            ask: dialogs.actors.askBulk,
          },
        }
      : {}),
    ...(buttons === undefined
      ? {}
      : {
          rowCommands: {
            column: actionsColumn(buttons),
            confirmDelete: dialogs.actors.confirmDelete,
            confirmCommand: dialogs.actors.confirmCommand,
            notify: dialogs.actions.notify,
          },
        }),
  };
}
