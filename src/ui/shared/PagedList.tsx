import { useSelector } from "@xstate/react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { fromPromise } from "xstate";
import { type ListQueryDefaults, pagesOf, parseListQuery } from "../../machines/shared/listQuery.ts";
import {
  type BulkCommandName,
  type BulkQuestion,
  type CommandAnswer,
  type CommandConfirmation,
  type DeleteConfirmation,
  EXPORT_MAX,
  type ExportRequest,
  exportsAll,
  hasPage,
  type PagedListEvent,
  type PagedListMachine,
} from "../../machines/shared/pagedList.machine.ts";
import type { Change } from "../../api/changes.ts";
import { useChanges } from "./changes.ts";
import { useServices } from "./context.ts";
import { type Column, DataTable } from "./DataTable.tsx";
import { useRowsDrawnApart } from "./rowsDrawnApart.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { publishQuery, useQueryFromAddress } from "./listAddress.ts";
import { BulkBar, BulkReportBanner, ListFilter, ListToolbar } from "./ListControls.tsx";
import { Pager } from "./Pager.tsx";
import { Spinner } from "./Spinner.tsx";
import { type ExportTable, exportColumns } from "./exportColumns.ts";
import { useFlowActor } from "./useFlow.ts";
import { useOnChange } from "./useOnChange.ts";

/**
 * A filter a list declares: a select of choices (the first, "all", is the empty value), a tick
 * box that is "1" when ticked, a month or a day. Its control always shows what the address says, also after Back
 * and reload and before the choices have arrived (a controlled control, not a default value).
 */
export type PagedFilter =
  | { readonly kind: "select"; readonly name: string; readonly label: string; readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }> }
  | { readonly kind: "check"; readonly name: string; readonly label: string }
  /** A month, `YYYY-MM`, or a day, `YYYY-MM-DD`; empty for no bound. */
  | { readonly kind: "month" | "date"; readonly name: string; readonly label: string };

/** A select filter: first the empty value, every row (`all`), then `choices`. */
export const selectFilter = (name: string, label: string, all: string, choices: ReadonlyArray<{ readonly value: string; readonly label: string }>): PagedFilter => ({
  kind: "select",
  name,
  label,
  options: [{ value: "", label: all }, ...choices],
});

/** What a row's buttons send: its delete, or one of its commands. */
export type RowCommandEvent = Extract<PagedListEvent, { readonly type: "row.delete" | "row.command" }>;

/** What one list declares besides its machine: its columns (with sort keys and typed cells), filters, texts and live changes. */
export interface PagedListProps<Row extends { readonly id: number }, Scope, Extras> {
  readonly machine: PagedListMachine<Row, Scope, Extras>;
  readonly defaults: ListQueryDefaults;
  readonly scope: Scope;
  /** The list's name in element ids (`reservations`, `passengers`). */
  readonly id: string;
  /** The table's caption and the exported file's name. */
  readonly title: string;
  readonly columns: ReadonlyArray<Column<Row>>;
  readonly filters: (extras: Extras | null) => ReadonlyArray<PagedFilter>;
  readonly searchHint: string;
  readonly empty: string;
  /** The pager's total; `atLeast` when the server counted only up to a cap ("more than N"). */
  readonly totalText: (count: number, atLeast: boolean) => string;
  /** What the toolbar says when the query selects too many rows to export at once; nothing when absent. */
  readonly exportLimitText?: (max: number) => string;
  /** Bumped by the screen when it changed a row itself (a row's own action): the page is fetched again. */
  readonly reloads?: number;
  readonly pagerLabel: string;
  /** How a row's tick box is named (the row's title); without it the list has no ticks and no bulk bar. */
  readonly rowTitle?: (row: Row) => string;
  /** Which live changes concern the list's rows: the page is fetched again. */
  readonly changes: (change: Change) => boolean;
  /** The declared commands the user may send for the ticked rows (the list's machine declares what each sends), and their dialog. */
  readonly bulk?: {
    readonly commands: ReadonlyArray<{ readonly command: BulkCommandName; readonly label: string; readonly disabled?: boolean; readonly className?: string }>;
    readonly ask: ReturnType<typeof fromPromise<string | null, BulkQuestion>>;
    /** Controls drawn in the bulk bar before the commands (the agent the ticked leads go to), from the filters' choices. */
    readonly controls?: (extras: Extras | null) => ReactNode;
  };
  /**
   * Each row's own commands (a record list's edit, delete, temporary password): the column of
   * their buttons (last, never exported), their dialogs and the toast of the server's answer.
   */
  readonly rowCommands?: {
    readonly column: (send: (event: RowCommandEvent) => void, busy: boolean) => Column<Row>;
    readonly confirmDelete: ReturnType<typeof fromPromise<boolean, DeleteConfirmation>>;
    readonly confirmCommand: ReturnType<typeof fromPromise<CommandAnswer, CommandConfirmation>>;
    readonly notify: (_: unknown, params: { readonly message: string }) => void;
  };
}

/**
 * The one list component of the panel (the records paged on the server, and the catalogues, users
 * and destinations read whole: src/ui/shared/recordListProps.tsx): the search, the declared
 * filters and the export above, the red banner, the bulk bar of the ticked rows, the table with
 * sortable headers, tick boxes and each row's commands, and the pager. It runs the list's machine (src/machines/shared/pagedList.machine.ts),
 * keeps its query in the address and saves the export with the declared columns.
 */
export function PagedList<Row extends { readonly id: number }, Scope, Extras>(props: PagedListProps<Row, Scope, Extras>) {
  const {
    machine,
    defaults,
    scope,
    id,
    title,
    columns,
    filters,
    searchHint,
    empty,
    totalText,
    exportLimitText,
    reloads,
    pagerLabel,
    rowTitle,
    changes,
    bulk,
    rowCommands,
  } = props;
  const { t } = useTranslation();
  const { client } = useServices();
  const search = useSearch();
  // the export writes the columns as they are declared when it saves (the language may have changed)
  const exportTable = useRef<ExportTable<Row>>({ title, columns: [] });
  exportTable.current = { title, columns: exportColumns(columns) };
  const [logic] = useState(() =>
    machine.provide({
      actions: { publishQuery: publishQuery(defaults), ...(rowCommands === undefined ? {} : { notify: rowCommands.notify }) },
      actors: {
        // the writing of CSV and XLSX is fetched when an export is asked for (decision 081)
        saveExport: fromPromise<void, ExportRequest<Row>>(({ input }) =>
          import("./tableExport.ts").then(({ saveTable }) => saveTable(exportTable.current, input.rows, input.format)),
        ),
        ...(bulk === undefined ? {} : { askBulk: bulk.ask }),
        ...(rowCommands === undefined ? {} : { confirmDelete: rowCommands.confirmDelete, confirmCommand: rowCommands.confirmCommand }),
      },
    }),
  );
  const [initial] = useState(() => parseListQuery(search, defaults));
  const actor = useFlowActor(logic, { input: { client, query: initial, scope } });
  useQueryFromAddress(actor, search, defaults);
  useChanges(changes, () => actor.send({ type: "list.changed" }));
  useOnChange(reloads, () => actor.send({ type: "list.changed" }));
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const totalIsAtLeast = useSelector(actor, (snapshot) => snapshot.context.totalIsAtLeast);
  const canNext = useSelector(actor, (snapshot) => hasPage(snapshot.context, snapshot.context.query.page + 1));
  const extras = useSelector(actor, (snapshot) => snapshot.context.extras);
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("loading"));
  const exporting = useSelector(actor, (snapshot) => snapshot.hasTag("exporting"));
  const failed = useSelector(actor, (snapshot) => snapshot.hasTag("failed"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const report = useSelector(actor, (snapshot) => snapshot.context.report);
  const changedMeanwhile = useSelector(actor, (snapshot) => snapshot.context.changedMeanwhile);
  const { shown: shownRows, drawing } = useRowsDrawnApart(rows);
  // rows in view that are not the page asked for: the next page loads, its rows are not drawn yet,
  // or it is fetched once an export or a command is done (a change heard, a page asked meanwhile)
  const stale = shownRows.length > 0 && (loading || changedMeanwhile || shownRows !== rows);
  const pages = Math.max(pagesOf(total, query.pageSize), query.page);
  const allExportable = exportsAll({ total, totalIsAtLeast });
  const selectedIds = selected.map((row) => row.id);

  return (
    // the rows in view stay until the next page is drawn, dimmed and announced as busy, so none is read as the new page's
    <div className={`paged-list ${id}-list`} aria-busy={stale}>
      <ListToolbar
        id={id}
        search={query.q}
        onSearch={(text) => actor.send({ type: "search.change", text })}
        onSubmit={() => actor.send({ type: "search.submit" })}
        hint={searchHint}
        exporting={exporting}
        // pressed while a page reloads or a search waits, an export is made once the page is in (decision 112)
        canExport={total > 0 && allExportable && !failed}
        onExport={(format) => actor.send({ type: "list.export", format })}
        filters={filters(extras).map((filter) =>
          filter.kind === "select" ? (
            <ListFilter
              key={filter.name}
              id={`${id}-${filter.name}`}
              label={filter.label}
              value={query.filters[filter.name] ?? ""}
              // the address's choice shows even before the choices arrive
              options={
                filter.options.some((option) => option.value === (query.filters[filter.name] ?? ""))
                  ? filter.options
                  : [...filter.options, { value: query.filters[filter.name] ?? "", label: "…" }]
              }
              onChange={(value) => actor.send({ type: "filter.change", name: filter.name, value })}
            />
          ) : filter.kind === "month" || filter.kind === "date" ? (
            <div key={filter.name} className={filter.kind === "date" ? "list-filter list-date" : "list-filter"}>
              <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
              <input
                id={`${id}-${filter.name}`}
                type={filter.kind}
                value={query.filters[filter.name] ?? ""}
                onChange={(event) => actor.send({ type: "filter.change", name: filter.name, value: event.target.value })}
              />
            </div>
          ) : (
            <label key={filter.name} className="checkbox-filter">
              <input
                type="checkbox"
                name={filter.name}
                checked={query.filters[filter.name] === "1"}
                onChange={(event) => actor.send({ type: "filter.change", name: filter.name, value: event.target.checked ? "1" : "" })}
              />
              {filter.label}
            </label>
          ),
        )}
      />
      {exportLimitText !== undefined && !allExportable && !loading && !processing && <p className="list-note">{exportLimitText(EXPORT_MAX)}</p>}
      <ErrorBanner message={error} />
      <BulkReportBanner report={report} />
      {rowTitle !== undefined && (
        <BulkBar count={selected.length}>
          {bulk?.controls?.(extras)}
          {bulk?.commands.map(({ command, label, disabled, className }) => (
            <button
              key={command}
              type="button"
              className={className}
              disabled={exporting || processing || failed || disabled === true}
              aria-busy={processing}
              onClick={() => actor.send({ type: "bulk.ask", command })}
            >
              {label}
            </button>
          ))}
          <button type="button" className="secondary" disabled={exporting || failed} onClick={() => actor.send({ type: "list.export", format: "xlsx", ticked: true })}>
            {t("table.exportSelectedXlsx")}
          </button>
          <button type="button" className="secondary" disabled={exporting || failed} onClick={() => actor.send({ type: "list.export", format: "csv", ticked: true })}>
            {t("table.exportSelectedCsv")}
          </button>
          <button type="button" className="secondary outline" disabled={processing} onClick={() => actor.send({ type: "selection.clear" })}>
            {t("table.clearSelection")}
          </button>
        </BulkBar>
      )}
      {failed ? (
        <button type="button" onClick={() => actor.send({ type: "retry" })}>
          {t("table.retry")}
        </button>
      ) : (loading && rows.length === 0) || drawing ? (
        <Spinner />
      ) : (
        <>
          <DataTable
            caption={title}
            columns={rowCommands === undefined ? columns : [...columns, rowCommands.column((event) => actor.send(event), processing)]}
            rows={shownRows}
            empty={empty}
            sort={{ column: query.sort, direction: query.direction, onSort: (column) => actor.send({ type: "sort.toggle", column }) }}
            {...(rowTitle === undefined
              ? {}
              : {
                  selection: {
                    selected: selectedIds,
                    disabled: processing,
                    label: (row: Row) => t("table.selectRow", { name: rowTitle(row) }),
                    onSelect: (row: Row, ticked: boolean) => actor.send({ type: "row.select", id: row.id, selected: ticked }),
                    onSelectPage: (ticked: boolean) => actor.send({ type: "page.select", selected: ticked }),
                  },
                })}
          />
          {total > 0 && (
            <Pager
              label={pagerLabel}
              page={query.page}
              pages={pages}
              total={totalText(total, totalIsAtLeast)}
              canPrevious={query.page > 1}
              canNext={canNext}
              onPrevious={() => actor.send({ type: "page.go", page: query.page - 1 })}
              onNext={() => actor.send({ type: "page.go", page: query.page + 1 })}
              onPage={(page) => actor.send({ type: "page.go", page })}
              pageSize={query.pageSize}
              onPageSize={(pageSize) => actor.send({ type: "pageSize.change", pageSize })}
              busy={loading}
            />
          )}
        </>
      )}
    </div>
  );
}
