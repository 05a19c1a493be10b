import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import { ACTIVE_FILTER, choiceFilterOptions, pagesOf } from "../../machines/shared/listQuery.ts";
import { matchingCount, pageRows, type RecordListMachine, shownPage } from "../../machines/shared/recordList.machine.ts";
import { type Column, DataTable } from "./DataTable.tsx";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { BulkBar, BulkReportBanner, ListFilter, ListToolbar } from "./ListControls.tsx";
import { PageTitle } from "./PageTitle.tsx";
import { Pager } from "./Pager.tsx";
import { LinksMenu, type MenuLink } from "./LinksMenu.tsx";
import { RowActions } from "./RowActions.tsx";
import { Spinner } from "./Spinner.tsx";

/** A row command's button: its icon kind (SPEC.md section 2), the source's command and the dialog's title. */
export interface CommandButton {
  readonly kind: "changePass" | "play" | "pluss" | "edit_modal" | "activate" | "deactivate";
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

/**
 * The one list screen of the panel: the title with its add button, the search, the active filter
 * (for records with the flag), the export, the red banner, the spinner while the rows load, the
 * table with sortable headers, tick boxes and each row's edit, commands and delete, the bulk
 * actions on the ticked rows and their report, and the pager. It reads the list machine and only
 * sends it events; the columns are the caller's.
 */
export function RecordList<Row extends { readonly id: number }>({
  actor,
  id,
  title,
  add,
  columns,
  buttons,
  readOnly = false,
}: {
  readonly actor: ActorRefFrom<RecordListMachine<Row>>;
  /** The list's name in element ids (`users`, `feeding`...). */
  readonly id: string;
  readonly title: string;
  /** The add button's form; none where the readers add nothing. */
  readonly add?: { readonly to: string; readonly label: string };
  readonly columns: ReadonlyArray<Column<Row>>;
  /** Each row's edit, commands and delete; none for a list that only shows (an agency's own users). */
  readonly buttons?: (row: Row) => RowButtons;
  /** For a role that may only read the records: no add, no ticks, no bulk actions; each row opens for viewing. */
  readonly readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const rows = useSelector(actor, (snapshot) => pageRows(snapshot.context));
  const matching = useSelector(actor, (snapshot) => matchingCount(snapshot.context));
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const page = useSelector(actor, (snapshot) => shownPage(snapshot.context));
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const report = useSelector(actor, (snapshot) => snapshot.context.report);
  const hasActiveFlag = useSelector(actor, (snapshot) => snapshot.context.defaults.filterNames.includes(ACTIVE_FILTER));
  const choiceFilters = useSelector(actor, (snapshot) => snapshot.context.source.view.choiceFilters ?? []);
  const allRows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const rowTitle = useSelector(actor, (snapshot) => snapshot.context.source.view.title);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const exporting = useSelector(actor, (snapshot) => snapshot.matches("exporting"));
  const canPrevious = useSelector(actor, (snapshot) => snapshot.can({ type: "page.go", page: shownPage(snapshot.context) - 1 }));
  const canNext = useSelector(actor, (snapshot) => snapshot.can({ type: "page.go", page: shownPage(snapshot.context) + 1 }));
  const pages = pagesOf(matching, query.pageSize);

  const actionsColumn = (rowButtons: (row: Row) => RowButtons): Column<Row> => ({
    header: t("actions.column"),
    narrow: true,
    cell: (row) => {
      const { edit, deleteTitle, commands = [], menu, viewOnly = false } = rowButtons(row);
      const links = menu === undefined ? null : <LinksMenu label={menu.label} links={menu.links} />;
      if (readOnly) return <RowActions actions={[{ kind: "view", to: edit }]} before={links} />;
      return (
        <RowActions
          before={links}
          disabled={processing}
          actions={[
            { kind: viewOnly ? "view" : "edit", to: edit },
            ...commands.map((command) => ({
              kind: command.kind,
              onClick: () =>
                actor.send({ type: "row.command", command: command.command, id: row.id, title: command.title }),
            })),
            ...(deleteTitle === null ? [] : [{ kind: "delete" as const, onClick: () => actor.send({ type: "row.delete", id: row.id, title: deleteTitle }) }]),
          ]}
        />
      );
    },
  });

  return (
    <>
      <PageTitle title={title} add={readOnly ? undefined : add} />
      <ListToolbar
        id={id}
        search={query.q}
        onSearch={(text) => actor.send({ type: "search.change", text })}
        hint={t("table.searchHint")}
        exporting={exporting}
        onExport={(format) => actor.send({ type: "list.export", format })}
        filters={
          <>
          {choiceFilters.map((filter) => (
            <ListFilter
              key={filter.name}
              id={`${id}-${filter.name}`}
              label={t(filter.label)}
              value={query.filters[filter.name] ?? ""}
              options={[{ value: "", label: t("table.allItems") }, ...choiceFilterOptions(allRows, filter)]}
              onChange={(value) => actor.send({ type: "filter.change", name: filter.name, value })}
            />
          ))}
          {hasActiveFlag && (
            <ListFilter
              id={`${id}-active`}
              label={t("table.activeFilter")}
              value={query.filters[ACTIVE_FILTER] ?? ""}
              options={[
                { value: "", label: t("table.allStates") },
                { value: "yes", label: t("table.onlyActive") },
                { value: "no", label: t("table.onlyInactive") },
              ]}
              onChange={(value) => actor.send({ type: "filter.change", name: ACTIVE_FILTER, value })}
            />
          )}
          </>
        }
      />
      <ErrorBanner message={error} />
      <BulkReportBanner report={report} />
      <BulkBar count={readOnly || buttons === undefined ? 0 : selected.length}>
        {hasActiveFlag && (
          <>
            <button type="button" className="secondary" disabled={processing} onClick={() => actor.send({ type: "bulk.activate" })}>
              {t("table.bulkActivate")}
            </button>
            <button type="button" className="secondary" disabled={processing} onClick={() => actor.send({ type: "bulk.deactivate" })}>
              {t("table.bulkDeactivate")}
            </button>
          </>
        )}
        <button type="button" className="bulk-delete" disabled={processing} onClick={() => actor.send({ type: "bulk.delete" })}>
          {t("table.bulkDelete")}
        </button>
      </BulkBar>
      {fetching ? (
        <Spinner />
      ) : (
        // a list that could not load shows its reason, not "no records yet" under it
        !(error !== null && rows.length === 0) && (
        <>
          <DataTable
            caption={title}
            columns={buttons === undefined ? columns : [...columns, actionsColumn(buttons)]}
            rows={rows}
            empty={t("table.empty")}
            sort={{
              column: query.sort,
              direction: query.direction,
              onSort: (column) => actor.send({ type: "sort.toggle", column }),
            }}
            selection={readOnly || buttons === undefined ? undefined : {
              selected,
              disabled: processing,
              label: (row) => t("table.selectRow", { name: rowTitle(row) }),
              onSelect: (row, ticked) => actor.send({ type: "row.select", id: row.id, selected: ticked }),
              onSelectPage: (ticked) => actor.send({ type: "page.select", selected: ticked }),
            }}
          />
          <Pager
            label={t("table.pager")}
            page={page}
            pages={pages}
            total={t("table.total", { count: matching })}
            canPrevious={canPrevious}
            canNext={canNext}
            onPrevious={() => actor.send({ type: "page.go", page: page - 1 })}
            onNext={() => actor.send({ type: "page.go", page: page + 1 })}
            onPage={(number) => actor.send({ type: "page.go", page: number })}
            pageSize={query.pageSize}
            onPageSize={(pageSize) => actor.send({ type: "pageSize.change", pageSize })}
          />
        </>
        )
      )}
    </>
  );
}
